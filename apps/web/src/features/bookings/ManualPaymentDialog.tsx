import type { BookingKind } from '@ute/contract';
import { Button, Modal, Spinner } from '../../components/ui';
import { formatAud, formatCentsAud } from '../../lib/format';
import { errorText } from '../../lib/toast';
import { isTwoFactorRequired, SecurityPageLink } from '../../lib/twoFactorRequired';
import { useBankAccount, useManualTransfer, usePayoutSplit } from './api';
import { SplitRows, splitRowsOf } from './PayoutSplitDialog';

export interface ManualPaymentTarget {
  bookingId: string;
  /** The booking's version as its row showed it: the transfer is refused if a colleague changed it since. */
  version?: string;
  ownerId: string;
  /** Dollars. */
  amount: number;
}

/**
 * 'Manual Payment': the owner's bank details and the amount, so the admin can pay by bank transfer,
 * then record it with Transfer. The amount is the owner's net of the booking's split (the booking's
 * amount less the platform's fee); while the split loads, or when it cannot be had, the booking's amount.
 */
export function ManualPaymentDialog({ kind, target, onClose }: { kind: BookingKind; target: ManualPaymentTarget | null; onClose: () => void }) {
  const bank = useBankAccount(target?.ownerId ?? null);
  const transfer = useManualTransfer(kind, { onSuccess: onClose });
  const account = bank.data?.data;
  const split = usePayoutSplit(kind, target?.bookingId ?? null).data;

  const rows: { label: string; value: string }[] = [
    { label: 'Bank Account Number', value: account?.accountNumber ?? '' },
    { label: 'BSB Number', value: account?.bsbCode ?? '' },
    { label: 'Account Holder Name', value: account?.accountHolderName ?? '' },
    { label: 'Bank Name', value: account?.bankName ?? '' },
  ];

  return (
    <Modal
      open={target !== null}
      onOpenChange={(open) => !open && !transfer.isPending && onClose()}
      title="Manual Payment"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={transfer.isPending}>
            Cancel
          </Button>
          <Button onClick={() => target && transfer.mutate({ id: target.bookingId, version: target.version })} disabled={transfer.isPending || !account}>
            {transfer.isPending ? 'Processing...' : 'Transfer'}
          </Button>
        </>
      }
    >
      {bank.isPending && target ? (
        <Spinner label="Loading bank details" />
      ) : (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {bank.isError && (
            <p role="alert" className="col-span-2 text-red-700">
              {errorText(bank.error)}
              {isTwoFactorRequired(bank.error) && (
                <>
                  {' '}
                  <SecurityPageLink />
                </>
              )}
            </p>
          )}
          {account &&
            rows.map((row) => (
              <div key={row.label} className="contents">
                <dt className="font-medium text-slate-700">{row.label}</dt>
                <dd className="text-slate-900">{row.value}</dd>
              </div>
            ))}
          {split && <SplitRows rows={splitRowsOf(split)} />}
          <dt className="font-medium text-slate-700">Amount to Transfer</dt>
          <dd className="font-semibold text-slate-900">{split ? formatCentsAud(split.netCents) : formatAud(target?.amount)}</dd>
        </dl>
      )}
    </Modal>
  );
}
