import { useState, type FormEvent } from 'react';
import { DISPUTE_LOSS_RECOVERIES, DISPUTE_LOSS_RECOVERY_LABELS, DISPUTE_MESSAGES, formatCentsAud, type DisputeLossRecovery } from '@ute/contract';
import { Button } from '../../components/ui';

/**
 * A lost dispute: its amount waits in disputes_pending until finance says who bears it, the platform
 * (an expense) or the owner (their balance, offset against their next payouts). Once.
 */
export function LossRecoveryForm({
  amountCents,
  hasOwner,
  isPending,
  onChoose,
}: {
  amountCents: number;
  hasOwner: boolean;
  isPending: boolean;
  onChoose: (recovery: DisputeLossRecovery) => void;
}) {
  const [recovery, setRecovery] = useState<DisputeLossRecovery | null>(null);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (recovery && !isPending) onChoose(recovery);
  };
  return (
    <form onSubmit={handleSubmit} aria-label="Recover the loss" className="flex flex-col gap-3 rounded-md border border-red-200 bg-red-50 p-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-900">The dispute is lost: who bears {formatCentsAud(amountCents)}?</legend>
        {DISPUTE_LOSS_RECOVERIES.map((option) => {
          const isDisabled = option === 'owner_balance' && !hasOwner;
          return (
            <label key={option} className={`flex items-center gap-2 text-sm ${isDisabled ? 'text-slate-500' : 'text-slate-800'}`}>
              <input type="radio" name="recovery" value={option} checked={recovery === option} disabled={isDisabled} onChange={() => setRecovery(option)} />
              {DISPUTE_LOSS_RECOVERY_LABELS[option]}
            </label>
          );
        })}
        {!hasOwner && <p className="text-xs text-slate-600">{DISPUTE_MESSAGES.noOwner}</p>}
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" variant="danger" disabled={!recovery || isPending}>
          {isPending ? 'Recording...' : 'Record the loss'}
        </Button>
      </div>
    </form>
  );
}
