import { Pencil, Trash2 } from 'lucide-react';
import { Button } from './Button';

/** The edit and delete icon buttons of a content row; `editLabel`/`deleteLabel` are their accessible names. */
export function EditDeleteActions({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
}: {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="flex gap-1">
      <Button variant="ghost" size="sm" aria-label={editLabel} title="Edit" onClick={onEdit}>
        <Pencil className="h-4 w-4" aria-hidden="true" />
      </Button>
      <Button variant="ghost" size="sm" className="text-red-700" aria-label={deleteLabel} title="Delete" onClick={onDelete}>
        <Trash2 className="h-4 w-4" aria-hidden="true" />
      </Button>
    </div>
  );
}
