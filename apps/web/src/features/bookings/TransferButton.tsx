import { useId } from 'react';
import { canTransferBooking } from '@ute/contract';
import { Button } from '../../components/ui';

/**
 * Transfer is enabled only when the booking is delivered and not transferred (docs/product.md), and
 * its owner can be paid: while finance holds their payouts or Stripe says their account cannot be
 * paid, the button is disabled and says why beneath it, in the words the api would refuse with.
 */
export function TransferButton({
  booking,
  isPending,
  disabled = false,
  onTransfer,
}: {
  booking: { status: string; isTransfered: boolean; payoutBlockedReason?: string | null };
  isPending: boolean;
  disabled?: boolean;
  onTransfer: () => void;
}) {
  const reasonId = useId();
  const blockedReason = canTransferBooking(booking) ? (booking.payoutBlockedReason ?? null) : null;
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Button
        size="sm"
        disabled={disabled || isPending || !canTransferBooking(booking) || blockedReason !== null}
        aria-describedby={blockedReason ? reasonId : undefined}
        onClick={onTransfer}
      >
        {isPending ? 'Processing...' : 'Transfer'}
      </Button>
      {blockedReason && (
        <span id={reasonId} className="max-w-56 text-xs text-red-700">
          {blockedReason}
        </span>
      )}
    </span>
  );
}
