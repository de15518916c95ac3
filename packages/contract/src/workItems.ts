import { z } from 'zod';
import { recordVersionSchema } from './common';
import type { WorkQueue } from './workQueues';

/**
 * Casework: assignment and queue ages (docs/design.md §15). Every row waiting in a work queue is a
 * work item (the api's `work_items`, kept by database triggers): when it entered the queue, and who
 * it is assigned to. An item leaves with its row leaving the queue, and its assignment with it.
 */

/**
 * The queues whose rows are work items: every work queue but the undecided refunds (a refund's
 * recovery choice is made on its payment, and no record type of the notes or the inbox names a refund).
 */
export const WORK_ITEM_QUEUES = [
  'pendingUtes',
  'pendingJobs',
  'uteBookingsAwaitingPayout',
  'jobBookingsAwaitingPayout',
  'manualPaymentsAwaitingAcceptance',
  'unansweredQueries',
  'quotesAwaitingPrice',
  'disputesNeedingEvidence',
] as const satisfies readonly WorkQueue[];
export type WorkItemQueue = (typeof WORK_ITEM_QUEUES)[number];

export const isWorkItemQueue = (queue: string): queue is WorkItemQueue => (WORK_ITEM_QUEUES as readonly string[]).includes(queue);

/** The inbox's record type of each queue's rows: an assignment or an overdue item opens that record. */
export const WORK_ITEM_RECORD_TYPES = {
  pendingUtes: 'ute',
  pendingJobs: 'job',
  uteBookingsAwaitingPayout: 'uteBooking',
  jobBookingsAwaitingPayout: 'jobBooking',
  manualPaymentsAwaitingAcceptance: 'payment',
  unansweredQueries: 'query',
  quotesAwaitingPrice: 'quote',
  disputesNeedingEvidence: 'dispute',
} as const satisfies Record<WorkItemQueue, string>;

/** Business hours of the overdue thresholds counted in business hours: Monday to Friday, 09:00 to 17:00 in Sydney. */
export const BUSINESS_HOURS = { timeZone: 'Australia/Sydney', opensAtHour: 9, closesAtHour: 17 } as const;

/**
 * How long an item may wait before it is overdue: `hours` of the clock, or of business hours
 * (BUSINESS_HOURS) when `isBusinessHours`.
 */
export const workQueueThresholdSchema = z.strictObject({
  hours: z
    .number({ error: 'hours must be a number' })
    .int('hours must be a whole number')
    .min(1, 'A threshold is at least 1 hour')
    .max(24 * 90, 'A threshold is at most 2160 hours (90 days)'),
  isBusinessHours: z.boolean({ error: 'isBusinessHours must be true or false' }),
});
export type WorkQueueThreshold = z.infer<typeof workQueueThresholdSchema>;

/**
 * The defaults (design §15): listings 24 h, queries 4 business hours, payouts and manual payments 2 days;
 * a quote's price 1 business day (8 business hours), a dispute's evidence 2 days (Stripe's own due
 * date is notified separately, §13).
 */
export const DEFAULT_WORK_QUEUE_THRESHOLDS: Record<WorkItemQueue, WorkQueueThreshold> = {
  pendingUtes: { hours: 24, isBusinessHours: false },
  pendingJobs: { hours: 24, isBusinessHours: false },
  uteBookingsAwaitingPayout: { hours: 48, isBusinessHours: false },
  jobBookingsAwaitingPayout: { hours: 48, isBusinessHours: false },
  manualPaymentsAwaitingAcceptance: { hours: 48, isBusinessHours: false },
  unansweredQueries: { hours: 4, isBusinessHours: true },
  quotesAwaitingPrice: { hours: 8, isBusinessHours: true },
  disputesNeedingEvidence: { hours: 48, isBusinessHours: false },
};

const thresholdsShape = Object.fromEntries(WORK_ITEM_QUEUES.map((queue) => [queue, workQueueThresholdSchema])) as Record<
  WorkItemQueue,
  typeof workQueueThresholdSchema
>;

