import { z } from 'zod';
import { pageNumberSchema, pageSizeSchema, paginationDataSchema, recordVersionSchema, textSchema } from './common';
import { BOOKING_KINDS } from './money';
import { workItemListFields, workItemSummarySchema } from './workItems';

/**
 * Disputes (chargebacks): Stripe's `charge.dispute.*` webhooks feed the Disputes screen, "Build evidence"
 * gathers a booking's record into the evidence Stripe takes, and the outcome writes its journals
 * (docs/design.md §9.7). Stripe's object: https://docs.stripe.com/api/disputes/object ; the evidence
 * API and `evidence_details.due_by`: https://stripe.com/docs/disputes/api
 */

/**
 * Stripe's dispute statuses. `warning_*` are inquiries (no money is withdrawn); a dispute ends won,
 * lost, warning_closed (an inquiry that never became a chargeback) or prevented. Stripe may add
 * others: the api stores whatever it sends.
 */
export const DISPUTE_STATUSES = [
  'warning_needs_response',
  'warning_under_review',
  'warning_closed',
  'needs_response',
  'under_review',
  'won',
  'lost',
  'prevented',
] as const;

/** Stripe waits for the platform's evidence in these. */
export const DISPUTE_NEEDS_RESPONSE_STATUSES = ['warning_needs_response', 'needs_response'] as const;
/** A dispute in these is over: its evidence can no longer change. */
export const DISPUTE_CLOSED_STATUSES = ['won', 'lost', 'warning_closed', 'prevented'] as const;

/**
 * The Disputes screen's status filter, and the groups every status falls in. `needs_response` is
 * exactly the work queue disputesNeedingEvidence: Stripe waits for evidence and none was submitted.
 * A dispute whose evidence went in counts as under review even before Stripe's next event says so.
 */
export const DISPUTE_STATUS_FILTERS = ['needs_response', 'under_review', 'closed'] as const;
export type DisputeStatusFilter = (typeof DISPUTE_STATUS_FILTERS)[number];

export const DISPUTE_STATUS_FILTER_LABELS: Record<DisputeStatusFilter, string> = {
  needs_response: 'Needs response',
  under_review: 'Under review',
  closed: 'Closed',
};

/** How a lost dispute's money is recovered: the platform bears it, or the owner owes it (offset against their next payouts). */
export const DISPUTE_LOSS_RECOVERIES = ['absorb', 'owner_balance'] as const;
export type DisputeLossRecovery = (typeof DISPUTE_LOSS_RECOVERIES)[number];

export const DISPUTE_LOSS_RECOVERY_LABELS: Record<DisputeLossRecovery, string> = {
  absorb: 'Absorb it as a platform expense',
  owner_balance: "Charge it to the owner's balance",
};

/** Messages of the dispute calls, shared by the api, its tests and the web. */
export const DISPUTE_MESSAGES = {
  draftSaved: 'Evidence draft saved',
  submitted: 'Evidence submitted to Stripe',
  submittedOffline: 'Evidence recorded in the offline ledger (nothing was sent to Stripe)',
  alreadySubmitted: 'Evidence for this dispute was already submitted',
  beingSubmitted: 'Evidence for this dispute is being submitted. Please wait for it to finish.',
  closed: 'This dispute is closed: its evidence can no longer change',
  notAwaitingEvidence: 'Stripe is not waiting for evidence on this dispute',
  pastDue: 'The evidence due date has passed: Stripe no longer takes evidence for this dispute',
  refusedPrefix: 'Stripe refused the evidence: ',
  uncertain: 'The evidence could not be confirmed with Stripe. It stays in progress; submitting again sends the same evidence once, never twice.',
  notLost: 'Only a lost dispute has a loss to recover',
  recoveryAlreadyChosen: 'How this loss is recovered was already chosen',
  reinstated: 'Stripe returned the money of this dispute: there is no loss to recover',
  noOwner: 'This dispute has no booking, so no owner to charge: absorb it instead',
  absorbed: 'The loss is recorded as a platform expense',
  chargedToOwner: "The loss is added to the owner's balance and offset against their next payouts",
  statusInvalid: 'status must be needs_response, under_review or closed',
  recoveryInvalid: 'recovery must be absorb or owner_balance',
  emptyTitle: 'No disputes yet',
  emptyDescription: 'A dispute appears here when Stripe tells the api about a chargeback or an inquiry on a payment.',
  emptyFilteredTitle: 'No disputes with this status',
} as const;

