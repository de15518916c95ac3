import { z } from 'zod';
import { pageNumberSchema, pageSizeSchema, paginationDataSchema, recordVersionSchema, textSchema } from './common';
import { BOOKING_KINDS, PAYOUT_MESSAGES } from './money';

/**
 * Payout batches (docs/design.md §9.8): finance pays owners of manual-payment bookings by one Australian
 * Direct Entry (ABA) file. One admin prepares a batch, another approves it (maker-checker), only then can
 * the file be downloaded; the bank's answer is recorded as paid or as returned credits.
 */

/** prepared -> approved -> paid; prepared or approved -> cancelled. */
export const PAYOUT_BATCH_STATUSES = ['prepared', 'approved', 'paid', 'cancelled'] as const;
export type PayoutBatchStatus = (typeof PAYOUT_BATCH_STATUSES)[number];

/** A booking's line: included until the batch is paid or cancelled, or its owner's credit comes back returned. */
export const PAYOUT_BATCH_LINE_STATUSES = ['included', 'paid', 'returned', 'cancelled'] as const;
export type PayoutBatchLineStatus = (typeof PAYOUT_BATCH_LINE_STATUSES)[number];

/** The `method` of the payouts a batch starts (payouts table): settled by the batch, never by the payout provider. */
export const PAYOUT_BATCH_METHOD = 'aba';

/** At most this many bookings in one batch (and listed as candidates): one file an approver can check. */
export const PAYOUT_BATCH_MAX_BOOKINGS = 200;

export const PAYOUT_BATCH_REASON_MAX = 500;

/** Messages of the payout batch calls, shared by the api, its tests and the web. */
export const BATCH_MESSAGES = {
  prepared: 'Payout batch prepared: another admin must approve it',
  approved: 'Payout batch approved: its ABA file can be downloaded',
  paid: 'Payout batch marked paid',
  creditReturned: "The owner's credit is marked returned: its bookings are awaiting payout again",
  cancelled: 'Payout batch cancelled: its bookings are awaiting payout again',
  preparerCannotApprove: 'You prepared this batch; another admin must approve it',
  alreadyApproved: 'This batch is already approved',
  alreadyPaid: 'This batch is already marked paid',
  isCancelled: 'This batch is cancelled',
  notApprovedForDownload: 'The ABA file can be downloaded only once another admin has approved the batch',
  notApprovedForPaid: 'Only an approved batch can be marked paid',
  paidCannotBeCancelled: 'A paid batch cannot be cancelled; mark a returned credit instead',
  returnNeedsApproval: 'Only a credit of an approved or paid batch can be marked returned',
  creditAlreadyReturned: "This owner's credit is already marked returned",
  creditNotIncluded: "This owner's credit is no longer part of the batch",
  noneEligible: 'None of the chosen bookings can be paid in a batch',
  bookingInBatch: 'This booking is in a payout batch: it is paid when the batch is marked paid, or released when the batch is cancelled or its credit returned',
  paidByStripe: 'This booking was paid through Stripe: pay its owner with Transfer',
  noBankAccount: 'The owner has no bank account on file',
  invalidBsb: "The owner's BSB is not 6 digits",
  invalidAccountNumber: "The owner's account number is not 5 to 9 digits",
  invalidAccountName: "The owner's account name is blank",
  bookingNotFound: 'Booking not found',
  emptySelection: 'Choose at least one booking',
  tooManyBookings: `Choose at most ${PAYOUT_BATCH_MAX_BOOKINGS} bookings`,
  duplicateBooking: 'Each booking may be chosen once',
  processingDateInvalid: 'processingDate must be a date written YYYY-MM-DD',
  processingDateRange: 'processingDate must be from today to 30 days ahead (Sydney time)',
  reasonRequired: `reason is required (at most ${PAYOUT_BATCH_REASON_MAX} characters)`,
  approveHint: 'Approving releases the ABA file for download. Check each credit against the bookings first.',
  cancelHint: 'Cancel only a batch whose file was not sent to the bank: its bookings become payable again.',
} as const;

