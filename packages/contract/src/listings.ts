import { z } from 'zod';
import { pageNumberSchema, pageSizeSchema, paginationDataSchema, searchTextSchema } from './common';

export const LISTING_STATUSES = ['Pending', 'Approved', 'Rejected'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/** `?status=Approved|Rejected` of the ute and job status calls. */
export const listingStatusQuerySchema = z.strictObject({
  status: z.enum(['Approved', 'Rejected'], { error: 'status must be Approved or Rejected' }),
});
export type ListingStatusQuery = z.infer<typeof listingStatusQuerySchema>;

export const uteSchema = z.object({
  _id: z.string(),
  uteId: z.string(),
  fullName: z.string().nullable(),
  description: z.string().nullable(),
  licenceNumber: z.string().nullable(),
  licenceExpireDate: z
    .object({ licenceExpireMonth: z.number(), licenceExpireYear: z.number() })
    .nullable(),
  serviceCity: z.array(z.string()),
  state: z.string().nullable(),
  location: z.string().nullable(),
  uteModel: z.string().nullable(),
  chesisNumber: z.string().nullable(),
  uteAvailble: z.array(z.string()),
  budget: z.number().nullable(),
  uteImages: z.array(z.string()),
  /** A short-lived signed URL: licences are private. */
  licenceImage: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
});
export type Ute = z.infer<typeof uteSchema>;

export const uteListQuerySchema = z.strictObject({
  page: pageNumberSchema.default(1),
  pageSize: pageSizeSchema('pageSize').default(10),
  search: searchTextSchema,
});
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
  budget: z.number().nullable(),
  jobImg: z.array(z.string()),
  status: z.string(),
  createdAt: z.string(),
});
export type Job = z.infer<typeof jobSchema>;

export const JOB_SORTS = ['budgetAsc', 'budgetDesc'] as const;
export const jobListQuerySchema = z.strictObject({
  page: pageNumberSchema.default(1),
  limit: pageSizeSchema('limit').default(10),
  search: searchTextSchema,
  sort: z.enum(JOB_SORTS, { error: 'sort must be budgetAsc or budgetDesc' }).optional(),
});
export type JobListQuery = z.infer<typeof jobListQuerySchema>;
export const jobListResponseSchema = z.object({
  data: z.array(jobSchema),
  totalCount: z.number(),
  paginationData: paginationDataSchema,
});
export type JobListResponse = z.infer<typeof jobListResponseSchema>;
