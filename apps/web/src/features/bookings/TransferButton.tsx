import { canTransferBooking } from '@ute/contract';
import { Button } from '../../components/ui';

/** Transfer is enabled only when the booking is delivered and not transferred (docs/product.md). */
export function TransferButton({
  booking,
  isPending,
  disabled = false,
  onTransfer,
}: {
  booking: { status: string; isTransfered: boolean };
  isPending: boolean;
  disabled?: boolean;
  onTransfer: () => void;
}) {
  return (
    <Button size="sm" disabled={disabled || isPending || !canTransferBooking(booking)} onClick={onTransfer}>
      {isPending ? 'Processing...' : 'Transfer'}
    </Button>
  );
}