/** Why a booking was left out of a batch: PAYOUT_MESSAGES' words where a payout would be refused the same way. */
export const BATCH_SKIP_REASONS = {
  notFound: BATCH_MESSAGES.bookingNotFound,
  notDelivered: PAYOUT_MESSAGES.notDelivered,
  alreadyTransferred: PAYOUT_MESSAGES.alreadyTransferred,
  beingTransferred: PAYOUT_MESSAGES.beingTransferred,
  inBatch: BATCH_MESSAGES.bookingInBatch,
  paidByStripe: BATCH_MESSAGES.paidByStripe,
  noBankAccount: BATCH_MESSAGES.noBankAccount,
  invalidBsb: BATCH_MESSAGES.invalidBsb,
  invalidAccountNumber: BATCH_MESSAGES.invalidAccountNumber,
  invalidAccountName: BATCH_MESSAGES.invalidAccountName,
  zeroAmount: PAYOUT_MESSAGES.zeroAmount,
} as const;

/** The file name of a batch's ABA file: `payout-batch-0001.aba`. */
export const payoutBatchFileName = (number: number): string => `payout-batch-${String(number).padStart(4, '0')}.aba`;

/** A batch's reference, as people and the owners' statements read it: `PB-0001`. */
export const payoutBatchReference = (number: number): string => `PB-${String(number).padStart(4, '0')}`;

