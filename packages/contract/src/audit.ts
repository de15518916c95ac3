import { z } from 'zod';
import { pageNumberSchema, pageSizeSchema, paginationDataSchema, textSchema } from './common';
import { ACTIVITY_TIME_ZONE } from './people';

/**
 * The audit log (issue 15): every admin action, its before and after, chained by hash (migration
 * 0006). The screen lists and filters it, Verify walks the chain, Export streams it as CSV.
 */

/** Calendar days of the date filters (from/to) are days in the marketplace's time zone. */
export const AUDIT_TIME_ZONE = ACTIVITY_TIME_ZONE;

/** What an entry is about. Bookings' payouts are written against the booking. */
export const AUDIT_TARGET_TYPES = [
  'ute',
  'job',
  'shipment',
  'faq',
  'blog',
  'user',
  'customer_query',
  'ute_booking',
  'job_booking',
  'payment',
  'bank_account',
  'admin',
  'settings',
  'audit_log',
] as const;

/**
 * The entries finance may read (everyone else who may open the log is an owner, who reads all):
 * payouts and job-booking changes (written against the booking), manual payments accepted,
 * receipts read (target: the payment) and bank details read (target: the owner's bank account,
 * its id the owner's id).
 */
export const MONEY_AUDIT_TARGET_TYPES = ['ute_booking', 'job_booking', 'payment', 'bank_account'] as const;

/** The actions finance sees (entries on MONEY_AUDIT_TARGET_TYPES). */
export const MONEY_AUDIT_ACTIONS = [
  'payout.start',
  'payout.succeed',
  'payout.fail',
  'payout.reconcile',
  'payout.manual',
  'job-booking.delete',
  'payment.accept',
  'receipt.read',
  'bank-details.read',
  // A list's CSV export, its target type the list's rows (the money lists' show here).
  'list.export',
] as const;

/** The actions written today, for the filter's choices; the filter itself takes any action name. */
export const AUDIT_ACTIONS = [
  'ute.status',
  'ute.delete',
  'job.status',
  'job.delete',
  'quote.send-price',
  'quote.reject',
  'quote.accept',
  'shipment.update',
  'shipment.delete',
  'faq.create',
  'faq.update',
  'faq.delete',
  'blog.create',
  'blog.update',
  'blog.delete',
  'user.activate',
  'user.deactivate',
  'user.delete',
  'query.reply',
  'query.delete',
  ...MONEY_AUDIT_ACTIONS,
  'admin.invite',
  'admin.invite-accept',
  'admin.roles',
  'admin.status',
  'admin.two-factor-reset',
  'admin.sign-out-by-owner',
  'admin.sign-out',
  'admin.password-change',
  'admin.password-reset',
  'settings.update',
  'audit.verify',
  'audit.export',
  // Written once by migration 0011, when it moved an existing chain to the app-checked format.
  'audit.rechain',
] as const;

export const isMoneyAuditTargetType = (targetType: string): boolean => (MONEY_AUDIT_TARGET_TYPES as readonly string[]).includes(targetType);

/** The filter value of `adminId` that picks the entries no admin made (background jobs). */
export const AUDIT_SYSTEM_ADMIN = 'system';

/**
 * The days the date filters (from/to) may name. The log starts long after 2000; a well-formed date
 * outside this range (year 0000, which PostgreSQL's date does not have) would otherwise reach SQL
 * and fail there as a 500 (issue 23).
 */
export const AUDIT_FIRST_DAY = '2000-01-01';
export const AUDIT_LAST_DAY = '9999-12-31';

export const auditTexts = {
  adminIdInvalid: `adminId must be a valid id or ${AUDIT_SYSTEM_ADMIN}`,
  actionInvalid: 'action must be at most 64 letters, digits, dots, dashes or underscores',
  targetTypeInvalid: 'targetType must be at most 64 letters, digits or underscores',
  targetIdInvalid: 'targetId must be at most 200 characters',
  fromInvalid: 'from must be a date (YYYY-MM-DD)',
  toInvalid: 'to must be a date (YYYY-MM-DD)',
  fromOutOfRange: `from must be a day from ${AUDIT_FIRST_DAY} to ${AUDIT_LAST_DAY}`,
  toOutOfRange: `to must be a day from ${AUDIT_FIRST_DAY} to ${AUDIT_LAST_DAY}`,
  rangeInvalid: 'from must be on or before to',
  system: 'System',
  intact: (entries: number) => `The audit log is intact (${entries} ${entries === 1 ? 'entry' : 'entries'})`,
  broken: (seq: number | undefined, reason: string | undefined) =>
    seq === undefined ? `The chain is broken: ${reason ?? 'unknown reason'}` : `The chain is broken at entry #${seq}: ${reason ?? 'unknown reason'}`,
} as const;

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** A calendar day (YYYY-MM-DD, a real date) from AUDIT_FIRST_DAY to AUDIT_LAST_DAY; as text, they compare as dates. */
const auditDaySchema = (invalid: string, outOfRange: string) =>
  z.iso.date({ error: invalid, abort: true }).refine((day) => day >= AUDIT_FIRST_DAY && day <= AUDIT_LAST_DAY, { error: outOfRange });

