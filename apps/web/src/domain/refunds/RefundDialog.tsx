import { useState, type FormEvent } from 'react';
import {
  REFUND_MESSAGES,
  REFUND_REASON_LABELS,
  REFUND_REASONS,
  REFUND_RECOVERY_LABELS,
  type RefundReason,
  type RefundRecoveryChoice,
  type RefundSummary,
} from '@ute/contract';
import { Button, Field, fieldClass, Modal, Spinner } from '../../components/ui';
import { formatCentsAud, formatDateTime } from '../../lib/format';
import { errorText } from '../../lib/toast';
import { isTwoFactorRequired, SecurityPageLink } from '../../lib/twoFactorRequired';
import { amountError, centsOfDollars, dollarsOfCents, recoveryOptions, refundPreview } from './refundView';
import { useCreateRefund, useRefundSummary, type RefundTarget } from './refundsApi';

/**
 * Refund (Stripe payments) or Record refund (manual payments): the amount (what is left to refund,
 * at first), a reason from the fixed list and a note, the bank transfer's reference for a manual
 * payment, how the owner's share is recovered when the owner was already paid, and what the refund
 * takes from the fee, its GST and the owner. The call is a step-up: the api asks for a code in place.
 */
export function RefundDialog({ target, onClose }: { target: RefundTarget | null; onClose: () => void }) {
  const summary = useRefundSummary(target);
  const title = summary.data && !summary.data.payment.isStripe ? 'Record refund' : 'Refund';
  return (
    <Modal open={target !== null} onOpenChange={(open) => !open && onClose()} title={title} size="md">
      {summary.isPending ? (
        <Spinner label="Loading the payment" />
      ) : summary.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(summary.error)}
          {isTwoFactorRequired(summary.error) && (
            <>
              {' '}
              <SecurityPageLink />
            </>
          )}
        </p>
      ) : (
        // Keyed by the payment: a new target starts a new request (a new key) with its own defaults.
        <RefundForm key={summary.data.payment.id} summary={summary.data} onClose={onClose} />
      )}
    </Modal>
  );
}

function RefundForm({ summary, onClose }: { summary: RefundSummary; onClose: () => void }) {
  const { payment, booking } = summary;
  // One key per refund the admin starts: a repeat of the same click (a retry, the step-up's resend) is the same refund.
  const [requestKey] = useState(() => crypto.randomUUID());
  const [amount, setAmount] = useState(dollarsOfCents(summary.remainingCents));
  const [reason, setReason] = useState<RefundReason>('requested_by_customer');
  const [note, setNote] = useState('');
  const [bankReference, setBankReference] = useState('');
  const [recovery, setRecovery] = useState<RefundRecoveryChoice | null>(null);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateRefund({ onSuccess: onClose });

  const amountCents = centsOfDollars(amount) ?? 0;
  const preview = amountCents > 0 ? refundPreview(summary, amountCents, recovery) : [];
  const options = summary.isOwnerPaid ? recoveryOptions(summary, amountCents) : [];

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const invalid =
      amountError(amount, summary.remainingCents) ??
      (!payment.isStripe && !bankReference.trim() ? REFUND_MESSAGES.bankReferenceFormRequired : null) ??
      (summary.isOwnerPaid && !recovery ? REFUND_MESSAGES.recoveryFormRequired : null);
    setError(invalid);
    if (invalid) return;
    create.mutate({
      paymentId: payment.id,
      version: payment.version,
      body: {
        amountCents,
        reason,
        requestKey,
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(payment.isStripe ? {} : { bankReference: bankReference.trim() }),
        ...(summary.isOwnerPaid && recovery ? { recovery } : {}),
      },
    });
  };

  if (summary.remainingCents <= 0) {
    return (
      <div className="flex flex-col gap-4 text-sm">
        <p>{REFUND_MESSAGES.fullyRefunded}</p>
        <RefundHistory summary={summary} />
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4 text-sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-medium text-slate-700">Paid by</dt>
        <dd>
          {payment.paymentBy} · {formatCentsAud(payment.amountCents)} {payment.isStripe ? '(Stripe)' : '(bank transfer)'}
        </dd>
        <dt className="font-medium text-slate-700">Booking</dt>
        <dd>{booking ? `${booking.reference}${booking.ownerName ? ` · owner ${booking.ownerName}` : ''}` : 'No booking found for this payment'}</dd>
        <dt className="font-medium text-slate-700">Refunded so far</dt>
        <dd>
          {formatCentsAud(summary.refundedCents)} · {formatCentsAud(summary.remainingCents)} left
        </dd>
      </dl>
      <Field label="Amount (A$)">
        {(id) => <input id={id} inputMode="decimal" className={fieldClass} value={amount} onChange={(event) => setAmount(event.target.value)} />}
      </Field>
      <Field label="Reason">
        {(id) => (
          <select id={id} className={fieldClass} value={reason} onChange={(event) => setReason(event.target.value as RefundReason)}>
            {REFUND_REASONS.map((value) => (
              <option key={value} value={value}>
                {REFUND_REASON_LABELS[value]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Note (optional)">
        {(id) => <textarea id={id} rows={2} maxLength={500} className={fieldClass} value={note} onChange={(event) => setNote(event.target.value)} />}
      </Field>
      {!payment.isStripe && (
        <Field label="Bank transfer reference">
          {(id) => <input id={id} maxLength={100} className={fieldClass} value={bankReference} onChange={(event) => setBankReference(event.target.value)} />}
        </Field>
      )}
      {summary.isOwnerPaid && (
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 font-medium text-slate-800">The owner was already paid: recover their share by</legend>
          {options.map((option) => (
            <label key={option.value} className={`flex items-start gap-2 ${option.disabledReason ? 'text-slate-500' : ''}`}>
              <input
                type="radio"
                name="recovery"
                value={option.value}
                checked={recovery === option.value}
                disabled={option.disabledReason !== null}
                onChange={() => setRecovery(option.value)}
                className="mt-1"
              />
              <span>
                {option.label}
                {option.disabledReason && <span className="block text-xs">{option.disabledReason}</span>}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {preview.length > 0 && (
        <dl aria-label="What the refund takes" className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md bg-slate-50 p-3">
          {preview.map((row) => (
            <div key={row.label} className="contents">
              <dt className="font-medium text-slate-700">{row.label}</dt>
              <dd className="text-slate-900">{row.value}</dd>
            </div>
          ))}
        </dl>
      )}
      <RefundHistory summary={summary} />
      {error && (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Processing...' : payment.isStripe ? `Refund ${amountCents > 0 ? formatCentsAud(amountCents) : ''}`.trim() : 'Record refund'}
        </Button>
      </div>
    </form>
  );
}

/** The payment's earlier refunds, when it has some. */
function RefundHistory({ summary }: { summary: RefundSummary }) {
  if (summary.refunds.length === 0) return null;
  return (
    <div>
      <p className="mb-1 font-medium text-slate-800">Earlier refunds</p>
      <ul className="flex flex-col gap-1 text-slate-700">
        {summary.refunds.map((refund) => (
          <li key={refund.id}>
            {formatDateTime(refund.createdAt)} · {formatCentsAud(refund.amountCents)} · {refund.status} · {REFUND_RECOVERY_LABELS[refund.recovery]}
          </li>
        ))}
      </ul>
    </div>
  );
}
