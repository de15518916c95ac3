import type { BulkOutcome } from '../../lib/useBulkAction';
import { Button } from './Button';
import { Modal } from './Modal';

/** Each picked row's result of a bulk action: done, or skipped and why, named as the list names it. */
export function BulkResultsDialog({ outcome, onClose }: { outcome: BulkOutcome | null; onClose: () => void }) {
  const response = outcome?.response;
  return (
    <Modal
      open={outcome !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`${outcome?.action ?? ''}: ${response?.done ?? 0} done, ${response?.skipped ?? 0} skipped`}
      size="md"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <ul className="flex flex-col divide-y divide-slate-100 text-sm" aria-label="Results">
        {response?.results.map((result) => (
          <li key={result.id} className="flex items-start justify-between gap-3 py-2">
            <span className="font-medium text-slate-900">{outcome?.names[result.id] ?? result.id}</span>
            <span className={result.outcome === 'done' ? 'text-green-800' : 'text-amber-800'}>
              {result.outcome === 'done' ? 'Done' : `Skipped: ${result.message}`}
            </span>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
