import { useState, type FormEvent } from 'react';
import { REFUND_MESSAGES, REFUND_RECOVERY_CHOICES, REFUND_RECOVERY_LABELS, type Refund, type RefundRecoveryChoice } from '@ute/contract';
import { Button, Modal } from '../../components/ui';
import { formatCentsAud } from '../../lib/format';
import { useChooseRecovery } from './api';

/**
 * Choose recovery: a refund made in Stripe's dashboard after the owner was paid has its owner share
 * parked as a platform expense; finance says how it is recovered (a step-up), and the api writes the
 * correcting journal (and reverses the transfer when asked).
 */
export function ChooseRecoveryDialog({ refund, onClose }: { refund: Refund | null; onClose: () => void }) {
  const [recovery, setRecovery] = useState<RefundRecoveryChoice | null>(null);
  const [error, setError] = useState<string | null>(null);
  const choose = useChooseRecovery({ onSuccess: onClose });

  const close = () => {
    setRecovery(null);
    setError(null);
    onClose();
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!refund) return;
    if (!recovery) {
      setError(REFUND_MESSAGES.recoveryFormRequired);
      return;
    }
    choose.mutate({ refundId: refund.id, version: refund.version, recovery });
  };

  return (
    <Modal open={refund !== null} onOpenChange={(open) => !open && !choose.isPending && close()} title="Choose recovery" size="sm">
      {refund && (
        <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4 text-sm">
          <p>
            {formatCentsAud(refund.amountCents)} refunded to {refund.customerName ?? 'the customer'}
            {refund.bookingReference ? ` for ${refund.bookingReference}` : ''}. The owner&apos;s share of {formatCentsAud(refund.ownerCents ?? 0)} is carried by
            the platform until you choose.
          </p>
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 font-medium text-slate-800">Recover the owner&apos;s share by</legend>
            {REFUND_RECOVERY_CHOICES.map((value) => (
              <label key={value} className="flex items-start gap-2">
                <input type="radio" name="recovery" value={value} checked={recovery === value} onChange={() => setRecovery(value)} className="mt-1" />
                <span>{REFUND_RECOVERY_LABELS[value]}</span>
              </label>
            ))}
          </fieldset>
          {error && (
            <p role="alert" className="text-red-700">
              {error}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close} disabled={choose.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={choose.isPending}>
              {choose.isPending ? 'Processing...' : 'Save'}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
