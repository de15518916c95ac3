import { z } from 'zod';
import { textSchema } from './common';

/**
 * Bulk actions (docs/design.md §8.5): the rows picked on a list's page, each done in its own transaction with
 * its own audit entry, each with its own result. At most this many ids per call.
 */
export const BULK_MAX_IDS = 100;

/** Why a listing (ute or job) is rejected: a fixed list, told to the lister in plain words. */
export const REJECTION_REASONS = ['incomplete-details', 'photos', 'licence', 'listing-rules', 'duplicate', 'price', 'other'] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/** Each reason as the admin picks it and as the lister reads it (mail, details dialog, activity). */
export const REJECTION_REASON_LABELS: Record<RejectionReason, string> = {
  'incomplete-details': 'Some details are missing or incomplete',
  photos: 'The photos are missing, unclear or do not show the vehicle',
  licence: 'The licence could not be verified',
  'listing-rules': 'The listing breaks the marketplace rules',
  duplicate: 'It duplicates another listing',
  price: 'The price or budget does not look right',
  other: 'Another reason, explained in the note',
};

export const REJECTION_NOTE_MAX_LENGTH = 500;

export const moderationMessages = {
  reasonRequired: 'reason is required to reject',
  reasonOnlyForReject: 'reason and note are only for a rejection',
  noteRequiredForOther: 'note is required when the reason is other',
  noteTooLong: `note must be at most ${REJECTION_NOTE_MAX_LENGTH} characters`,
  idsRequired: 'ids must hold at least 1 id',
  tooManyIds: `ids must hold at most ${BULK_MAX_IDS} ids`,
  duplicateIds: 'ids must not repeat an id',
} as const;

const reasonSchema = z.enum(REJECTION_REASONS, { error: `reason must be one of ${REJECTION_REASONS.join(', ')}` });
const noteSchema = textSchema('note').trim().max(REJECTION_NOTE_MAX_LENGTH, moderationMessages.noteTooLong);

/** The activity types a moderation decision adds to the lister's activity (people.ts ACTIVITY_TYPES). */
export const LISTING_DECISION_ACTIVITIES = { approved: 'listing-approved', rejected: 'listing-rejected' } as const;

/** A rejected listing's reason and note, as the details dialog shows them. */
export const listingRejectionSchema = z.object({ reason: z.enum(REJECTION_REASONS), note: z.string().nullable() });
export type ListingRejection = z.infer<typeof listingRejectionSchema>;

/** A rejection's reason and optional note ('other' needs the note). */
export const rejectionSchema = z
  .strictObject({ reason: reasonSchema, note: noteSchema.optional() })
  .refine((value) => value.reason !== 'other' || Boolean(value.note), { error: moderationMessages.noteRequiredForOther, path: ['note'] });
export type Rejection = z.infer<typeof rejectionSchema>;

/**
 * The optional body of the single status calls (`PATCH user-ute-status/:id?status=`): the
 * rejection's reason and note. The spec's call sends no body, so it stays optional there.
 */
export const listingStatusBodySchema = rejectionSchema.nullish();
export type ListingStatusBody = z.infer<typeof listingStatusBodySchema>;

const bulkIdsSchema = z
  .array(z.uuid({ error: 'ids must be valid ids' }), { error: 'ids must be a list of ids' })
  .min(1, moderationMessages.idsRequired)
  .max(BULK_MAX_IDS, moderationMessages.tooManyIds)
  .refine((ids) => new Set(ids).size === ids.length, { error: moderationMessages.duplicateIds });

export const LISTING_BULK_ACTIONS = ['approve', 'reject', 'delete'] as const;
export type ListingBulkAction = (typeof LISTING_BULK_ACTIONS)[number];

/** POST utes/bulk and jobs/bulk: approve, reject (with a reason) or delete the picked listings. */
export const listingBulkBodySchema = z
  .strictObject({
    action: z.enum(LISTING_BULK_ACTIONS, { error: `action must be one of ${LISTING_BULK_ACTIONS.join(', ')}` }),
    ids: bulkIdsSchema,
    reason: reasonSchema.optional(),
    note: noteSchema.optional(),
  })
  .superRefine((body, context) => {
    if (body.action === 'reject' && !body.reason) context.addIssue({ code: 'custom', message: moderationMessages.reasonRequired, path: ['reason'] });
    if (body.action !== 'reject' && (body.reason || body.note))
      context.addIssue({ code: 'custom', message: moderationMessages.reasonOnlyForReject, path: ['reason'] });
    if (body.reason === 'other' && !body.note) context.addIssue({ code: 'custom', message: moderationMessages.noteRequiredForOther, path: ['note'] });
  });
export type ListingBulkBody = z.infer<typeof listingBulkBodySchema>;

export const USER_BULK_ACTIONS = ['activate', 'deactivate'] as const;
/** POST users/bulk: activate or deactivate the picked users. */
export const userBulkBodySchema = z.strictObject({
  action: z.enum(USER_BULK_ACTIONS, { error: `action must be one of ${USER_BULK_ACTIONS.join(', ')}` }),
  ids: bulkIdsSchema,
});
export type UserBulkBody = z.infer<typeof userBulkBodySchema>;

export const QUERY_BULK_ACTIONS = ['delete'] as const;
/** POST queries/bulk: delete the picked customer queries. */
export const queryBulkBodySchema = z.strictObject({
  action: z.enum(QUERY_BULK_ACTIONS, { error: 'action must be delete' }),
  ids: bulkIdsSchema,
});
export type QueryBulkBody = z.infer<typeof queryBulkBodySchema>;

/** One row's result: done, or skipped and why ("UTE is already Approved", "Ute not found"). */
export const bulkRowResultSchema = z.object({
  id: z.string(),
  outcome: z.enum(['done', 'skipped']),
  message: z.string(),
});
export type BulkRowResult = z.infer<typeof bulkRowResultSchema>;

/** Every id's result, in the order sent, and how many were done and skipped. */
export const bulkResponseSchema = z.object({
  results: z.array(bulkRowResultSchema),
  done: z.number(),
  skipped: z.number(),
});
export type BulkResponse = z.infer<typeof bulkResponseSchema>;
