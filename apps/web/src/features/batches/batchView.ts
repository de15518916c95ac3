import { BATCH_MESSAGES, type PayoutBatch, type PayoutBatchCredit, type PayoutBatchStatus } from '@ute/contract';
import type { BadgeTone } from '../../components/ui';

/** A batch's colour: waiting for its checker yellow, released blue, paid green, cancelled grey. */
export const BATCH_STATUS_TONES: Record<PayoutBatchStatus, BadgeTone> = { prepared: 'yellow', approved: 'blue', paid: 'green', cancelled: 'grey' };

/** A credit's colour: in the file blue, paid green, returned by the bank red, out of a cancelled batch grey. */
export const CREDIT_STATUS_TONES: Record<PayoutBatchCredit['status'], BadgeTone> = { included: 'blue', paid: 'green', returned: 'red', cancelled: 'grey' };

/**
 * Why this admin cannot approve the batch (maker-checker), or null when they can: the preparer never may,
 * whatever their roles (the api answers 403 and the database refuses it too).
 */
export function approveBlockedReason(batch: Pick<PayoutBatch, 'status' | 'preparedById'>, adminId: string | undefined): string | null {
  if (batch.status !== 'prepared') return null;
  return batch.preparedById === adminId ? BATCH_MESSAGES.preparerCannotApprove : null;
}

/** Which steps a batch in this status offers. */
export const batchSteps = (status: PayoutBatchStatus) => ({
  canApprove: status === 'prepared',
  canDownload: status === 'approved' || status === 'paid',
  canMarkPaid: status === 'approved',
  canCancel: status === 'prepared' || status === 'approved',
  canReturn: status === 'approved' || status === 'paid',
});

/** A credit the bank can still return: in an approved batch (not yet paid) or a paid one. */
export const isReturnable = (credit: Pick<PayoutBatchCredit, 'status'>) => credit.status === 'included' || credit.status === 'paid';

/** "2 bookings" / "1 booking". */
export const bookingCountText = (count: number) => `${count} ${count === 1 ? 'booking' : 'bookings'}`;
