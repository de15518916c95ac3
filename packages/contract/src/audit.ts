import { z } from 'zod';
import { pageNumberSchema, pageSizeSchema, paginationDataSchema, textSchema } from './common';
import { ACTIVITY_TIME_ZONE } from './people';

/**
 * The audit log (docs/design.md §8.2): every admin action, its before and after, chained by hash (migration
 * 0006). The screen lists and filters it, Verify walks the chain, Export streams it as CSV.
 */

/** Calendar days of the date filters (from/to) are days in the marketplace's time zone. */
export const AUDIT_TIME_ZONE = ACTIVITY_TIME_ZONE;

/**
 * What an entry is about, each marked money or not: finance reads the entries about the money ones
 * (everyone else who may open the log is an owner, who reads all). Payouts and job-booking changes
 * are written against the booking, manual payments accepted and receipts read against the payment,
 * bank details read against the owner's bank account (its id the owner's id).
 */
export const AUDIT_TARGET_TYPES = {
  ute: { money: false },
  job: { money: false },
  shipment: { money: false },
  faq: { money: false },
  blog: { money: false },
  user: { money: false },
  customer_query: { money: false },
  // The queries list's export only; every other entry about a query says `customer_query`.
  query: { money: false },
  ute_booking: { money: true },
  job_booking: { money: true },
  payment: { money: true },
  bank_account: { money: true },
  platform_fee: { money: true },
  business_details: { money: true },
  tax_invoice: { money: true },
  owner_balance: { money: true },
  owner: { money: true },
  stripe_event: { money: true },
  reconciliation: { money: true },
  payout_batch: { money: true },
  dispute: { money: true },
  admin: { money: false },
  settings: { money: false },
  audit_log: { money: false },
  saved_view: { money: false },
} as const satisfies Record<string, { money: boolean }>;
export type AuditTargetType = keyof typeof AUDIT_TARGET_TYPES;

/**
 * Every action the api writes (writeAudit takes no other), each marked money or not. A money action
 * is written against a money target type, so finance reads its entries and its view offers it as a
 * filter choice (MONEY_AUDIT_ACTIONS): a new action cannot be added without deciding which it is.
 */
