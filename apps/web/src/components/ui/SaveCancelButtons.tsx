import { Button } from './Button';

/**
 * The foot of an add/edit form: Cancel, and a submit button saying 'Save' (or 'Update' when
 * editing), 'Saving...' / 'Updating...' while pending. aria-disabled rather than disabled, so the
 * button keeps focus; the form ignores a second submit while one is pending.
 */
export function SaveCancelButtons({ isEditing, isPending, onCancel }: { isEditing: boolean; isPending: boolean; onCancel: () => void }) {
  return (
    <div className="mt-2 flex justify-end gap-2">
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" aria-disabled={isPending || undefined}>
        {isEditing ? (isPending ? 'Updating...' : 'Update') : isPending ? 'Saving...' : 'Save'}
      </Button>
    </div>
  );
}
