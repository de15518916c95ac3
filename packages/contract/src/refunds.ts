import { z } from 'zod';
import { pageNumberSchema, pageSizeSchema, paginationDataSchema, recordVersionSchema, textSchema } from './common';
import { formatCentsAud } from './format';
import { BOOKING_KINDS } from './money';

/**
 * Refunds (issue 27, docs/design.md §9.6): money that goes back to a customer, through Stripe for a
 * Stripe payment or by bank for a manual one, with the owner's share of it recovered as finance chooses.
 */

/** Why a refund is made: a fixed list (Stripe's own reasons are fewer: the api maps ours onto them). */
export const REFUND_REASONS = ['requested_by_customer', 'service_not_provided', 'duplicate', 'fraudulent', 'other'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  requested_by_customer: 'Requested by the customer',
  service_not_provided: 'Service not provided (the ute never arrived)',
  duplicate: 'Duplicate payment',
  fraudulent: 'Fraudulent payment',
  other: 'Other',
};

/**
 * How the owner's share of a refund is recovered. `none`: there is no owner share (no booking, or the
 * booking was not delivered yet); `not_paid_yet`: the owner was not paid, so their payout shrinks;
 * the three choices when they were paid; `undecided`: a refund made in Stripe's dashboard after the
 * owner was paid, parked as a platform expense until an admin chooses.
 */
export const REFUND_RECOVERIES = ['none', 'not_paid_yet', 'reverse_transfer', 'owner_balance', 'absorb', 'undecided'] as const;
export type RefundRecovery = (typeof REFUND_RECOVERIES)[number];

/** What an admin chooses when the owner was already paid. */
export const REFUND_RECOVERY_CHOICES = ['reverse_transfer', 'owner_balance', 'absorb'] as const;
export type RefundRecoveryChoice = (typeof REFUND_RECOVERY_CHOICES)[number];