/** "062000" as people read a BSB: "062-000" (unchanged when it is not 6 digits). */
export function bsbText(bsb: string): string {
  const digits = bsb.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3)}` : bsb;
}

const bookingRefSchema = z.strictObject({
  kind: z.enum(BOOKING_KINDS, { error: 'kind must be ute or job' }),
  id: z.uuid({ error: 'id must be a valid id' }),
});
export type PayoutBatchBookingRef = z.infer<typeof bookingRefSchema>;

export const preparePayoutBatchBodySchema = z.strictObject({
  bookings: z
    .array(bookingRefSchema, { error: BATCH_MESSAGES.emptySelection })
    .min(1, BATCH_MESSAGES.emptySelection)
    .max(PAYOUT_BATCH_MAX_BOOKINGS, BATCH_MESSAGES.tooManyBookings)
    .refine((refs) => new Set(refs.map((ref) => `${ref.kind}:${ref.id}`)).size === refs.length, BATCH_MESSAGES.duplicateBooking),
  /** The day the bank releases the payments (Sydney); today when absent. The api checks it is not past. */
  processingDate: z
    .string({ error: BATCH_MESSAGES.processingDateInvalid })
    .regex(/^\d{4}-\d{2}-\d{2}$/, BATCH_MESSAGES.processingDateInvalid)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
      error: BATCH_MESSAGES.processingDateInvalid,
    })
    .optional(),
});
export type PreparePayoutBatchBody = z.infer<typeof preparePayoutBatchBodySchema>;

export const returnPayoutCreditBodySchema = z.strictObject({
  reason: textSchema('reason', { error: BATCH_MESSAGES.reasonRequired })
    .trim()
    .min(1, BATCH_MESSAGES.reasonRequired)
    .max(PAYOUT_BATCH_REASON_MAX, BATCH_MESSAGES.reasonRequired),
});
export type ReturnPayoutCreditBody = z.infer<typeof returnPayoutCreditBodySchema>;

export const payoutBatchCreditParamsSchema = z.strictObject({
  id: z.uuid({ error: 'id must be a valid id' }),
  ownerId: z.uuid({ error: 'ownerId must be a valid id' }),
});

export const payoutBatchListQuerySchema = z.strictObject({ page: pageNumberSchema.default(1), limit: pageSizeSchema('limit').default(10) });

/** A delivered manual-payment booking awaiting payout, as the Prepare batch dialog lists it. */
export const payoutBatchCandidateSchema = z.object({
  bookingKind: z.enum(BOOKING_KINDS),
  bookingId: z.string(),
  /** UB-0001 / JB-0001. */
  bookingReference: z.string(),
  ownerId: z.string(),
  ownerName: z.string(),
  /** XXX-XXX, or as stored when it is not 6 digits (then `blockedReason` says so). */
  bsb: z.string().nullable(),
  /** The last 3 digits only: the full number is in the approved file (a step-up download). */
  accountNumberMasked: z.string().nullable(),
  accountName: z.string().nullable(),
  /** The owner's net: what the batch would pay. */
  amountCents: z.number(),
  /** When the booking was made (the list is oldest first). */
  createdAt: z.string(),
  /** Why preparing would leave it out (a hold, no or bad bank details); null when it can be batched. */
  blockedReason: z.string().nullable(),
});
export type PayoutBatchCandidate = z.infer<typeof payoutBatchCandidateSchema>;
export const payoutBatchCandidatesResponseSchema = z.object({
  data: z.array(payoutBatchCandidateSchema),
  /** More bookings await payout than the list holds (the oldest PAYOUT_BATCH_MAX_BOOKINGS are listed). */
  hasMore: z.boolean(),
});

export const payoutBatchSchema = z.object({
  id: z.string(),
  number: z.number(),
  reference: z.string(),
  status: z.enum(PAYOUT_BATCH_STATUSES),
  /** YYYY-MM-DD, the day the bank releases the payments. */
  processingDate: z.string(),
  lineCount: z.number(),
  creditCount: z.number(),
  totalCents: z.number(),
  /** The file's SHA-256 (hex), fixed at preparation; the approval pins it. */
  fileSha256: z.string(),
  fileName: z.string(),
  preparedById: z.string(),
  preparedBy: z.string().nullable(),
  preparedAt: z.string(),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  paidBy: z.string().nullable(),
  paidAt: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  downloadCount: z.number(),
  /** For If-Match on its steps (docs/design.md §14); a download does not move it. */
  version: recordVersionSchema,
});
export type PayoutBatch = z.infer<typeof payoutBatchSchema>;

export const payoutBatchListResponseSchema = z.object({
  data: z.array(payoutBatchSchema),
  totalCount: z.number(),
  paginationData: paginationDataSchema,
});

export const payoutBatchLineSchema = z.object({
  id: z.string(),
  bookingKind: z.enum(BOOKING_KINDS),
  bookingId: z.string(),
  bookingReference: z.string(),
  payoutId: z.string(),
  amountCents: z.number(),
  status: z.enum(PAYOUT_BATCH_LINE_STATUSES),
});
export type PayoutBatchLine = z.infer<typeof payoutBatchLineSchema>;

/** One owner's credit: one detail record of the file, the sum of the owner's lines; its lines move together. */
export const payoutBatchCreditSchema = z.object({
  ownerId: z.string(),
  ownerName: z.string(),
  bsb: z.string(),
  accountNumberMasked: z.string(),
  accountName: z.string(),
  lodgementReference: z.string(),
  amountCents: z.number(),
  status: z.enum(PAYOUT_BATCH_LINE_STATUSES),
  returnReason: z.string().nullable(),
  returnedAt: z.string().nullable(),
  lines: z.array(payoutBatchLineSchema),
});
export type PayoutBatchCredit = z.infer<typeof payoutBatchCreditSchema>;

export const payoutBatchResponseSchema = z.object({ data: payoutBatchSchema, credits: z.array(payoutBatchCreditSchema) });
export type PayoutBatchResponse = z.infer<typeof payoutBatchResponseSchema>;

export const payoutBatchSkippedSchema = z.object({ bookingKind: z.enum(BOOKING_KINDS), bookingId: z.string(), reason: z.string() });
export type PayoutBatchSkipped = z.infer<typeof payoutBatchSkippedSchema>;

/** The new batch, and the chosen bookings left out with why. */
export const preparePayoutBatchResponseSchema = z.object({
  message: z.string(),
  data: payoutBatchSchema,
  skipped: z.array(payoutBatchSkippedSchema),
});
export type PreparePayoutBatchResponse = z.infer<typeof preparePayoutBatchResponseSchema>;

export const payoutBatchChangeResponseSchema = z.object({ message: z.string(), data: payoutBatchSchema });
