import { z } from 'zod';
import { pageNumberSchema, pageSizeSchema, searchTextSchema } from './common';

export const userSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  address: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  createdAt: z.string(),
  isActive: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const userListQuerySchema = z.strictObject({
  page: pageNumberSchema.default(1),
  limit: pageSizeSchema('limit').default(10),
  search: searchTextSchema,
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;
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

export const queryReplySchema = z.object({
  message: z.string(),
  sentAt: z.string().nullable(),
  isSent: z.boolean(),
  createdAt: z.string(),
});
export const customerQuerySchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  message: z.string(),
  date: z.string(),
  /** Reply texts, as SPEC.md names them. */
  replies: z.array(z.string()),
  replyDetails: z.array(queryReplySchema),
});
export type CustomerQuery = z.infer<typeof customerQuerySchema>;

export const queryListQuerySchema = z.strictObject({
  page: pageNumberSchema.default(1),
  limit: pageSizeSchema('limit').default(10),
  sort: z.enum(['latest', 'oldest'], { error: 'sort must be latest or oldest' }).default('latest'),
  email: searchTextSchema,
});
export type QueryListQuery = z.infer<typeof queryListQuerySchema>;
export const queryListResponseSchema = z.object({
  queries: z.array(customerQuerySchema),
  totalPages: z.number(),
  totalCount: z.number(),
});

export const replyMessages = {
  blank: 'Please enter a reply message',
  failed: 'Failed to send reply. Please try again.',
} as const;
export const replyBodySchema = z.strictObject({
  queryId: z.uuid({ error: 'queryId must be a valid id' }),
  reply: z
    .string({ error: replyMessages.blank })
    .trim()
    .min(1, replyMessages.blank)
    .max(5000, 'Reply must be at most 5000 characters'),
});
export type ReplyBody = z.infer<typeof replyBodySchema>;

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
  'other',
] as const;
export const ACTIVITY_SUB_TYPES = ['manualUTEPayment', 'utePayment', 'JobOtpSend', 'UteTaskCompleted'] as const;

export const activityRecordSchema = z.object({
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

export const activityDayGroupSchema = z.object({
  date: z.string(),
  count: z.number(),
  activities: z.array(z.record(z.string(), activityRecordSchema)),
});
export type ActivityDayGroup = z.infer<typeof activityDayGroupSchema>;

export const activityQuerySchema = z.strictObject({
  /** A day (YYYY-MM-DD) to show alone. */
  date: z.iso.date({ error: 'date must be YYYY-MM-DD' }).optional(),
  /** Load day groups older than this day (YYYY-MM-DD), for "load more". */
  before: z.iso.date({ error: 'before must be YYYY-MM-DD' }).optional(),
  days: z.coerce.number().int().min(1).max(60).default(7),
});
export const activityResponseSchema = z.object({
  data: z.array(activityDayGroupSchema),
  user: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  dates: z.array(z.object({ date: z.string(), count: z.number() })),
  totalCount: z.number(),
  hasMore: z.boolean(),
});
export type ActivityResponse = z.infer<typeof activityResponseSchema>;