export const REFUND_RECOVERY_LABELS: Record<RefundRecovery, string> = {
  none: 'No owner share',
  not_paid_yet: 'Owner not paid yet: their payout shrinks',
  reverse_transfer: "Reverse the owner's Stripe transfer",
  owner_balance: "Carry it on the owner's balance (offset against their next payouts)",
  absorb: 'The platform absorbs it (an expense)',
  undecided: 'Not chosen yet',
};

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** `stripe`: through Stripe; `ledger`: the offline ledger (no Stripe key: nothing leaves); `manual`: a bank transfer recorded by an admin. */
export const REFUND_METHODS = ['stripe', 'ledger', 'manual'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/** `admin`: made in the back-office; `stripe_dashboard`: made elsewhere, learnt from a `charge.refunded` webhook. */
export const REFUND_SOURCES = ['admin', 'stripe_dashboard'] as const;
export type RefundSource = (typeof REFUND_SOURCES)[number];

/** The state of the transfer reversal of a `reverse_transfer` refund. */
export const REFUND_REVERSAL_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundReversalStatus = (typeof REFUND_REVERSAL_STATUSES)[number];

/** Messages of the refund calls, shared by the api, its tests and the web. */
export const REFUND_MESSAGES = {
  stripeRefunded: 'Refund made through Stripe',
  ledgerRefunded: 'Refund recorded in the offline ledger (no money was sent)',
  manualRecorded: 'Manual refund recorded',
  amountInvalid: 'amountCents must be a whole number of cents, at least 1',
  reasonInvalid: `reason must be one of ${REFUND_REASONS.join(', ')}`,
  noteInvalid: 'note must be at most 500 characters',
  recoveryInvalid: `recovery must be one of ${REFUND_RECOVERY_CHOICES.join(', ')}`,
  bankReferenceInvalid: 'bankReference must be 1 to 100 characters',
  requestKeyInvalid: 'requestKey must be a valid id (one per refund the admin starts)',
  bookingKindInvalid: 'kind must be ute or job',
  filterInvalid: 'recovery must be undecided when given',
  notRefundable: 'Only a succeeded Stripe payment or an accepted manual payment can be refunded',
  noPaymentIntent: 'This Stripe payment has no payment intent or charge id to refund',
  fullyRefunded: 'This payment is already fully refunded',
  recoveryRequired: 'The owner was already paid for this booking: choose how their share is recovered (recovery)',
  bankReferenceRequired: "bankReference is required: the reference of the bank transfer that returned the customer's money",
  bankReferenceStripe: 'bankReference is only for manual payments: a Stripe payment is refunded through Stripe',
  notReversible: 'There is no Stripe transfer to reverse for this booking (the owner was paid by bank or offline): choose the owner balance or absorb',
  payoutInProgress: 'A payout of this booking is in progress: refund it once the payout is recorded',
  inProgress: 'This refund is already being made. Please wait for it to finish.',
  requestKeyReused: 'This refund request was already made with other details: open the refund dialog again for a new refund',
  requestFailedPrefix: 'This refund request failed: ',
  uncertain: 'The refund could not be confirmed with Stripe. It stays in progress and will be checked and recorded automatically; do not refund again.',
  refusedPrefix: 'Stripe refused the refund: ',
  recoveryRecorded: "The owner's share is recovered as chosen",
  recoveryAlreadyChosen: 'The recovery of this refund was already chosen',
  recoveryNotUndecided: 'Only a refund whose recovery is not chosen yet can be given one',
  noPayment: 'No payment of this booking was found to refund',
  ownerShareTaken: "Nothing is left to pay the owner for this booking: its refunds took the owner's whole share",
  amountFormInvalid: 'Enter the amount in dollars and cents, more than zero (e.g. 25.50)',
  bankReferenceFormRequired: 'Enter the reference of the bank transfer back to the customer',
  recoveryFormRequired: "Choose how the owner's share is recovered",
  reversalTooSmall: "Less is left of the owner's Stripe transfer than their share of this refund",
} as const;

/** 409 for a refund larger than what is left to refund on the payment. */
export const refundExceedsMessage = (remainingCents: number): string =>
  `The refund is more than what is left to refund on this payment (${formatCentsAud(remainingCents)})`;

/** 409 for a payout while the owner owes the platform at least what the booking would pay them. */
export const ownerOwesMessage = (payableCents: number, netCents: number): string =>
  `The owner owes the platform ${formatCentsAud(-payableCents)} (refunds charged to their balance), as much as this booking's ${formatCentsAud(netCents)}: nothing is left to pay them now`;

/** A booking's payable split, as the refund preview reads it. */
export interface RefundSplit {
  grossCents: number;
  feeCents: number;
  gstCents: number;
}

/** What one refund takes from each part of a booking's money (cents). */
export interface RefundParts {
  /** The part of the refund within the booking's gross (the rest is money the booking never took). */
  bookedCents: number;
  /** The platform's fee refunded, GST inclusive. */
  feeCents: number;
  /** The GST in that fee. */
  gstCents: number;
  /** The owner's share: bookedCents - feeCents. */
  ownerCents: number;
  /** Beyond the booking's gross (or the whole refund when the booking has no payable split): customer funds. */
  unbookedCents: number;
}

/** round(part * numerator / denominator), half up, in exact integer arithmetic. */
function shareOf(part: number, numerator: number, denominator: number): number {
  return Number((2n * BigInt(part) * BigInt(numerator) + BigInt(denominator)) / (2n * BigInt(denominator)));
}

/**
 * The fee and its GST are refunded in proportion to the gross: for a refund R of a booking with gross
 * G, fee F and GST T, the fee part is round(F*R/G) and the GST part round(T*R/G). Computed on the
 * cumulative amount refunded (`refundedBeforeCents` is what the booking's earlier refunds took of the
 * gross), so the parts of several partial refunds add up to exactly F and T once all of G is refunded.
 */
export function refundPartsOf(split: RefundSplit | null, refundedBeforeCents: number, amountCents: number): RefundParts {
  const gross = split?.grossCents ?? 0;
  const before = Math.min(Math.max(refundedBeforeCents, 0), gross);
  const after = Math.min(before + amountCents, gross);
  const bookedCents = after - before;
  if (!split || bookedCents <= 0) return { bookedCents: 0, feeCents: 0, gstCents: 0, ownerCents: 0, unbookedCents: amountCents };
  const feeCents = shareOf(split.feeCents, after, gross) - shareOf(split.feeCents, before, gross);
  const gstCents = shareOf(split.gstCents, after, gross) - shareOf(split.gstCents, before, gross);
  return { bookedCents, feeCents, gstCents, ownerCents: bookedCents - feeCents, unbookedCents: amountCents - bookedCents };
}

/** "Refunded A$x" / "Partly refunded A$x" beside a payment's or a booking's status; null when nothing was refunded. */
export function refundedLabel(refundedCents: number | undefined, amountCents: number): string | null {
  if (!refundedCents || refundedCents <= 0) return null;
  return `${refundedCents >= amountCents ? 'Refunded' : 'Partly refunded'} ${formatCentsAud(refundedCents)}`;
}

const amountCentsSchema = z
  .number({ error: REFUND_MESSAGES.amountInvalid })
  .int(REFUND_MESSAGES.amountInvalid)
  .min(1, REFUND_MESSAGES.amountInvalid)
  .max(100_000_000_000, REFUND_MESSAGES.amountInvalid);

/** POST payments/{id}/refunds. `requestKey` is made when the dialog opens: a repeat of the same click is the same refund. */
export const createRefundBodySchema = z.strictObject({
  amountCents: amountCentsSchema,
  reason: z.enum(REFUND_REASONS, { error: REFUND_MESSAGES.reasonInvalid }),
  note: textSchema('note', { error: REFUND_MESSAGES.noteInvalid }).trim().max(500, REFUND_MESSAGES.noteInvalid).optional(),
  /** Required when the owner was already paid for the booking; ignored otherwise. */
  recovery: z.enum(REFUND_RECOVERY_CHOICES, { error: REFUND_MESSAGES.recoveryInvalid }).optional(),
  /** Manual payments only: the reference of the bank transfer back to the customer. */
  bankReference: textSchema('bankReference', { error: REFUND_MESSAGES.bankReferenceInvalid })
    .trim()
    .min(1, REFUND_MESSAGES.bankReferenceInvalid)
    .max(100, REFUND_MESSAGES.bankReferenceInvalid)
    .optional(),
  requestKey: z.uuid({ error: REFUND_MESSAGES.requestKeyInvalid }),
});
export type CreateRefundBody = z.infer<typeof createRefundBodySchema>;

export const chooseRefundRecoveryBodySchema = z.strictObject({
  recovery: z.enum(REFUND_RECOVERY_CHOICES, { error: REFUND_MESSAGES.recoveryInvalid }),
});
export type ChooseRefundRecoveryBody = z.infer<typeof chooseRefundRecoveryBodySchema>;

export const bookingRefundsParamsSchema = z.strictObject({
  kind: z.enum(BOOKING_KINDS, { error: REFUND_MESSAGES.bookingKindInvalid }),
  bookingId: z.uuid({ error: 'bookingId must be a valid id' }),
});

export const refundSchema = z.object({
  id: z.string(),
  paymentId: z.string(),
  bookingKind: z.enum(BOOKING_KINDS).nullable(),
  bookingId: z.string().nullable(),
  /** UB-… or JB-…, when the payment has a booking. */
  bookingReference: z.string().nullable(),
  customerName: z.string().nullable(),
  amountCents: z.number(),
  reason: z.enum(REFUND_REASONS),
  note: z.string().nullable(),
  recovery: z.enum(REFUND_RECOVERIES),
  method: z.enum(REFUND_METHODS),
  status: z.enum(REFUND_STATUSES),
  source: z.enum(REFUND_SOURCES),
  stripeRefundId: z.string().nullable(),
  transferReversalId: z.string().nullable(),
  reversalStatus: z.enum(REFUND_REVERSAL_STATUSES).nullable(),
  bankReference: z.string().nullable(),
  failureMessage: z.string().nullable(),
  /** The parts the journal took (null until it succeeded). */
  feeCents: z.number().nullable(),
  gstCents: z.number().nullable(),
  ownerCents: z.number().nullable(),
  adminEmail: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** For If-Match on the recovery choice (docs/design.md §14). */
  version: recordVersionSchema,
});
export type Refund = z.infer<typeof refundSchema>;

/** Everything the refund dialog needs about a payment: what is left to refund, the booking and its split, and whether the owner was paid. */
export const refundSummarySchema = z.object({
  payment: z.object({
    id: z.string(),
    amountCents: z.number(),
    isStripe: z.boolean(),
    isJob: z.boolean(),
    status: z.string(),
    transactionId: z.string().nullable(),
    paymentBy: z.string(),
    /** For If-Match on a refund (docs/design.md §14): every refund of the payment moves it. */
    version: recordVersionSchema,
  }),
  booking: z
    .object({
      kind: z.enum(BOOKING_KINDS),
      id: z.string(),
      reference: z.string(),
      ownerId: z.string(),
      ownerName: z.string().nullable(),
      status: z.string(),
      transferState: z.string(),
      /** How the owner was paid, when they were: stripe | ledger | manual. */
      payoutMethod: z.string().nullable(),
      /** What is left of the owner's Stripe transfer to reverse (0 when there is none). */
      reversibleCents: z.number(),
    })
    .nullable(),
  /** The booking's payable split (gross, fee, GST), or null while it is not delivered. */
  split: z.object({ grossCents: z.number(), feeCents: z.number(), gstCents: z.number() }).nullable(),
  /** What the booking's earlier refunds took of its gross (the preview's cumulative base). */
  bookedRefundedCents: z.number(),
  /** Succeeded and pending refunds of the payment. */
  refundedCents: z.number(),
  remainingCents: z.number(),
  /** The owner was paid (or is being paid) for the booking: the admin chooses the recovery. */
  isOwnerPaid: z.boolean(),
  refunds: z.array(refundSchema),
});
export type RefundSummary = z.infer<typeof refundSummarySchema>;
export const refundSummaryResponseSchema = z.object({ data: refundSummarySchema });

export const refundResponseSchema = z.object({ message: z.string(), data: refundSchema });
export type RefundResponse = z.infer<typeof refundResponseSchema>;

export const refundListQuerySchema = z.strictObject({
  page: pageNumberSchema.default(1),
  limit: pageSizeSchema('limit').default(10),
  /** Only the refunds whose recovery an admin must still choose. */
  recovery: z.enum(['undecided'], { error: REFUND_MESSAGES.filterInvalid }).optional(),
});
export type RefundListQuery = z.infer<typeof refundListQuerySchema>;

export const refundListResponseSchema = z.object({
  data: z.array(refundSchema),
  totalCount: z.number(),
  /** How many refunds wait for a recovery choice (whatever the filter). */
  undecidedCount: z.number(),
  paginationData: paginationDataSchema,
});
export type RefundListResponse = z.infer<typeof refundListResponseSchema>;
