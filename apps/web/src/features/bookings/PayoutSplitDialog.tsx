import type { BookingKind, PayoutSplit } from '@ute/contract';
import { Modal, Spinner } from '../../components/ui';
import { formatCentsAud } from '../../lib/format';
import { errorText } from '../../lib/toast';
import { TaxInvoiceButton } from '../../domain';
import { usePayoutSplit } from './api';

/**
 * A delivered booking's split as the ledger took it (docs/design.md §9.3): the customer's gross,
 * the platform's fee (GST inclusive), the GST in it, and the owner's net. With no fee the booking
 * amount is the owner's net: said once, not twice (as in the Manual Payment dialog).
 */
export function splitRowsOf(split: PayoutSplit): { label: string; value: string }[] {
  return [
    ...(split.feeCents !== 0 ? [{ label: 'Booking amount', value: formatCentsAud(split.grossCents) }] : []),
    { label: 'Platform fee (incl. GST)', value: formatCentsAud(split.feeCents) },
    { label: 'GST in fee', value: formatCentsAud(split.gstCents) },
  ];
}

/** The rows of a split, as terms and definitions inside a `<dl>`. */
export function SplitRows({ rows }: { rows: { label: string; value: string }[] }) {
  return rows.map((row) => (
    <div key={row.label} className="contents">
      <dt className="font-medium text-slate-700">{row.label}</dt>
      <dd className="text-slate-900">{row.value}</dd>
    </div>
  ));
}

export interface PayoutSplitTarget {
  bookingId: string;
  /** The booking's reference (UB-…, JB-…), for the title. */
  reference: string;
}

/** 'Payout split' of a delivered booking, opened from its row: what a Stripe transfer sends, before it is pressed. */
export function PayoutSplitDialog({ kind, target, onClose }: { kind: BookingKind; target: PayoutSplitTarget | null; onClose: () => void }) {
  const split = usePayoutSplit(kind, target?.bookingId ?? null);
  return (
    <Modal open={target !== null} onOpenChange={(open) => !open && onClose()} title={`Payout split of ${target?.reference ?? ''}`} size="sm">
      {split.isPending && target ? (
        <Spinner label="Loading the split" />
      ) : split.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(split.error)}
        </p>
      ) : (
        split.data && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <SplitRows rows={splitRowsOf(split.data)} />
            <dt className="font-medium text-slate-700">Owner&apos;s net</dt>
            <dd className="font-semibold text-slate-900">{formatCentsAud(split.data.netCents)}</dd>
          </dl>
        )
      )}
      {split.data && split.data.feeCents > 0 && target && (
        <div className="mt-4 flex justify-end">
          <TaxInvoiceButton kind={kind} bookingId={target.bookingId} reference={target.reference} />
        </div>
      )}
    </Modal>
  );
}
