import { z } from 'zod';
import {
  createdDayRangeFields,
  listRowIdSchema,
  pageNumberSchema,
  pageSizeSchema,
  recordVersionSchema,
  searchTextSchema,
  textSchema,
  withCreatedDayRange,
} from './common';
import { workItemListFields, workItemSummarySchema } from './workItems';
import { workQueueFlagSchema } from './workQueues';

export const userSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  address: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  createdAt: z.string(),
  isActive: z.boolean(),
  /** What an action on this user sends back in If-Match (docs/design.md §14). */
  version: recordVersionSchema,
});
export type User = z.infer<typeof userSchema>;

/** The user list's query before its created-day check (exports.ts derives from it). */
export const userListFieldsSchema = z.strictObject({
  page: pageNumberSchema.default(1),
  limit: pageSizeSchema('limit').default(10),
  search: searchTextSchema,
  /** Only the row with this id (global search links to it). */
  id: listRowIdSchema,
  ...createdDayRangeFields,
});
export const userListQuerySchema = withCreatedDayRange(userListFieldsSchema);
export type UserListQuery = z.infer<typeof userListQuerySchema>;
/** `total` and `totalCount` both carry the number of users matching the search (docs/product.md names both). */
export const userListResponseSchema = z.object({
  data: z.array(userSchema),
  total: z.number(),
  totalCount: z.number(),
});
export type UserListResponse = z.infer<typeof userListResponseSchema>;

export const userStatusBodySchema = z.strictObject({
  status: z.enum(['active', 'inActive'], { error: 'status must be active or inActive' }),
});
export type UserStatusBody = z.infer<typeof userStatusBodySchema>;

