import { z } from 'zod';
import { idParamSchema, pageNumberSchema, pageSizeSchema, paginationDataSchema, recordVersionSchema, textSchema } from './common';
import { PAYOUT_MESSAGES } from './money';

export const WEBHOOK_EVENT_STATES = ['received', 'processed', 'ignored', 'failed'] as const;
export type WebhookEventState = (typeof WEBHOOK_EVENT_STATES)[number];

/** The Stripe events the api applies; any other verified event is stored and ignored. */
export const HANDLED_STRIPE_EVENTS = [
  'transfer.created',
  'transfer.updated',
  'transfer.reversed',
  'payout.paid',
  'payout.failed',
  'account.updated',
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
  'charge.refunded',
  'charge.refund.updated',
  'refund.created',
  'refund.updated',
] as const;

export const WEBHOOK_MESSAGES = {
  replayed: 'Event processed again',
  stateInvalid: 'state must be received, processed, ignored or failed',
  notConfigured: 'Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET)',
  badSignature: 'The Stripe-Signature header does not verify this payload',
} as const;

export const webhookEventsQuerySchema = z.strictObject({
  page: pageNumberSchema.default(1),
  limit: pageSizeSchema('limit').default(10),
  state: z.enum(WEBHOOK_EVENT_STATES, { error: WEBHOOK_MESSAGES.stateInvalid }).optional(),
});
export type WebhookEventsQuery = z.infer<typeof webhookEventsQuerySchema>;

export const webhookEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  account: z.string().nullable(),
  state: z.enum(WEBHOOK_EVENT_STATES),
  attempts: z.number(),
  /** Why it failed (last attempt) or was ignored. */
  note: z.string().nullable(),
  receivedAt: z.string(),
  processedAt: z.string().nullable(),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

export const webhookEventsResponseSchema = z.object({
  data: z.array(webhookEventSchema),
  totalCount: z.number(),
  paginationData: paginationDataSchema,
});
export type WebhookEventsResponse = z.infer<typeof webhookEventsResponseSchema>;

export const webhookEventParamsSchema = z.strictObject({ id: textSchema('id').regex(/^evt_[A-Za-z0-9_]{1,200}$/, 'id must be a Stripe event id (evt_...)') });
export const replayWebhookEventResponseSchema = z.object({ message: z.string(), data: webhookEventSchema });

/** Finance's hold on an owner's payouts: why, in words the Transfer refusal repeats. */
export const ownerHoldBodySchema = z.strictObject({
  reason: textSchema('reason', { error: PAYOUT_MESSAGES.holdReasonRequired })
    .trim()
    .min(1, PAYOUT_MESSAGES.holdReasonRequired)
    .max(500, PAYOUT_MESSAGES.holdReasonRequired),
});
export const ownerHoldParamsSchema = idParamSchema;

/** What stands between an owner and a payout, as the owner's ledger page shows it. */
export const ownerPayoutStatusSchema = z.object({
  holdReason: z.string().nullable(),
  heldAt: z.string().nullable(),
  heldBy: z.string().nullable(),
  payoutsEnabled: z.boolean().nullable(),
  disabledReason: z.string().nullable(),
  lastPayoutFailure: z.string().nullable(),
  /** The hold's version for If-Match on hold and release (docs/design.md §14): when it was set, 0 while none. */
  version: recordVersionSchema,
});
export type OwnerPayoutStatus = z.infer<typeof ownerPayoutStatusSchema>;

export const RECONCILIATION_MESSAGES = {
  ran: 'Reconciliation finished',
  explained: 'Discrepancy marked explained',
  alreadyExplained: 'This discrepancy is already explained',
  noteRequired: 'note is required (at most 1000 characters)',
} as const;

export const RECONCILIATION_DISCREPANCY_KINDS = [
  'missing_in_ledger',
  'missing_in_stripe',
  'amount',
  'destination',
  'reversed',
  'manual_without_receipt',
] as const;

/** Each kind of discrepancy in words, for the Reconciliation screen. */
export const DISCREPANCY_KIND_LABELS: Record<(typeof RECONCILIATION_DISCREPANCY_KINDS)[number], string> = {
  missing_in_ledger: 'In Stripe, not in the ledger',
  missing_in_stripe: 'In the ledger, not in Stripe',
  amount: 'Amount differs',
  destination: 'Destination differs',
  reversed: 'Reversed amount differs',
  manual_without_receipt: 'Paid by bank, no accepted receipt',
};

export const reconciliationRunSchema = z.object({
  id: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  status: z.enum(['done', 'failed', 'skipped']),
  transfersChecked: z.number(),
  /** Manual (bank) payouts of the period compared with the accepted receipts. */
  manualPayoutsChecked: z.number(),
  discrepancyCount: z.number(),
  /** Discrepancies not yet explained. */
  openCount: z.number(),
  error: z.string().nullable(),
  startedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type ReconciliationRun = z.infer<typeof reconciliationRunSchema>;

export const reconciliationRunsQuerySchema = z.strictObject({ page: pageNumberSchema.default(1), limit: pageSizeSchema('limit').default(10) });
export const reconciliationRunsResponseSchema = z.object({
  data: z.array(reconciliationRunSchema),
  totalCount: z.number(),
  paginationData: paginationDataSchema,
});

export const reconciliationDiscrepancySchema = z.object({
  id: z.string(),
  kind: z.enum(RECONCILIATION_DISCREPANCY_KINDS),
  transferId: z.string().nullable(),
  payoutId: z.string().nullable(),
  ledgerValue: z.string().nullable(),
  stripeValue: z.string().nullable(),
  explainedAt: z.string().nullable(),
  explainedBy: z.string().nullable(),
  explanation: z.string().nullable(),
});
export type ReconciliationDiscrepancy = z.infer<typeof reconciliationDiscrepancySchema>;

export const reconciliationRunResponseSchema = z.object({ data: reconciliationRunSchema, discrepancies: z.array(reconciliationDiscrepancySchema) });
export const runReconciliationResponseSchema = z.object({ message: z.string(), data: reconciliationRunSchema });
export const explainDiscrepancyBodySchema = z.strictObject({
  note: textSchema('note', { error: RECONCILIATION_MESSAGES.noteRequired })
    .trim()
    .min(1, RECONCILIATION_MESSAGES.noteRequired)
    .max(1000, RECONCILIATION_MESSAGES.noteRequired),
});
