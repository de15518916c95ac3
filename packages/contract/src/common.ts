import { z } from 'zod';
import { isStorableText, notAllowedCharacterMessage } from './authForms';

/** Error body of every 4xx/5xx answer (docs/design.md, HTTP contract). */
export const errorEnvelopeSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** On a 403 only: why (access.ts FORBIDDEN_REASONS), so the web can ask for a code in place. */
  reason: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export const messageSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageSchema>;

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 10;

const pageNumber = z.coerce
  .number({ error: 'page must be a number' })
  .int('page must be a whole number')
  .min(1, 'page must be 1 or more')
  .max(1_000_000, 'page is too large');

const pageSize = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be 1 or more`)
    .max(MAX_PAGE_SIZE, `${name} must be at most ${MAX_PAGE_SIZE}`);

/** Query of every list: page from 1, limit 1..100 (default 10). */
export const pageQuerySchema = z.strictObject({
  page: pageNumber.default(1),
  limit: pageSize('limit').default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export { pageNumber as pageNumberSchema, pageSize as pageSizeSchema };

/**
 * The string of every request field (body, query, params): refuses a NUL or a lone UTF-16
 * surrogate with '<label> contains a character that is not allowed', so text PostgreSQL cannot
 * store answers 400 instead of 500. Chain .trim(), .min() and .max() as on z.string(). The auth
 * forms (zod/mini, authForms.ts) apply the same isStorableText.
 */
export function textSchema(label: string, params?: { error: string }) {
  return z.string(params).refine(isStorableText, { error: notAllowedCharacterMessage(label), abort: true });
}

/** Free-text search: trimmed, bounded, empty means no search. */
export const searchTextSchema = textSchema('search')
  .max(100, 'search must be at most 100 characters')
  .transform((value) => value.trim())
  .optional();

export const idParamSchema = z.strictObject({
  id: z.uuid({ error: 'id must be a valid id' }),
});
export type IdParam = z.infer<typeof idParamSchema>;

/** A list's `id` filter: only that row (global search opens a list on the row it found). */
export const listRowIdSchema = z.uuid({ error: 'id must be a valid id' }).optional();

/** A list's `userId` filter: only that user's rows (the user page's "see all" links). */
export const listUserIdSchema = z.uuid({ error: 'userId must be a valid id' }).optional();

/** The texts of the lists' created-day filter (createdDayRangeFields). */
export const createdDayTexts = {
  createdFromInvalid: 'createdFrom must be a date (YYYY-MM-DD)',
  createdToInvalid: 'createdTo must be a date (YYYY-MM-DD)',
  createdToBeforeFrom: 'createdTo must not be before createdFrom',
} as const;

/**
 * A list's created-day filter (Analytics' drill-down): only the rows created from `createdFrom` to
 * `createdTo`, both Australia/Sydney calendar days (YYYY-MM-DD), both included; either may be absent.
 * Spread into the list's query object, then wrap it in withCreatedDayRange for the order check.
 */
export const createdDayRangeFields = {
  createdFrom: z.iso.date({ error: createdDayTexts.createdFromInvalid }).optional(),
  createdTo: z.iso.date({ error: createdDayTexts.createdToInvalid }).optional(),
};
export interface CreatedDayRange {
  createdFrom?: string;
  createdTo?: string;
}

/** YYYY-MM-DD days compare as text. */
const isCreatedDayRangeInOrder = (range: CreatedDayRange) => !range.createdFrom || !range.createdTo || range.createdFrom <= range.createdTo;

/**
 * The list query with its created-day range checked: createdTo before createdFrom answers 400.
 * The result cannot be .omit()ted (zod refuses it on refined objects): derive from the unrefined object.
 */
export function withCreatedDayRange<TSchema extends z.ZodType<CreatedDayRange>>(schema: TSchema): TSchema {
  return schema.refine(isCreatedDayRangeInOrder, { error: createdDayTexts.createdToBeforeFrom, path: ['createdTo'] }) as TSchema;
}

export const paginationDataSchema = z.object({ page: z.number(), totalPages: z.number() });
export type PaginationData = z.infer<typeof paginationDataSchema>;

export function totalPagesOf(totalCount: number, limit: number): number {
  return Math.max(1, Math.ceil(totalCount / limit));
}

/**
 * A record's version as a list or details answer gives it: an action on the record sends it back in
 * If-Match, and the api answers 409 when the record changed since (docs/design.md §14).
 */
export const recordVersionSchema = z.string().regex(/^\d{1,20}$/);