/** The filters of the list and of the export. Empty values mean no filter. */
const auditFilterShape = {
  adminId: z.preprocess(
    emptyToUndefined,
    z
      .union([z.uuid({ error: auditTexts.adminIdInvalid }), z.literal(AUDIT_SYSTEM_ADMIN, { error: auditTexts.adminIdInvalid })], {
        error: auditTexts.adminIdInvalid,
      })
      .optional(),
  ),
  action: z.preprocess(
    emptyToUndefined,
    z
      .string({ error: auditTexts.actionInvalid })
      .regex(/^[A-Za-z0-9._-]{1,64}$/, auditTexts.actionInvalid)
      .optional(),
  ),
  targetType: z.preprocess(
    emptyToUndefined,
    z
      .string({ error: auditTexts.targetTypeInvalid })
      .regex(/^[A-Za-z0-9_]{1,64}$/, auditTexts.targetTypeInvalid)
      .optional(),
  ),
  targetId: z.preprocess(
    emptyToUndefined,
    textSchema('targetId', { error: auditTexts.targetIdInvalid }).trim().max(200, auditTexts.targetIdInvalid).optional(),
  ),
  from: z.preprocess(emptyToUndefined, auditDaySchema(auditTexts.fromInvalid, auditTexts.fromOutOfRange).optional()),
  to: z.preprocess(emptyToUndefined, auditDaySchema(auditTexts.toInvalid, auditTexts.toOutOfRange).optional()),
};
const isRangeInOrder = (filter: { from?: string; to?: string }) => !filter.from || !filter.to || filter.from <= filter.to;

export const auditFilterSchema = z.strictObject(auditFilterShape).refine(isRangeInOrder, { error: auditTexts.rangeInvalid, path: ['from'] });
export type AuditFilter = z.infer<typeof auditFilterSchema>;

/** GET audit-log: the filters and the list kit's paging (page from 1, limit 1..100, default 20). */
export const AUDIT_PAGE_SIZE = 20;
export const auditListQuerySchema = z
  .strictObject({
    ...auditFilterShape,
    page: pageNumberSchema.default(1),
    limit: pageSizeSchema('limit').default(AUDIT_PAGE_SIZE),
  })
  .refine(isRangeInOrder, { error: auditTexts.rangeInvalid, path: ['from'] });
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

export const auditAdminSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type AuditAdmin = z.infer<typeof auditAdminSchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  seq: z.number().nullable(),
  when: z.string(),
  /** Who did it; null for an entry no admin made (shown as "System"). */
  admin: auditAdminSchema.nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListResponseSchema = z.object({
  data: z.array(auditEntrySchema),
  totalCount: z.number(),
  paginationData: paginationDataSchema,
  /** The filters' choices: the actions and target types this admin may see, the admins in the log. */
  filters: z.object({
    actions: z.array(z.string()),
    targetTypes: z.array(z.string()),
    admins: z.array(auditAdminSchema),
  }),
});
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

/** POST audit-log/verify: the whole chain checked in one pass, hashed by the api (not by the database). */
export const auditVerifyResponseSchema = z.object({
  ok: z.boolean(),
  entries: z.number(),
  firstBrokenSeq: z.number().optional(),
  firstBrokenId: z.number().optional(),
  reason: z.string().optional(),
  headHash: z.string(),
  /** How many external anchors (AUDIT_ANCHOR_FILE) the chain was checked against, when there were any. */
  anchors: z.number().optional(),
});
export type AuditVerifyResponse = z.infer<typeof auditVerifyResponseSchema>;

/** GET audit-log/export: the filters of the list, no paging (the whole filtered log). */
export const auditExportQuerySchema = auditFilterSchema;
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;

/** The CSV's columns, in order. */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'seq',
  'when',
  'admin_id',
  'admin_name',
  'admin_email',
  'action',
  'target_type',
  'target_id',
  'before',
  'after',
  'request_id',
  'hash',
] as const;