/**
 * The evidence fields the dialog gathers and Stripe takes, by Stripe's own names (DisputeUpdateParams.Evidence).
 * All text: `customer_communication` is a file in Stripe, so the api uploads this text as a
 * `dispute_evidence` file and sends its id. The receipt and the refund policy go in uncategorized_text.
 */
export const DISPUTE_EVIDENCE_FIELDS = {
  product_description: { label: 'Product description', maxLength: 20_000 },
  customer_name: { label: 'Customer name', maxLength: 500 },
  customer_email_address: { label: 'Customer email address', maxLength: 500 },
  billing_address: { label: 'Billing address', maxLength: 1_000 },
  service_date: { label: 'Service date', maxLength: 100 },
  customer_communication: { label: 'Customer communication', maxLength: 20_000 },
  uncategorized_text: { label: 'Other evidence (receipt, refund policy, status history)', maxLength: 20_000 },
} as const;
export type DisputeEvidenceField = keyof typeof DISPUTE_EVIDENCE_FIELDS;
export const DISPUTE_EVIDENCE_FIELD_NAMES = Object.keys(DISPUTE_EVIDENCE_FIELDS) as DisputeEvidenceField[];

const evidenceText = (field: DisputeEvidenceField) => {
  const { label, maxLength } = DISPUTE_EVIDENCE_FIELDS[field];
  const message = `${label} must be at most ${maxLength.toLocaleString('en-AU')} characters`;
  return textSchema(field, { error: `${label} must be text` }).max(maxLength, message);
};

/**
 * The evidence, every field present (empty when there is nothing to say). Each within its limit
 * (20,000 characters is Stripe's per text field), so all of it stays well within Stripe's 150,000.
 */
export const disputeEvidenceSchema = z.strictObject({
  product_description: evidenceText('product_description'),
  customer_name: evidenceText('customer_name'),
  customer_email_address: evidenceText('customer_email_address'),
  billing_address: evidenceText('billing_address'),
  service_date: evidenceText('service_date'),
  customer_communication: evidenceText('customer_communication'),
  uncategorized_text: evidenceText('uncategorized_text'),
});
export type DisputeEvidence = z.infer<typeof disputeEvidenceSchema>;

export const disputeEvidenceBodySchema = z.strictObject({ evidence: disputeEvidenceSchema });
export type DisputeEvidenceBody = z.infer<typeof disputeEvidenceBodySchema>;

export const disputeLossRecoveryBodySchema = z.strictObject({
  recovery: z.enum(DISPUTE_LOSS_RECOVERIES, { error: DISPUTE_MESSAGES.recoveryInvalid }),
});
export type DisputeLossRecoveryBody = z.infer<typeof disputeLossRecoveryBodySchema>;

export const disputeListQuerySchema = z.strictObject({
  page: pageNumberSchema.default(1),
  limit: pageSizeSchema('limit').default(10),
  status: z.enum(DISPUTE_STATUS_FILTERS, { error: DISPUTE_MESSAGES.statusInvalid }).optional(),
  /** The disputesNeedingEvidence queue's items held by me or nobody, and the longest waiting first (docs/design.md §15). */
  ...workItemListFields,
});
export type DisputeListQuery = z.infer<typeof disputeListQuerySchema>;

const personSchema = z.object({ id: z.string(), name: z.string() });