/** GET work-queue-thresholds and the body of PUT update-work-queue-thresholds: every queue's threshold. */
export const workQueueThresholdsSchema = z.strictObject(thresholdsShape);
export type WorkQueueThresholds = z.infer<typeof workQueueThresholdsSchema>;
/** GET work-queue-thresholds: the thresholds and the version an owner's change names in If-Match (docs/design.md §14). */
export const workQueueThresholdsWithVersionSchema = workQueueThresholdsSchema.extend({ version: recordVersionSchema });
export type WorkQueueThresholdsWithVersion = z.infer<typeof workQueueThresholdsWithVersionSchema>;
export const workQueueThresholdsResponseSchema = z.object({ message: z.string(), data: workQueueThresholdsSchema, version: recordVersionSchema });
export type WorkQueueThresholdsResponse = z.infer<typeof workQueueThresholdsResponseSchema>;

export const workItemTexts = {
  queueInvalid: `queue must be one of ${WORK_ITEM_QUEUES.join(', ')}`,
  recordIdInvalid: 'recordId must be a valid id',
  assigneeIdInvalid: 'assigneeId must be a valid id',
  expectedAssigneeIdInvalid: 'expectedAssigneeId must be a valid id or null',
  leftQueue: 'This item is not waiting in that queue (any more): it needs nobody',
  assigneeUnknown: 'No such admin',
  assigneeInactive: (name: string) => `${name} is deactivated and cannot be assigned work`,
  assigneeCannotOpen: (name: string, queue: string) => `${name} cannot open ${queue}: their roles do not open that list`,
  heldBy: (name: string) => `This item is assigned to ${name}`,
  notAssigned: 'This item is not assigned to anyone',
  alreadyYours: 'This item is already assigned to you',
  alreadyTheirs: (name: string) => `This item is already assigned to ${name}`,
  assigned: (name: string) => `Assigned to ${name}`,
  taken: 'Assigned to you',
  released: 'Released',
  thresholdsSaved: 'Overdue thresholds saved',
} as const;

/** A work item's address: its queue and its record. */
export const workItemParamsSchema = z.strictObject({
  queue: z.enum(WORK_ITEM_QUEUES, { error: workItemTexts.queueInvalid }),
  recordId: z.uuid({ error: workItemTexts.recordIdInvalid }),
});
export type WorkItemParams = z.infer<typeof workItemParamsSchema>;

/**
 * Who the caller believes holds the item (null: nobody). A take or an assignment over an item held
 * by someone else than expected is a 409 naming the holder, so two admins cannot silently take the
 * same item from each other.
 */
const expectedAssigneeSchema = z.uuid({ error: workItemTexts.expectedAssigneeIdInvalid }).nullable().default(null);

export const workItemAssignBodySchema = z.strictObject({
  assigneeId: z.uuid({ error: workItemTexts.assigneeIdInvalid }),
  expectedAssigneeId: expectedAssigneeSchema,
});
export type WorkItemAssignBody = z.input<typeof workItemAssignBodySchema>;

export const workItemTakeBodySchema = z.strictObject({ expectedAssigneeId: expectedAssigneeSchema });
export type WorkItemTakeBody = z.input<typeof workItemTakeBodySchema>;

/** A release names who the caller believes holds it (null is refused: nothing to release). */
export const workItemReleaseBodySchema = z.strictObject({ expectedAssigneeId: expectedAssigneeSchema });
export type WorkItemReleaseBody = z.input<typeof workItemReleaseBodySchema>;

/** A list row's place in its queue: how long it has waited, when it is overdue and who holds it. */
export const workItemSummarySchema = z.object({
  queue: z.enum(WORK_ITEM_QUEUES),
  enteredAt: z.string(),
  /** When it becomes (or became) overdue, by its queue's threshold. */
  overdueAt: z.string(),
  assigneeId: z.string().nullable(),
  assignedAt: z.string().nullable(),
});
export type WorkItemSummary = z.infer<typeof workItemSummarySchema>;

export const workItemResponseSchema = z.object({ message: z.string(), data: workItemSummarySchema.extend({ recordId: z.string() }) });
export type WorkItemResponse = z.infer<typeof workItemResponseSchema>;

/**
 * A list's queue filters (on the queue-filtered lists): `assigned=me|none` (absent: anyone) and
 * `waitSort=oldest` (the longest waiting first). Either narrows the list to its queue.
 */
export const ASSIGNED_FILTERS = ['me', 'none'] as const;
export type AssignedFilter = (typeof ASSIGNED_FILTERS)[number];
export const workItemListFields = {
  assigned: z.enum(ASSIGNED_FILTERS, { error: 'assigned must be me or none' }).optional(),
  waitSort: z.enum(['oldest'], { error: 'waitSort must be oldest' }).optional(),
};
