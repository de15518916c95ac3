import { z } from 'zod';
import { pageNumberSchema, pageSizeSchema, paginationDataSchema, recordVersionSchema } from './common';
import { BOOKING_KINDS } from './money';
import { ownerPayoutStatusSchema } from './webhooks';

/** Messages of the fee and ledger calls, shared by the api, its tests and the web. */
export const LEDGER_MESSAGES = {
  feeUpdated: 'Platform fee updated',
  percentBpsInvalid: 'percentBps must be a whole number from 0 to 10000 (hundredths of a percent)',
  fixedCentsInvalid: 'fixedCents must be a whole number of cents from 0 to 1000000',
  bookingKindInvalid: 'bookingKind must be ute or job',
  notPayable: 'This booking is not delivered yet, so it has no payout amount',
  sortInvalid: 'sort must be payable, inTransit, paidOut or name',
  dateInvalid: 'must be a date (YYYY-MM-DD)',
  periodInvalid: 'from must be on or before to',
} as const;

const bookingKindSchema = z.enum(BOOKING_KINDS, { error: LEDGER_MESSAGES.bookingKindInvalid });

/** The platform's fee of one booking kind: a percentage (hundredths of a percent) plus a fixed amount, GST inclusive. */
export const platformFeeSchema = z.object({
  bookingKind: z.enum(BOOKING_KINDS),
  percentBps: z.number(),
  fixedCents: z.number(),
  /** When it was set and by whom; null for the starting fee (none). */
  setAt: z.string().nullable(),
  setBy: z.string().nullable(),
  /** For If-Match on the next change of this kind's fee (docs/design.md §14): when it was set, 0 for the starting fee. */
  version: recordVersionSchema,
});
export type PlatformFee = z.infer<typeof platformFeeSchema>;

export const platformFeesResponseSchema = z.object({
  /** The fee in force, one per booking kind. */
  data: z.array(platformFeeSchema),
  /** Every change, newest first (up to 50). */
  history: z.array(platformFeeSchema),
});
export type PlatformFeesResponse = z.infer<typeof platformFeesResponseSchema>;

export const updatePlatformFeeSchema = z.strictObject({
  bookingKind: bookingKindSchema,
  percentBps: z
    .number({ error: LEDGER_MESSAGES.percentBpsInvalid })
    .int(LEDGER_MESSAGES.percentBpsInvalid)
    .min(0, LEDGER_MESSAGES.percentBpsInvalid)
    .max(10_000, LEDGER_MESSAGES.percentBpsInvalid),
  fixedCents: z
    .number({ error: LEDGER_MESSAGES.fixedCentsInvalid })
    .int(LEDGER_MESSAGES.fixedCentsInvalid)
    .min(0, LEDGER_MESSAGES.fixedCentsInvalid)
    .max(1_000_000, LEDGER_MESSAGES.fixedCentsInvalid),
});
export type UpdatePlatformFee = z.infer<typeof updatePlatformFeeSchema>;

export const updatePlatformFeeResponseSchema = z.object({ message: z.string(), data: platformFeeSchema });

/** What a delivered booking's money splits into: the customer's gross, the platform's fee (GST inclusive), the GST in it, the owner's net. */
export const payoutSplitSchema = z.object({ grossCents: z.number(), feeCents: z.number(), gstCents: z.number(), netCents: z.number() });
export type PayoutSplit = z.infer<typeof payoutSplitSchema>;

export const payoutSplitParamsSchema = z.strictObject({
  kind: bookingKindSchema,
  bookingId: z.uuid({ error: 'bookingId must be a valid id' }),
});
export const payoutSplitResponseSchema = z.object({ data: payoutSplitSchema });

/** A calendar day (YYYY-MM-DD, a real date) from 2000 to 9999, as the audit log's filters take it; as text, days compare as dates. */
const daySchema = (name: string) =>
  z.iso
    .date({ error: `${name} ${LEDGER_MESSAGES.dateInvalid}`, abort: true })
    .refine((day) => day >= '2000-01-01' && day <= '9999-12-31', { error: `${name} ${LEDGER_MESSAGES.dateInvalid}` })
    .optional();

