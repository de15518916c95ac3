import { z } from 'zod';

/**
 * The work queues (docs/design.md §8.3): the rows of a list that wait for an admin. Each is one trigger-kept
 * counter in the api and one filter of its list, and the two mean exactly the same rows.
 */
export const WORK_QUEUES = [
  'pendingUtes',
  'pendingJobs',
  'uteBookingsAwaitingPayout',
  'jobBookingsAwaitingPayout',
  'manualPaymentsAwaitingAcceptance',
  'unansweredQueries',
  'quotesAwaitingPrice',
  'disputesNeedingEvidence',
  'undecidedRefunds',
] as const;
export type WorkQueue = (typeof WORK_QUEUES)[number];

/** What each queue holds, in words: the badge's accessible name and the filtered list's notice. */
export const WORK_QUEUE_LABELS: Record<WorkQueue, string> = {
  pendingUtes: 'Pending utes',
  pendingJobs: 'Pending jobs',
  uteBookingsAwaitingPayout: 'Ute bookings delivered, awaiting payout',
  jobBookingsAwaitingPayout: 'Job bookings delivered, awaiting payout',
  manualPaymentsAwaitingAcceptance: 'Manual payments awaiting acceptance',
  unansweredQueries: 'Queries with no reply',
  quotesAwaitingPrice: 'Quotes awaiting a price',
  disputesNeedingEvidence: 'Disputes needing evidence',
  undecidedRefunds: 'Refunds whose owner share waits for a recovery choice',
};

/**
 * A list's query flag that narrows it to its work queue: present as `true`, or absent. (A boolean
 * would accept `false`, which would have to mean "all but the queue", a list nobody asked for.)
 */
export const workQueueFlagSchema = (name: string) => z.enum(['true'], { error: `${name} must be true` }).optional();

/** The queue's item that has waited longest (docs/design.md §15): the badge's tooltip names it. */
export const workQueueOldestSchema = z.object({ recordId: z.string(), label: z.string().nullable(), enteredAt: z.string() });
export type WorkQueueOldest = z.infer<typeof workQueueOldestSchema>;

export const workQueueCountSchema = z.object({
  queue: z.enum(WORK_QUEUES),
  count: z.number().int().nonnegative(),
  /** Items of this queue assigned to the caller (§15; 0 for a queue without work items). */
  mine: z.number().int().nonnegative(),
  /** Items past the queue's overdue threshold. */
  overdue: z.number().int().nonnegative(),
  /** The longest-waiting item, null when the queue is empty or has no work items. */
  oldest: workQueueOldestSchema.nullable(),
});
export type WorkQueueCount = z.infer<typeof workQueueCountSchema>;
export const workQueuesResponseSchema = z.object({ data: z.array(workQueueCountSchema) });
export type WorkQueuesResponse = z.infer<typeof workQueuesResponseSchema>;