/** One dispute as the list shows it. */
export const disputeSummarySchema = z.object({
  id: z.string(),
  stripeDisputeId: z.string(),
  amountCents: z.number(),
  currency: z.string(),
  /** Stripe's reason (fraudulent, product_not_received, ...). */
  reason: z.string(),
  /** Stripe's status. */
  status: z.string(),
  statusGroup: z.enum(DISPUTE_STATUS_FILTERS),
  /** Stripe's evidence_details.due_by; null when Stripe gave none. */
  evidenceDueBy: z.string().nullable(),
  evidenceSubmittedAt: z.string().nullable(),
  /** The booking paid by the disputed payment (its transaction id), when one is known. */
  booking: z.object({ kind: z.enum(BOOKING_KINDS), id: z.string(), reference: z.string() }).nullable(),
  customer: personSchema.nullable(),
  owner: personSchema.nullable(),
  lossRecovery: z.enum(DISPUTE_LOSS_RECOVERIES).nullable(),
  createdAt: z.string(),
  /** Its place in the disputesNeedingEvidence queue (how long, whose), null when not waiting in it; the list only (docs/design.md §15). */
  workItem: workItemSummarySchema.nullable().optional(),
  /** What the dispute's actions (draft, submit, loss recovery) send back in If-Match (docs/design.md §14). */
  version: recordVersionSchema,
});
export type DisputeSummary = z.infer<typeof disputeSummarySchema>;

export const disputeListResponseSchema = z.object({
  data: z.array(disputeSummarySchema),
  totalCount: z.number(),
  paginationData: paginationDataSchema,
});
export type DisputeListResponse = z.infer<typeof disputeListResponseSchema>;

/** A journal the dispute wrote, line by line (signed cents: debit +, credit -). */
export const disputeJournalSchema = z.object({
  id: z.string(),
  kind: z.string(),
  createdAt: z.string(),
  lines: z.array(z.object({ account: z.string(), ownerId: z.string().nullable(), amountCents: z.number() })),
});
export type DisputeJournal = z.infer<typeof disputeJournalSchema>;

/** One dispute with its evidence (the saved draft, else gathered from the booking now) and its journals. */
export const disputeSchema = disputeSummarySchema.extend({
  chargeId: z.string().nullable(),
  paymentIntentId: z.string().nullable(),
  paymentId: z.string().nullable(),
  evidence: z.object(Object.fromEntries(DISPUTE_EVIDENCE_FIELD_NAMES.map((field) => [field, z.string()])) as Record<DisputeEvidenceField, z.ZodString>),
  /** Where `evidence` comes from: what was submitted, the saved draft, or gathered from the booking's record now. */
  evidenceSource: z.enum(['submitted', 'draft', 'gathered']),
  draftSavedAt: z.string().nullable(),
  draftSavedBy: z.string().nullable(),
  /** Who submitted it (an admin's email); null with a submission date means it was submitted in Stripe. */
  evidenceSubmittedBy: z.string().nullable(),
  /** Whether evidence can be submitted now (Stripe waits for it, none went in, not past due). */
  canSubmitEvidence: z.boolean(),
  /** Whether the loss of a lost dispute still waits for finance's choice. */
  canChooseLossRecovery: z.boolean(),
  lossRecoveryBy: z.string().nullable(),
  lossRecoveryAt: z.string().nullable(),
  journals: z.array(disputeJournalSchema),
});
export type Dispute = z.infer<typeof disputeSchema>;

export const disputeResponseSchema = z.object({ data: disputeSchema });
export const disputeMutationResponseSchema = z.object({ message: z.string(), data: disputeSchema });
export type DisputeMutationResponse = z.infer<typeof disputeMutationResponseSchema>;

/** The group of a dispute's status for the filter (and the work queue). */
export function disputeStatusGroup(status: string, isEvidenceSubmitted: boolean): DisputeStatusFilter {
  if ((DISPUTE_CLOSED_STATUSES as readonly string[]).includes(status)) return 'closed';
  if ((DISPUTE_NEEDS_RESPONSE_STATUSES as readonly string[]).includes(status) && !isEvidenceSubmitted) return 'needs_response';
  return 'under_review';
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whole days left until the evidence is due (0 on its last day), negative once it is overdue;
 * null without a due date.
 */
export function disputeDaysLeft(evidenceDueBy: string | null, now: Date = new Date()): number | null {
  if (!evidenceDueBy) return null;
  const due = new Date(evidenceDueBy).getTime();
  if (Number.isNaN(due)) return null;
  const left = due - now.getTime();
  return left >= 0 ? Math.floor(left / DAY_MS) : -Math.ceil(-left / DAY_MS);
}