/** Outbox states of a reply's mail: sent (SMTP accepted it), logged (no SMTP configured), pending (to retry), failed (gave up). */
export const MAIL_STATUSES = ['sent', 'logged', 'pending', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const queryReplySchema = z.object({
  _id: z.string(),
  message: z.string(),
  /** The outbox state of the mail that carries this reply; null when no mail was recorded. */
  mailStatus: z.enum(MAIL_STATUSES).nullable(),
  /** True when the mail left (sent over SMTP, or logged because no SMTP is configured). */
  isSent: z.boolean(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type QueryReply = z.infer<typeof queryReplySchema>;
export const customerQuerySchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  message: z.string(),
  date: z.string(),
  /** Reply texts, as docs/product.md names them. */
  replies: z.array(z.string()),
  replyDetails: z.array(queryReplySchema),
  /** Its place in the unansweredQueries queue (how long, whose), null when not waiting in it (docs/design.md §15). */
  workItem: workItemSummarySchema.nullable().optional(),
  /** What an action on this query (a reply, a deletion) sends back in If-Match (docs/design.md §14). */
  version: recordVersionSchema,
});
export type CustomerQuery = z.infer<typeof customerQuerySchema>;

/** The query list's query before its created-day check (exports.ts derives from it). */
export const queryListFieldsSchema = z.strictObject({
  page: pageNumberSchema.default(1),
  limit: pageSizeSchema('limit').default(10),
  sort: z.enum(['latest', 'oldest'], { error: 'sort must be latest or oldest' }).default('latest'),
  email: searchTextSchema,
  /** Only the queries without a reply (the unansweredQueries work queue). */
  unanswered: workQueueFlagSchema('unanswered'),
  /** Only the row with this id (global search links to it). */
  id: listRowIdSchema,
  ...createdDayRangeFields,
  /** The unansweredQueries queue's items held by me or nobody, and the longest waiting first (docs/design.md §15). */
  ...workItemListFields,
});
export const queryListQuerySchema = withCreatedDayRange(queryListFieldsSchema);
export type QueryListQuery = z.infer<typeof queryListQuerySchema>;
export const queryListResponseSchema = z.object({
  queries: z.array(customerQuerySchema),
  totalPages: z.number(),
  totalCount: z.number(),
});
export type QueryListResponse = z.infer<typeof queryListResponseSchema>;

export const replyMessages = {
  blank: 'Please enter a reply message',
  failed: 'Failed to send reply. Please try again.',
  sent: 'Reply sent successfully',
  savedNotSent: 'Reply saved, but the mail could not be sent yet; it will be retried',
} as const;
export const replyBodySchema = z.strictObject({
  queryId: z.uuid({ error: 'queryId must be a valid id' }),
  reply: textSchema('Reply', { error: replyMessages.blank }).trim().min(1, replyMessages.blank).max(5000, 'Reply must be at most 5000 characters'),
});
export type ReplyBody = z.infer<typeof replyBodySchema>;
export const replyResponseSchema = z.object({
  message: z.string(),
  /** False when the reply is stored but its mail waits in the outbox for a retry. */
  isSent: z.boolean(),
});
export type ReplyResponse = z.infer<typeof replyResponseSchema>;

export const ACTIVITY_TYPES = [
  'logged-in',
  'logged-out',
  'add-ute',
  'add-job',
  'create-ute-booking',
  'ute-accept-booking',
  'ute-reject-booking',
  'initiate-manual-payment',
  'initiate-stripe-ute-payment',
  'initiate-stripe-job-payment',
  'uteOwner-apply-for-job',
  'ute-dispatched',
  'otp-send',
  'completed',
  'job-request-rejected',
  'listing-approved',
  'listing-rejected',
  'other',
] as const;
export const ACTIVITY_SUB_TYPES = ['manualUTEPayment', 'utePayment', 'JobOtpSend', 'UteTaskCompleted'] as const;

export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/**
 * One activity. Days and the 'h:mm AM' keys are calendar time in Australia/Sydney (ACTIVITY_TIME_ZONE),
 * the marketplace's home time zone, so a day group is the same for every admin wherever they sit.
 */
export const activityRecordSchema = z.object({
  _id: z.string(),
  /** The exact instant (ISO 8601), so two activities in the same minute stay apart and in order. */
  occurredAt: z.string(),
  activity: z.string(),
  activityBy: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  activityTo: z
    .object({
      uteName: z.string().optional(),
      uteId: z.string().optional(),
      jobName: z.string().optional(),
      jobId: z.string().optional(),
      amount: z.number().optional(),
      fullName: z.string().optional(),
    })
    .nullable(),
  response: z.unknown().optional(),
  type: z.string().nullable().optional(),
});
export type ActivityRecord = z.infer<typeof activityRecordSchema>;

export const ACTIVITY_TIME_ZONE = 'Australia/Sydney';

/**
 * A calendar day (YYYY-MM-DD) with its activities, newest first. Each entry is its own object
 * `{ "10:32 AM": record }`, so two activities in the same minute never overwrite each other.
 */
export const activityDayGroupSchema = z.object({
  date: z.string(),
  /** All activities of that day (the group always carries all of them). */
  count: z.number(),
  activities: z.array(z.record(z.string(), activityRecordSchema)),
});
export type ActivityDayGroup = z.infer<typeof activityDayGroupSchema>;

export const ACTIVITY_MAX_DAYS = 60;
export const activityParamsSchema = z.strictObject({
  userId: z.uuid({ error: 'userId must be a valid id' }),
});
export const activityQuerySchema = z.strictObject({
  /** A day (YYYY-MM-DD) to show alone; `before` and `days` are then ignored. */
  date: z.iso.date({ error: 'date must be YYYY-MM-DD' }).optional(),
  /** Load day groups older than this day (YYYY-MM-DD), for "load more". */
  before: z.iso.date({ error: 'before must be YYYY-MM-DD' }).optional(),
  /** How many day groups to answer (newest first). */
  days: z.coerce
    .number({ error: 'days must be a number' })
    .int('days must be a whole number')
    .min(1, 'days must be 1 or more')
    .max(ACTIVITY_MAX_DAYS, `days must be at most ${ACTIVITY_MAX_DAYS}`)
    .default(7),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;
export const activityDateCountSchema = z.object({ date: z.string(), count: z.number() });
export type ActivityDateCount = z.infer<typeof activityDateCountSchema>;
export const activityResponseSchema = z.object({
  data: z.array(activityDayGroupSchema),
  user: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  /** Every day with activity, newest first, with its count (the 'Filter by Date' list). */
  dates: z.array(activityDateCountSchema),
  /** All activities of the user. */
  totalCount: z.number(),
  /** True when older day groups exist beyond `data` (ask again with before = the last date). */
  hasMore: z.boolean(),
});
export type ActivityResponse = z.infer<typeof activityResponseSchema>;
