import { z } from 'zod';
import { NOTE_RECORD_TYPES } from './notes';

/**
 * The header's inbox (docs/design.md §13): one row per recipient admin. Mentions
 * come from the notes service; the system events (a payout failed, a webhook event failed, a
 * dispute's evidence due soon) from database triggers and a daily job, for the admins whose roles
 * open the record's list (NOTIFICATION_RECORD_LISTS in listRoutes.ts). An item assigned to me by someone
 * else and an item of mine gone overdue (§15) are `assigned` and `overdue` (migration 0030's check).
 */
export const NOTIFICATION_KINDS = ['mention', 'payoutFailed', 'webhookFailed', 'disputeEvidenceDue', 'assigned', 'overdue', 'exportFinished'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The records a notification opens: every record that carries notes, Stripe's events, disputes, and a
 * list whose CSV export finished (its id the file's name, LIST_EXPORT_PATHS).
 */
export const NOTIFICATION_RECORD_TYPES = [...NOTE_RECORD_TYPES, 'webhookEvent', 'dispute', 'export'] as const;
export type NotificationRecordType = (typeof NOTIFICATION_RECORD_TYPES)[number];

/** How many notifications GET /notifications answers (the newest); older ones stay in the table. */
export const NOTIFICATIONS_LIMIT = 50;

/**
 * A list's CSV export that took at least this long tells its admin when it finished (`exportFinished`,
 * docs/design.md §13): a shorter one ends while they watch its progress.
 */
export const EXPORT_NOTICE_SECONDS = 10;

/** Each list export's file name (the api's sendListExport) and the list it was taken from. */
export const LIST_EXPORT_PATHS: Readonly<Record<string, string>> = {
  utes: '/ute-list',
  jobs: '/job-list',
  users: '/all-users',
  quotes: '/quotes',
  queries: '/queries',
  'ute-bookings': '/booking-list',
  'job-bookings': '/job-booking-list',
  'stripe-payments': '/payment-history',
  'manual-payments': '/payment-history?tab=manual',
  'owner-balances': '/balances',
};

/** A dispute's evidence due within this many days (and not submitted) notifies finance once. */
export const DISPUTE_EVIDENCE_DUE_NOTICE_DAYS = 3;

export const notificationTexts = {
  read: 'Notification marked as read',
  allRead: 'All notifications marked as read',
  digestOn: 'You will get a daily digest of your unread notifications',
  digestOff: 'Daily digest turned off',
  digestEnabledInvalid: 'enabled must be true or false',
} as const;

/**
 * Where each record type opens in the back-office, under its public address: the bell's links
 * (the web's notificationLinks.ts, whose test checks these against it), for the daily digest's mail.
 */
const NOTIFICATION_RECORD_PATHS: Record<NotificationRecordType, (id: string) => string> = {
  user: (id) => `/all-users?open=${encodeURIComponent(id)}`,
  ute: (id) => `/ute-list?open=${encodeURIComponent(id)}`,
  job: (id) => `/job-list?open=${encodeURIComponent(id)}`,
  uteBooking: (id) => `/booking-list?open=${encodeURIComponent(id)}`,
  jobBooking: (id) => `/job-booking-list?open=${encodeURIComponent(id)}`,
  payment: () => '/payment-history',
  query: (id) => `/queries?open=${encodeURIComponent(id)}`,
  quote: (id) => `/shipment/${encodeURIComponent(id)}`,
  admin: () => '/admins',
  webhookEvent: () => '/webhooks?state=failed',
  dispute: () => '/disputes?status=needs_response',
  export: (fileName) => LIST_EXPORT_PATHS[fileName] ?? '/',
};

/** A notification's path in the back-office (the web's screen of its record). */
export const notificationPathOf = (recordType: NotificationRecordType, recordId: string): string => NOTIFICATION_RECORD_PATHS[recordType](recordId);

/** The notifications a daily digest lists at most (the newest unread); the mail says how many more. */
export const NOTIFICATION_DIGEST_LIMIT = NOTIFICATIONS_LIMIT;

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** A short sentence the api composes ("Ava Owner mentioned you on ute 1a2b3c4d"). */
  title: z.string(),
  recordType: z.enum(NOTIFICATION_RECORD_TYPES),
  /** The record's id (a uuid, or a Stripe event id for a webhook event). */
  recordId: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /notifications: mine, newest first (at most NOTIFICATIONS_LIMIT), and how many of all mine are unread. */
export const notificationListResponseSchema = z.object({ data: z.array(notificationSchema), unreadCount: z.number().int() });
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

/** POST /notifications/:id/read and /notifications/read-all: what is left unread. */
export const notificationReadResponseSchema = z.object({ message: z.string(), unreadCount: z.number().int() });
export type NotificationReadResponse = z.infer<typeof notificationReadResponseSchema>;

/** GET /notifications/digest: whether I get the daily e-mail digest of my unread notifications (docs/design.md §13). */
export const notificationDigestSchema = z.object({ enabled: z.boolean() });
export type NotificationDigest = z.infer<typeof notificationDigestSchema>;

/** PUT /notifications/digest: turn my daily digest on or off. */
export const notificationDigestBodySchema = z.strictObject({ enabled: z.boolean({ error: notificationTexts.digestEnabledInvalid }) });
export type NotificationDigestBody = z.infer<typeof notificationDigestBodySchema>;

export const notificationDigestResponseSchema = notificationDigestSchema.extend({ message: z.string() });
export type NotificationDigestResponse = z.infer<typeof notificationDigestResponseSchema>;
