import { z } from 'zod';
import {
  createdDayRangeFields,
  listRowIdSchema,
  listUserIdSchema,
  pageNumberSchema,
  pageSizeSchema,
  paginationDataSchema,
  recordVersionSchema,
  searchTextSchema,
  textSchema,
  withCreatedDayRange,
} from './common';
import { workItemListFields, workItemSummarySchema } from './workItems';
import { workQueueFlagSchema } from './workQueues';

export const BOOKING_STATUSES = ['pending', 'accepted', 'dispatched', 'delivered', 'completed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const PAYMENT_KINDS = ['stripe', 'manual'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** Which payout provider the api runs with: Stripe Connect, or the offline ledger (nothing is sent). */
export const PAYOUT_PROVIDERS = ['stripe', 'ledger'] as const;
export type PayoutProviderName = (typeof PAYOUT_PROVIDERS)[number];

export const BOOKING_KINDS = ['ute', 'job'] as const;
export type BookingKind = (typeof BOOKING_KINDS)[number];

/**
 * Transfer is enabled only when the booking is delivered and not transferred (docs/product.md). A booking
 * still 'transferring' keeps it enabled: the api answers 409 while that payout may be in flight, and
 * settles it once it is stale, so a payout whose outcome was lost can be finished without a restart.
 */
export function canTransferBooking(booking: { status: string; isTransfered: boolean }): boolean {
  return booking.status === 'delivered' && !booking.isTransfered;
}

/** What stands between an owner and a payout: finance's hold, and Stripe's word on their connected account. */
export interface OwnerPayoutBlockers {
  holdReason: string | null;
  payoutsEnabled: boolean | null;
  disabledReason: string | null;
}

/**
 * Why Transfer is refused for this owner now, in the words of the refusal (the api's 409 and the
 * booking lists' note beside the button); null when nothing stands in the way. Stripe's account
 * state matters to a Stripe transfer only: a manual payout goes to the owner's bank.
 */
export function payoutBlockedReason(blockers: OwnerPayoutBlockers | null | undefined, { isStripe }: { isStripe: boolean }): string | null {
  if (blockers?.holdReason) return `${PAYOUT_MESSAGES.onHoldPrefix}${blockers.holdReason}`;
  if (isStripe && blockers?.payoutsEnabled === false) return `${PAYOUT_MESSAGES.accountCannotBePaidPrefix}${blockers.disabledReason ?? 'payouts are disabled'}`;
  return null;
}

/** Messages of the payout calls, shared by the api, its tests and the web. */
export const PAYOUT_MESSAGES = {
  stripeTransferred: 'Amount transferred successfully',
  ledgerTransferred: 'Amount recorded in the offline ledger (no money was sent)',
  manualTransferred: 'Manual payment recorded successfully',
  notDelivered: 'This booking is not delivered yet, so it cannot be transferred',
  alreadyTransferred: 'This booking has already been transferred',
  beingTransferred: 'This booking is already being transferred. Please wait for it to finish.',
  notOwner: 'uteOwnerId is not the owner of this booking',
  noStripeAccount: 'The ute owner has no connected Stripe account. Use a manual payment instead.',
  zeroAmount: 'The booking amount must be more than zero to transfer',
  uncertain:
    'The transfer could not be confirmed with Stripe. It stays in progress and will be checked and recorded automatically; do not pay this booking again.',
  refusedPrefix: 'Stripe refused the transfer: ',
  jobBookingDeleted: 'Job booking deleted successfully',
  deleteWhileTransferring: 'This booking is being transferred and cannot be deleted now',
  paymentAccepted: 'Payment accepted successfully',
  paymentAlreadyAccepted: 'This payment has already been accepted',
  onlyManualAccepted: 'Only manual payments can be accepted',
  onHoldPrefix: "Finance has put this owner's payouts on hold: ",
  accountCannotBePaidPrefix: "The owner's Stripe account cannot receive payouts now: ",
  holdSet: 'Payouts to this owner are on hold',
  holdReleased: 'The hold on payouts to this owner is released',
  notOnHold: "This owner's payouts are not on hold",
  holdReasonRequired: 'reason is required (at most 500 characters)',
} as const;

export const addressSchema = z.object({ street: z.string(), state: z.string(), postalCode: z.string() });
export type Address = z.infer<typeof addressSchema>;

/** The texts of the booking lists' own filters. */
export const bookingListTexts = {
  statusInvalid: 'status must be a booking status of at most 40 characters',
} as const;

/** The booking lists' query before its created-day check (exports.ts derives from it). */
export const bookingListFieldsSchema = z.strictObject({
  page: pageNumberSchema.default(1),
  limit: pageSizeSchema('limit').default(10),
  /** The tab: stripe when absent, except with awaitingPayout, which then lists both. */
  payment: z.enum(PAYMENT_KINDS, { error: 'payment must be stripe or manual' }).optional(),
  /** Only the delivered bookings not transferred nor being transferred (the AwaitingPayout work queues). */
  awaitingPayout: workQueueFlagSchema('awaitingPayout'),
  /** Only the row with this id (global search links to it). */
  id: listRowIdSchema,
  /** Only the bookings this user made or received as the ute's owner; both tabs unless one is asked for. */
  userId: listUserIdSchema,
  /** Only the bookings in this status, exactly as stored (BOOKING_STATUSES): Analytics' drill-down, e.g. a day's delivered bookings. */
  status: textSchema('status', { error: bookingListTexts.statusInvalid })
    .trim()
    .min(1, bookingListTexts.statusInvalid)
    .max(40, bookingListTexts.statusInvalid)
    .optional(),
  ...createdDayRangeFields,
  /** The AwaitingPayout queue's items held by me or nobody, and the longest waiting first (docs/design.md §15). */
  ...workItemListFields,
});
export const bookingListQuerySchema = withCreatedDayRange(bookingListFieldsSchema);
export type BookingListQuery = z.infer<typeof bookingListQuerySchema>;

export const uteBookingSchema = z.object({
  _id: z.string(),
  uteBookingId: z.string(),
  bookingBy: z.object({ _id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  uteName: z.string(),
  /** Its place in the uteBookingsAwaitingPayout queue (how long, whose), null when not waiting in it (docs/design.md §15). */
  workItem: workItemSummarySchema.nullable().optional(),
  amount: z.number(),
  actualAmount: z.number().nullable(),
  requestAmount: z.number().nullable(),
  status: z.string(),
  pickupAddress: addressSchema.nullable(),
  dropAddress: addressSchema.nullable(),
  isTransfered: z.boolean(),
  isTransferring: z.boolean(),
  /** Why Transfer would be refused now (a hold, a Stripe account that cannot be paid); null when it would not. */
  payoutBlockedReason: z.string().nullable(),
  transactionId: z.string().nullable(),
  uteBy: z.string(),
  createdAt: z.string(),
  /** Cents refunded or being refunded of its payment (docs/design.md §9.6); absent when none. */
  refundedCents: z.number().optional(),
  /** What a payout or deletion sends back in If-Match (docs/design.md §14); a list's rows carry it. */
  version: recordVersionSchema.optional(),
});
export type UteBooking = z.infer<typeof uteBookingSchema>;

export const jobBookingSchema = z.object({
  _id: z.string(),
  jobBookingId: z.string(),
  jobTitle: z.string(),
  bookingBy: z.object({ _id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  uteOwner: z.object({ _id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  uteName: z.string(),
  /** Its place in the jobBookingsAwaitingPayout queue (how long, whose), null when not waiting in it (docs/design.md §15). */
  workItem: workItemSummarySchema.nullable().optional(),
  amount: z.number(),
  status: z.string(),
  isTransfered: z.boolean(),
  isTransferring: z.boolean(),
  /** Why Transfer would be refused now (a hold, a Stripe account that cannot be paid); null when it would not. */
  payoutBlockedReason: z.string().nullable(),
  transactionId: z.string().nullable(),
  uteBy: z.string(),
  createdAt: z.string(),
  /** Cents refunded or being refunded of its payment (docs/design.md §9.6); absent when none. */
  refundedCents: z.number().optional(),
  /** What a payout or deletion sends back in If-Match (docs/design.md §14); a list's rows carry it. */
  version: recordVersionSchema.optional(),
});
export type JobBooking = z.infer<typeof jobBookingSchema>;

export const uteBookingListResponseSchema = z.object({
  data: z.array(uteBookingSchema),
  totalCount: z.number(),
  paginationData: paginationDataSchema,
  payoutProvider: z.enum(PAYOUT_PROVIDERS),
});
export const jobBookingListResponseSchema = z.object({
  data: z.array(jobBookingSchema),
  totalCount: z.number(),
  paginationData: paginationDataSchema,
  payoutProvider: z.enum(PAYOUT_PROVIDERS),
});
export type UteBookingListResponse = z.infer<typeof uteBookingListResponseSchema>;
export type JobBookingListResponse = z.infer<typeof jobBookingListResponseSchema>;

export const transferParamsSchema = z.strictObject({
  uteOwnerId: z.uuid({ error: 'uteOwnerId must be a valid id' }),
  bookingId: z.uuid({ error: 'bookingId must be a valid id' }),
});
export const bookingIdParamSchema = z.strictObject({
  bookingId: z.uuid({ error: 'bookingId must be a valid id' }),
});
export const ownerIdParamSchema = z.strictObject({
  ownerId: z.uuid({ error: 'ownerId must be a valid id' }),
});

/** Which booking table a manual transfer is for; absent means try ute then job bookings. */
export const manualTransferBodySchema = z.strictObject({ kind: z.enum(BOOKING_KINDS, { error: 'kind must be ute or job' }).optional() }).nullish();
export type ManualTransferBody = z.infer<typeof manualTransferBodySchema>;

export const bankAccountSchema = z.object({
  accountNumber: z.string(),
  bsbCode: z.string(),
  accountHolderName: z.string(),
  bankName: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;
export const bankAccountResponseSchema = z.object({ data: bankAccountSchema });

export const PAYMENT_SORTS = ['newest', 'oldest'] as const;
export type PaymentSort = (typeof PAYMENT_SORTS)[number];

export const PAYMENT_STATUSES = ['succeeded', 'pending', 'failed', 'inProgress'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const paymentSchema = z.object({
  _id: z.string(),
  paymentBy: z.string(),
  uteOwnerName: z.string().nullable(),
  /** In cents. */
  amount: z.number(),
  createdAt: z.string(),
  status: z.string(),
  transactionId: z.string().nullable(),
  /** A short-lived signed URL: receipts are private. */
  paymentImage: z.string().nullable(),
  isStripe: z.boolean(),
  /** The string 'true' for job payments, 'false' otherwise (docs/product.md §4). */
  isJob: z.enum(['true', 'false']),
  /** Cents refunded or being refunded (docs/design.md §9.6); absent when none. */
  refundedCents: z.number().optional(),
  /** Its place in the manualPaymentsAwaitingAcceptance queue (how long, whose), null when not waiting in it; manual lists only (docs/design.md §15). */
  workItem: workItemSummarySchema.nullable().optional(),
  /** What accepting it sends back in If-Match (docs/design.md §14); a list's rows carry it. */
  version: recordVersionSchema.optional(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const paymentListQuerySchema = z.strictObject({
  page: pageNumberSchema.default(1),
  limit: pageSizeSchema('limit').default(10),
  search: searchTextSchema,
  sort: z.enum(PAYMENT_SORTS, { error: 'sort must be newest or oldest' }).default('newest'),
  /** Only the payments this user made. */
  userId: listUserIdSchema,
});
export type PaymentListQuery = z.infer<typeof paymentListQuerySchema>;
export const paymentListResponseSchema = z.object({
  data: z.array(paymentSchema),
  totalCount: z.number(),
  paginationData: paginationDataSchema,
});
export type PaymentListResponse = z.infer<typeof paymentListResponseSchema>;

export const manualPaymentListQuerySchema = z.strictObject({
  page: pageNumberSchema.default(1),
  limit: pageSizeSchema('limit').default(10),
  /** Ute or job payments: ute when absent, except with awaitingAcceptance, which then lists both. */
  kind: z.enum(BOOKING_KINDS, { error: 'kind must be ute or job' }).optional(),
  search: searchTextSchema,
  sort: z.enum(PAYMENT_SORTS, { error: 'sort must be newest or oldest' }).default('newest'),
  /** Only the payments not accepted yet (the manualPaymentsAwaitingAcceptance work queue). */
  awaitingAcceptance: workQueueFlagSchema('awaitingAcceptance'),
  /** Only the payments this user made. */
  userId: listUserIdSchema,
  /** The queue's items held by me or nobody, and the longest waiting first (docs/design.md §15). */
  ...workItemListFields,
});
export type ManualPaymentListQuery = z.infer<typeof manualPaymentListQuerySchema>;
export const manualPaymentListResponseSchema = z.object({
  data: z.array(paymentSchema),
  totalCount: z.number(),
  paginationData: paginationDataSchema,
});
export type ManualPaymentListResponse = z.infer<typeof manualPaymentListResponseSchema>;
