import { z } from 'zod';
import { idParamSchema, pageNumberSchema, pageSizeSchema, paginationDataSchema, textSchema } from './common';
import { PAYOUT_MESSAGES } from './money';

export const WEBHOOK_EVENT_STATES = ['received', 'processed', 'ignored', 'failed'] as const;
export type WebhookEventState = (typeof WEBHOOK_EVENT_STATES)[number];

/** The Stripe events the api applies; any other verified event is stored and ignored. */
export const HANDLED_STRIPE_EVENTS = ['transfer.created', 'transfer.updated', 'transfer.reversed', 'payout.paid', 'payout.failed', 'account.updated'] as const;

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
});
export type OwnerPayoutStatus = z.infer<typeof ownerPayoutStatusSchema>;
