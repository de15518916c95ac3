import { z } from 'zod';
import { userSchema } from './people';

/**
 * A user's whole story on one page (README, "A user's whole story"): their details, then a short list per part of the
 * marketplace they touch, each with its total and a link to the full list filtered to them.
 */
export const USER_STORY_SECTIONS = ['utes', 'jobs', 'uteBookings', 'jobBookings', 'payments', 'queries', 'activity', 'adminActions'] as const;
export type UserStorySection = (typeof USER_STORY_SECTIONS)[number];

export const USER_STORY_SECTION_LABELS: Record<UserStorySection, string> = {
  utes: 'Utes',
  jobs: 'Jobs',
  uteBookings: 'Ute bookings',
  jobBookings: 'Job bookings',
  payments: 'Payments',
  queries: 'Queries',
  activity: 'Activity',
  adminActions: 'Admin actions',
};

/** Rows per section: the newest few; the link opens the rest. */
export const USER_STORY_ITEMS = 5;

/** One row of a section: what names it, when, and its status where it has one. */
export const userStoryItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  detail: z.string(),
  at: z.string(),
  status: z.string().nullable(),
});
export type UserStoryItem = z.infer<typeof userStoryItemSchema>;

export const userStorySectionSchema = z.object({
  section: z.enum(USER_STORY_SECTIONS),
  /** How many rows the full list filtered to this user holds. */
  total: z.number(),
  items: z.array(userStoryItemSchema),
});
export type UserStorySectionData = z.infer<typeof userStorySectionSchema>;

/** The user, then the sections the caller may see, in USER_STORY_SECTIONS order. */
export const userStoryResponseSchema = z.object({
  user: userSchema,
  sections: z.array(userStorySectionSchema),
});
export type UserStoryResponse = z.infer<typeof userStoryResponseSchema>;
