import { z } from 'zod';
import { textSchema } from './common';

/** The kinds of rows global search finds (README, "Export, search and wide lists"), in the order their groups are shown. */
export const SEARCH_GROUPS = ['users', 'utes', 'jobs', 'uteBookings', 'jobBookings', 'queries'] as const;
export type SearchGroup = (typeof SEARCH_GROUPS)[number];

/** Each group's heading. */
export const SEARCH_GROUP_LABELS: Record<SearchGroup, string> = {
  users: 'Users',
  utes: 'Utes',
  jobs: 'Jobs',
  uteBookings: 'Ute bookings',
  jobBookings: 'Job bookings',
  queries: 'Queries',
};

export const SEARCH_TERM_MIN_LENGTH = 2;
export const SEARCH_TERM_MAX_LENGTH = 100;
/** At most this many hits per group, newest first. */
export const SEARCH_HITS_PER_GROUP = 5;

export const searchMessages = {
  required: 'q is required',
  tooShort: `q must be at least ${SEARCH_TERM_MIN_LENGTH} characters`,
  tooLong: `q must be at most ${SEARCH_TERM_MAX_LENGTH} characters`,
} as const;

/**
 * `q`: what the admin typed, trimmed. It is matched against users' names and emails, ute names, job
 * titles and customer queries' emails (contains, case-insensitive; a 2-character term matches the
 * start of a word), against reference ids (UTE-…, JOB-…, UB-…, JB-…: exact or prefix) and, when it
 * is one, against the rows' uuid.
 */
export const searchQuerySchema = z.strictObject({
  q: textSchema('q', { error: searchMessages.required })
    .trim()
    .min(SEARCH_TERM_MIN_LENGTH, searchMessages.tooShort)
    .max(SEARCH_TERM_MAX_LENGTH, searchMessages.tooLong),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** One found row: its id (the list's `_id`) and the two lines that name it. */
export const searchHitSchema = z.object({
  id: z.string(),
  title: z.string(),
  detail: z.string(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchGroupResultSchema = z.object({
  group: z.enum(SEARCH_GROUPS),
  hits: z.array(searchHitSchema),
});
export type SearchGroupResult = z.infer<typeof searchGroupResultSchema>;

/** Every group the caller may see, in SEARCH_GROUPS order, each with its hits (possibly none); the others are absent. */
export const searchResponseSchema = z.object({ data: z.array(searchGroupResultSchema) });
export type SearchResponse = z.infer<typeof searchResponseSchema>;
