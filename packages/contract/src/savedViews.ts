import { z } from 'zod';
import { recordVersionSchema, textSchema } from './common';

/**
 * Saved views on the lists (docs/design.md §12): a list's URL query (filters,
 * search, sort, tab) saved under a name, private to its creator or shared with the team. Who may
 * open a list uses its views (SAVED_VIEW_LIST_ROUTES in listRoutes.ts).
 */

/** The lists that carry saved views; the wire and the database use these names. */
export const SAVED_VIEW_LISTS = ['utes', 'jobs', 'users', 'uteBookings', 'jobBookings', 'payments', 'queries', 'quotes'] as const;
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];

/** How many views an admin may create on one list. */
export const SAVED_VIEWS_PER_LIST = 10;
export const SAVED_VIEW_NAME_MAX = 60;
export const SAVED_VIEW_QUERY_MAX = 1000;

export const savedViewTexts = {
  listInvalid: `list must be one of ${SAVED_VIEW_LISTS.join(', ')}`,
  nameRequired: 'Name the view (at least one character)',
  nameTooLong: `A view's name must be at most ${SAVED_VIEW_NAME_MAX} characters`,
  queryInvalid: 'query must be empty or a URL query string starting with ?',
  queryTooLong: `A view's query must be at most ${SAVED_VIEW_QUERY_MAX} characters`,
  isSharedInvalid: 'isShared must be true or false',
  nothingToChange: 'Give the name, the query or isShared to change',
  created: 'View saved',
  updated: 'View updated',
  deleted: 'View deleted',
  tooMany: `You already have ${SAVED_VIEWS_PER_LIST} views on this list: delete one before saving another`,
  duplicateName: 'A view with this name already exists',
  notChangeable: 'Only the creator of a shared view or an owner may change or delete it',
} as const;

export const savedViewNameSchema = textSchema('name', { error: savedViewTexts.nameRequired })
  .trim()
  .min(1, savedViewTexts.nameRequired)
  .max(SAVED_VIEW_NAME_MAX, savedViewTexts.nameTooLong);

/** The list's URL search string as the browser shows it: empty or `?…`. */
export const savedViewQuerySchema = textSchema('query', { error: savedViewTexts.queryInvalid })
  .max(SAVED_VIEW_QUERY_MAX, savedViewTexts.queryTooLong)
  .refine((value) => value === '' || value.startsWith('?'), { error: savedViewTexts.queryInvalid });

const isSharedSchema = z.boolean({ error: savedViewTexts.isSharedInvalid });

/** GET saved-views/:list, POST saved-views/:list/add. */
export const savedViewListParamsSchema = z.strictObject({
  list: z.enum(SAVED_VIEW_LISTS, { error: savedViewTexts.listInvalid }),
});
export type SavedViewListParams = z.infer<typeof savedViewListParamsSchema>;

export const savedViewCreateBodySchema = z.strictObject({
  name: savedViewNameSchema,
  query: savedViewQuerySchema,
  isShared: isSharedSchema.default(false),
});
export type SavedViewCreateBody = z.infer<typeof savedViewCreateBodySchema>;

/** PATCH saved-views/:id: any of the three, at least one. */
export const savedViewUpdateBodySchema = z
  .strictObject({
    name: savedViewNameSchema.optional(),
    query: savedViewQuerySchema.optional(),
    isShared: isSharedSchema.optional(),
  })
  .refine((body) => body.name !== undefined || body.query !== undefined || body.isShared !== undefined, { error: savedViewTexts.nothingToChange });
export type SavedViewUpdateBody = z.infer<typeof savedViewUpdateBodySchema>;

export const savedViewSchema = z.object({
  id: z.string(),
  list: z.enum(SAVED_VIEW_LISTS),
  name: z.string(),
  query: z.string(),
  isShared: z.boolean(),
  creator: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
  /** Whether the caller may rename, share or unshare and delete it (its creator, or an owner for a shared view). */
  canChange: z.boolean(),
  /** For If-Match on its change or deletion (docs/design.md §14). */
  version: recordVersionSchema,
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewListResponseSchema = z.object({ data: z.array(savedViewSchema) });
export type SavedViewListResponse = z.infer<typeof savedViewListResponseSchema>;

export const savedViewResponseSchema = z.object({ message: z.string(), data: savedViewSchema });
export type SavedViewResponse = z.infer<typeof savedViewResponseSchema>;

/** The query a view saves: the URL's, without its page and its `view` marker. */
export function savedViewQueryOf(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('page');
  params.delete('view');
  const query = params.toString();
  return query ? `?${query}` : '';
}
