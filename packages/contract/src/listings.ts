import { z } from 'zod';
import { listingRejectionSchema } from './moderation';
import { workItemListFields, workItemSummarySchema } from './workItems';
import {
  createdDayRangeFields,
  listRowIdSchema,
  listUserIdSchema,
  pageNumberSchema,
  pageSizeSchema,
  paginationDataSchema,
  recordVersionSchema,
  searchTextSchema,
  withCreatedDayRange,
} from './common';

export const LISTING_STATUSES = ['Pending', 'Approved', 'Rejected'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/** A stored status as the screens read it: anything missing or unknown is Pending (docs/product.md). */
export function toListingStatus(value: string | null | undefined): ListingStatus {
  return value === 'Approved' || value === 'Rejected' ? value : 'Pending';
}

export const SETTABLE_LISTING_STATUSES = ['Approved', 'Rejected'] as const;
export type SettableListingStatus = (typeof SETTABLE_LISTING_STATUSES)[number];

/** `?status=Approved|Rejected` of the ute and job status calls. */
export const listingStatusQuerySchema = z.strictObject({
  status: z.enum(SETTABLE_LISTING_STATUSES, { error: 'status must be Approved or Rejected' }),
});
export type ListingStatusQuery = z.infer<typeof listingStatusQuerySchema>;

/**
 * Ute rules of docs/product.md: Approved or Rejected from any state, but not the state it already has
 * (the button is disabled then; the api answers 409).
 */
export function canSetUteStatus(current: ListingStatus, next: SettableListingStatus): boolean {
  return current !== next;
}

/**
 * Job rules of docs/product.md: Approve is disabled when already Approved; Reject is disabled when
 * Approved (and, by the same rule as utes, when already Rejected).
 */
export function canSetJobStatus(current: ListingStatus, next: SettableListingStatus): boolean {
  if (next === 'Approved') return current !== 'Approved';
  return current === 'Pending';
}

/** The `message` texts the listing mutations answer with. */
export const listingMessages = {
  uteApproved: 'UTE approved successfully',
  uteRejected: 'UTE rejected successfully',
  uteDeleted: 'UTE deleted successfully',
  uteAlready: (status: ListingStatus) => `UTE is already ${status}`,
  jobApproved: 'Job approved successfully',
  jobRejected: 'Job rejected successfully',
  jobDeleted: 'Job deleted successfully',
  jobAlready: (status: ListingStatus) => `Job is already ${status}`,
  approvedJobCannotBeRejected: 'An approved job cannot be rejected',
} as const;

export const licenceExpireDateSchema = z.object({
  licenceExpireMonth: z.number().int(),
  licenceExpireYear: z.number().int(),
});
export type LicenceExpireDate = z.infer<typeof licenceExpireDateSchema>;

export const uteSchema = z.object({
  _id: z.string(),
  uteId: z.string(),
  fullName: z.string().nullable(),
  description: z.string().nullable(),
  licenceNumber: z.string().nullable(),
  /** Null when the month or the year is unknown. */
  licenceExpireDate: licenceExpireDateSchema.nullable(),
  serviceCity: z.array(z.string()),
  state: z.string().nullable(),
  location: z.string().nullable(),
  uteModel: z.string().nullable(),
  chesisNumber: z.string().nullable(),
  uteAvailble: z.array(z.string()),
  /** Dollars. */
  budget: z.number().nullable(),
  /** File names, served at /images/ute-images/{name}. */
  uteImages: z.array(z.string()),
  /** A short-lived signed URL (licences are private), or null. */
  licenceImage: z.string().nullable(),
  status: z.enum(LISTING_STATUSES),
  /** Its place in the pendingUtes queue (how long, whose), null when not waiting in it (docs/design.md §15). */
  workItem: workItemSummarySchema.nullable().optional(),
  /** Why it was rejected, while it is Rejected; null otherwise. */
  rejection: listingRejectionSchema.nullable(),
  createdAt: z.string(),
  /** What an action on this row sends back in If-Match (docs/design.md §14). */
  version: recordVersionSchema,
});
export type Ute = z.infer<typeof uteSchema>;

/** The one status a list filters by: Pending (stored as anything but Approved or Rejected, as `toListingStatus` reads it). */
const pendingStatusFilterSchema = z.enum(['Pending'], { error: 'status must be Pending' }).optional();

/** The ute list's query before its created-day check: what the export's query derives from (exports.ts). */
export const uteListFieldsSchema = z.strictObject({
  page: pageNumberSchema.default(1),
  pageSize: pageSizeSchema('pageSize').default(10),
  /** Part of the ute name (full name), case-insensitive. */
  search: searchTextSchema,
  /** Only the utes waiting for approval (the pendingUtes work queue). */
  status: pendingStatusFilterSchema,
  /** Only the row with this id (global search links to it). */
  id: listRowIdSchema,
  /** Only the utes this user owns. */
  userId: listUserIdSchema,
  ...createdDayRangeFields,
  /** The pendingUtes queue's items held by me or nobody, and the longest waiting first (docs/design.md §15). */
  ...workItemListFields,
});
export const uteListQuerySchema = withCreatedDayRange(uteListFieldsSchema);
export type UteListQuery = z.infer<typeof uteListQuerySchema>;
export const uteListResponseSchema = z.object({ data: z.array(uteSchema), totalCount: z.number() });
export type UteListResponse = z.infer<typeof uteListResponseSchema>;

export const jobSchema = z.object({
  _id: z.string(),
  jobId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  state: z.string().nullable(),
  location: z.string().nullable(),
  workSchedule: z.array(z.string()),
  /** Dollars. */
  budget: z.number().nullable(),
  /** File names, served at /jobImg/{name}. */
  jobImg: z.array(z.string()),
  status: z.enum(LISTING_STATUSES),
  /** Its place in the pendingJobs queue (how long, whose), null when not waiting in it (docs/design.md §15). */
  workItem: workItemSummarySchema.nullable().optional(),
  /** Why it was rejected, while it is Rejected; null otherwise. */
  rejection: listingRejectionSchema.nullable(),
  createdAt: z.string(),
  /** What an action on this row sends back in If-Match (docs/design.md §14). */
  version: recordVersionSchema,
});
export type Job = z.infer<typeof jobSchema>;

export const JOB_SORTS = ['budgetAsc', 'budgetDesc'] as const;
export type JobSort = (typeof JOB_SORTS)[number];
/** The job list's query before its created-day check (exports.ts derives from it). */
export const jobListFieldsSchema = z.strictObject({
  page: pageNumberSchema.default(1),
  limit: pageSizeSchema('limit').default(10),
  /** Part of the title, case-insensitive. */
  search: searchTextSchema,
  /** Budget order; newest first when absent. */
  sort: z.enum(JOB_SORTS, { error: 'sort must be budgetAsc or budgetDesc' }).optional(),
  /** Only the jobs waiting for approval (the pendingJobs work queue). */
  status: pendingStatusFilterSchema,
  /** Only the row with this id (global search links to it). */
  id: listRowIdSchema,
  /** Only the jobs this user posted. */
  userId: listUserIdSchema,
  ...createdDayRangeFields,
  /** The pendingJobs queue's items held by me or nobody, and the longest waiting first (docs/design.md §15). */
  ...workItemListFields,
});
export const jobListQuerySchema = withCreatedDayRange(jobListFieldsSchema);
export type JobListQuery = z.infer<typeof jobListQuerySchema>;
export const jobListResponseSchema = z.object({
  data: z.array(jobSchema),
  totalCount: z.number(),
  paginationData: paginationDataSchema,
});
export type JobListResponse = z.infer<typeof jobListResponseSchema>;
