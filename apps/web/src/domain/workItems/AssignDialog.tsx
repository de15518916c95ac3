import { useState } from 'react';
import type { MentionableAdmin } from '@ute/contract';
import { Button, Field, fieldClass, Modal } from '../../components/ui';

export interface AssignDialogProps {
  open: boolean;
  /** The row in words ("UTE Hilux 2019"). */
  label: string;
  /** The admins who may hold the item: those whose roles open its list (the api refuses others with 400). */
  admins: readonly MentionableAdmin[];
  isPending: boolean;
  onAssign: (assigneeId: string) => void;
  onClose: () => void;
}

/** "Assign to…": pick a colleague who may open the list. */
export function AssignDialog({ open, label, admins, isPending, onAssign, onClose }: AssignDialogProps) {
  const [assigneeId, setAssigneeId] = useState('');
  const chosen = admins.some((admin) => admin.id === assigneeId) ? assigneeId : '';
  return (
    <Modal
      open={open}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={`Assign ${label}`}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!chosen || isPending} onClick={() => onAssign(chosen)}>
            {isPending ? 'Assigning' : 'Assign'}
          </Button>
        </>
      }
    >
      {admins.length === 0 ? (
        <p className="text-sm text-slate-700">No other admin can open this list.</p>
      ) : (
        <Field label="Admin">
          {(id) => (
            <select id={id} className={fieldClass} value={chosen} onChange={(event) => setAssigneeId(event.target.value)}>
              <option value="">Choose an admin</option>
              {admins.map((admin) => (
                <option key={admin.id} value={admin.id}>
                  {admin.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
    </Modal>
  );
}