export const OWNER_BALANCE_SORTS = ['payable', 'inTransit', 'paidOut', 'name'] as const;
export type OwnerBalanceSort = (typeof OWNER_BALANCE_SORTS)[number];

/** The Balances list: sorted by what is owed (default), paid out counted in a period of days (Sydney time), negative balances only on request. */
export const ownerBalancesQuerySchema = z
  .strictObject({
    page: pageNumberSchema.default(1),
    limit: pageSizeSchema('limit').default(10),
    sort: z.enum(OWNER_BALANCE_SORTS, { error: LEDGER_MESSAGES.sortInvalid }).default('payable'),
    from: daySchema('from'),
    to: daySchema('to'),
    negative: z.enum(['true'], { error: 'negative must be true when given' }).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { error: LEDGER_MESSAGES.periodInvalid, path: ['from'] });
export type OwnerBalancesQuery = z.infer<typeof ownerBalancesQuerySchema>;
export const ownerBalancesExportQuerySchema = ownerBalancesQuerySchema;

export const ownerBalanceSchema = z.object({
  ownerId: z.string(),
  ownerName: z.string(),
  email: z.string().nullable(),
  /** Owed now (earned, not sent); negative when the owner owes the platform. */
  payableCents: z.number(),
  inTransitCents: z.number(),
  /** Paid out in the period asked for (every time when none). */
  paidOutCents: z.number(),
});
export type OwnerBalance = z.infer<typeof ownerBalanceSchema>;

export const ownerBalancesResponseSchema = z.object({
  data: z.array(ownerBalanceSchema),
  totalCount: z.number(),
  paginationData: paginationDataSchema,
});
export type OwnerBalancesResponse = z.infer<typeof ownerBalancesResponseSchema>;

export const ownerLedgerQuerySchema = z.strictObject({
  page: pageNumberSchema.default(1),
  limit: pageSizeSchema('limit').default(20),
});

/** One journal as it touched an owner: how it moved what they are owed and what they were paid, and what they are owed after it. */
export const ownerLedgerEntrySchema = z.object({
  journalId: z.string(),
  kind: z.string(),
  createdAt: z.string(),
  bookingKind: z.enum(BOOKING_KINDS).nullable(),
  bookingId: z.string().nullable(),
  /** Change of what the platform owes the owner (payable and in transit). */
  owedChangeCents: z.number(),
  paidOutChangeCents: z.number(),
  /** What the platform owes the owner after this entry. */
  owedAfterCents: z.number(),
});
export type OwnerLedgerEntry = z.infer<typeof ownerLedgerEntrySchema>;

export const ownerLedgerResponseSchema = z.object({
  owner: ownerBalanceSchema,
  payoutStatus: ownerPayoutStatusSchema,
  data: z.array(ownerLedgerEntrySchema),
  totalCount: z.number(),
  paginationData: paginationDataSchema,
});
export type OwnerLedgerResponse = z.infer<typeof ownerLedgerResponseSchema>;

/** The ledger's journal kinds in words, for the owner's ledger page. */
export const JOURNAL_KIND_LABELS: Record<string, string> = {
  'payment.received': 'Payment received',
  'booking.payable': 'Booking delivered (payable)',
  'booking.withdrawn': 'Booking deleted (payable withdrawn)',
  'payout.started': 'Payout started',
  'payout.succeeded': 'Payout succeeded',
  'payout.failed': 'Payout failed (payable again)',
  'payout.manual': 'Manual payout',
  'payout.reversed': 'Payout reversed by Stripe (payable again)',
  'payout.before-ledger': 'Paid before the ledger',
  'dispute.funds-withdrawn': 'Dispute: Stripe withdrew the amount',
  'dispute.funds-reinstated': 'Dispute won: Stripe returned the amount',
  'dispute.loss-absorbed': 'Dispute lost: borne by the platform',
  'dispute.loss-owner': 'Dispute lost: charged to the owner (offset against next payouts)',
  'refund.issued': "Refund to the customer (the owner's share taken back)",
  'refund.recovered': "Refund: owner's share recovered as chosen",
  'refund.reversal-failed': 'Refund: transfer reversal refused (charged to the owner instead)',
};
