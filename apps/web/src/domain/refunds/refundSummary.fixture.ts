import type { RefundSummary } from '@ute/contract';

type RefundBooking = NonNullable<RefundSummary['booking']>;

/** The booking of refundSummaryFixture: delivered, its owner not yet paid. */
export const refundBookingFixture = (overrides: Partial<RefundBooking> = {}): RefundBooking => ({
  kind: 'ute',
  id: 'b1',
  reference: 'UB-0001',
  ownerId: 'o1',
  ownerName: 'Owen Owner',
  status: 'delivered',
  transferState: 'none',
  payoutMethod: null,
  reversibleCents: 0,
  ...overrides,
});

/** A Stripe payment's refund summary for the refund tests: $200 paid, nothing refunded, the owner not yet paid. */
export const refundSummaryFixture = (overrides: Partial<RefundSummary> = {}): RefundSummary => ({
  payment: {
    id: 'p1',
    amountCents: 20_000,
    isStripe: true,
    isJob: false,
    status: 'succeeded',
    transactionId: 'pi_1',
    paymentBy: 'Cara Customer',
    version: '41',
  },
  booking: refundBookingFixture(),
  split: { grossCents: 20_000, feeCents: 2_000, gstCents: 182 },
  bookedRefundedCents: 0,
  refundedCents: 0,
  remainingCents: 20_000,
  isOwnerPaid: false,
  refunds: [],
  ...overrides,
});