export const AUDIT_ACTIONS = {
  'ute.status': { money: false },
  'ute.delete': { money: false },
  'job.status': { money: false },
  'job.delete': { money: false },
  'quote.send-price': { money: false },
  'quote.reject': { money: false },
  'quote.accept': { money: false },
  'shipment.update': { money: false },
  'shipment.delete': { money: false },
  'faq.create': { money: false },
  'faq.update': { money: false },
  'faq.delete': { money: false },
  'blog.create': { money: false },
  'blog.update': { money: false },
  'blog.delete': { money: false },
  'user.activate': { money: false },
  'user.deactivate': { money: false },
  'user.delete': { money: false },
  'query.reply': { money: false },
  'query.delete': { money: false },
  'payout.start': { money: true },
  'payout.succeed': { money: true },
  'payout.fail': { money: true },
  'payout.reconcile': { money: true },
  'payout.manual': { money: true },
  'job-booking.delete': { money: true },
  'payment.accept': { money: true },
  'receipt.read': { money: true },
  'bank-details.read': { money: true },
  'platform-fee.update': { money: true },
  'business-details.update': { money: true },
  'tax-invoice.issue': { money: true },
  'payout.webhook': { money: true },
  'payout.reverse': { money: true },
  'payout.hold': { money: true },
  'payout.release': { money: true },
  // Payout batches (ABA files, maker-checker): each step against the batch; its bookings' payouts as payout.*.
  'batch.prepare': { money: true },
  'batch.approve': { money: true },
  'batch.download': { money: true },
  'batch.paid': { money: true },
  'batch.line-returned': { money: true },
  'batch.cancel': { money: true },
  'webhook.replay': { money: true },
  'reconciliation.run': { money: true },
  'reconciliation.explain': { money: true },
  // A Stripe dispute event applied, finance's evidence (draft, submission) and the recovery of a loss.
  'dispute.webhook': { money: true },
  'dispute.evidence-draft': { money: true },
  'dispute.evidence-submit': { money: true },
  'dispute.loss-recovery': { money: true },
  // Refunds (written against the payment): made or recorded, the provider's answer, Stripe's own (a webhook), the owner share's recovery.
  'refund.create': { money: true },
  'refund.succeed': { money: true },
  'refund.fail': { money: true },
  'refund.webhook': { money: true },
  'refund.recovery': { money: true },
  // A list's CSV export, its target type the list's rows: finance reads the exports of the money lists only.
  'list.export': { money: true },
  // Internal notes (docs/design.md §11), written against the noted record's own target type, without the note's body.
  'note.create': { money: false },
  'note.edit': { money: false },
  'note.retract': { money: false },
  'note.export': { money: false },
  // Saved views on the lists (docs/design.md §12), written against the view.
  // Work items assigned, taken and released (docs/design.md §15), against the item's record's own target type.
  'work-item.assign': { money: false },
  'work-item.release': { money: false },
  'saved-view.create': { money: false },
  'saved-view.update': { money: false },
  'saved-view.delete': { money: false },
  'admin.invite': { money: false },
  'admin.invite-accept': { money: false },
  'admin.roles': { money: false },
  'admin.status': { money: false },
  'admin.two-factor-reset': { money: false },
  'admin.sign-out-by-owner': { money: false },
  'admin.sign-out': { money: false },
  'admin.password-change': { money: false },
  'admin.password-reset': { money: false },
  'admin.sign-in-two-factor': { money: false },
  'admin.two-factor-setup': { money: false },
  'admin.two-factor-enable': { money: false },
  'admin.two-factor-disable': { money: false },
  'admin.recovery-codes': { money: false },
  'admin.step-up': { money: false },
  // An admin's own daily digest of unread notifications turned on or off (Security), against themselves.
  'admin.notification-digest': { money: false },
  'settings.update': { money: false },
  'audit.verify': { money: false },
  'audit.export': { money: false },
  // Written once by migration 0011, when it moved an existing chain to the app-checked format.
  'audit.rechain': { money: false },
} as const satisfies Record<string, { money: boolean }>;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

const keysOf = <Key extends string>(map: Record<Key, unknown>) => Object.keys(map) as Key[];

/** Every action's name, in AUDIT_ACTIONS' order: the owners' filter choices come from the log itself, this is the vocabulary. */
export const AUDIT_ACTION_NAMES: readonly AuditAction[] = keysOf(AUDIT_ACTIONS);

/** The target types marked money: finance reads the entries about them (the api's auditEntriesVisibleTo). */
export const MONEY_AUDIT_TARGET_TYPES: readonly AuditTargetType[] = keysOf(AUDIT_TARGET_TYPES).filter((type) => AUDIT_TARGET_TYPES[type].money);

/** The actions marked money: the action choices of finance's filter. */
export const MONEY_AUDIT_ACTIONS: readonly AuditAction[] = AUDIT_ACTION_NAMES.filter((action) => AUDIT_ACTIONS[action].money);

export const isMoneyAuditTargetType = (targetType: string): boolean => (MONEY_AUDIT_TARGET_TYPES as readonly string[]).includes(targetType);
export const isMoneyAuditAction = (action: string): boolean => (MONEY_AUDIT_ACTIONS as readonly string[]).includes(action);

/** The filter value of `adminId` that picks the entries no admin made (background jobs). */
export const AUDIT_SYSTEM_ADMIN = 'system';

/**
 * The days the date filters (from/to) may name. The log starts long after 2000; a well-formed date
 * outside this range (year 0000, which PostgreSQL's date does not have) would otherwise reach SQL
 * and fail there as a 500 (docs/design.md §8.2).
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
