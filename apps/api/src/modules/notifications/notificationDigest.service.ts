import {
  ACTIVITY_TIME_ZONE,
  NOTIFICATION_DIGEST_LIMIT,
  notificationPathOf,
  notificationTexts,
  type NotificationDigest,
  type NotificationDigestBody,
  type NotificationDigestResponse,
} from '@ute/contract';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/errors';
import { writeAudit, type Actor } from '../../platform/audit/auditLog';
import type { Mailer } from '../../platform/mail/mailer';
import { notificationDigestMail } from '../../platform/mail/templates/notificationDigestMail';
import { claimDigestDay, countUnreadOf, findDigestPreference, listDigestRecipients, listUnreadOf, setDigestPreference } from './notifications.repository';

export interface NotificationDigestServiceDeps {
  db: Db;
  mailer: Mailer;
  /** The back-office's address (PUBLIC_URL): the mail links each notification's record under it. */
  publicUrl: string;
  /** The job's clock (tests move it to another Sydney day). */
  now?: () => number;
}

/** The Sydney calendar day of `at`, as YYYY-MM-DD: a digest is claimed once per day. */
export const sydneyDayOf = (at: number): string => new Date(at).toLocaleDateString('en-CA', { timeZone: ACTIVITY_TIME_ZONE });

/** The daily e-mail digest of unread notifications (docs/design.md §13): each admin's opt-in, and the job. */
export function createNotificationDigestService({ db, mailer, publicUrl, now = Date.now }: NotificationDigestServiceDeps) {
  /** GET notifications/digest: mine. */
  async function readMine(adminId: string): Promise<NotificationDigest> {
    const enabled = await findDigestPreference(db, adminId);
    if (enabled === null) throw notFound('Admin');
    return { enabled };
  }

  /** PUT notifications/digest/update: mine only, audited against me. */
  async function setMine(adminId: string, input: NotificationDigestBody, actor: Actor): Promise<NotificationDigestResponse> {
    return db.transaction(async (tx) => {
      const before = await setDigestPreference(tx, adminId, input.enabled);
      if (before === null) throw notFound('Admin');
      await writeAudit(tx, actor, {
        action: 'admin.notification-digest',
        targetType: 'admin',
        targetId: adminId,
        before: { notificationDigest: before },
        after: { notificationDigest: input.enabled },
      });
      return { enabled: input.enabled, message: input.enabled ? notificationTexts.digestOn : notificationTexts.digestOff };
    });
  }

  /** One admin's digest: claims today and queues the mail in one transaction; the mail's id, or null when there is none to send. */
  async function sendDigestOf(adminId: string, today: string): Promise<string | null> {
    return db.transaction(async (tx) => {
      // All read since the recipients were listed: nothing to tell, and the day stays unclaimed.
      if ((await countUnreadOf(tx, adminId)) === 0) return null;
      const admin = await claimDigestDay(tx, adminId, today);
      if (!admin) return null;
      // Read after the claim: a run that waited for another's claim never gets here.
      const unread = await listUnreadOf(tx, adminId, NOTIFICATION_DIGEST_LIMIT);
      if (unread.length === 0) return null;
      const unreadCount = await countUnreadOf(tx, adminId);
      const items = unread.map((row) => ({
        title: row.title,
        createdAt: row.createdAt,
        link: `${publicUrl}${notificationPathOf(row.recordType, row.recordId)}`,
      }));
      return mailer.enqueue(tx, notificationDigestMail({ to: admin.email, name: admin.name, unreadCount, items, publicUrl }));
    });
  }

  /**
   * The daily `notification-digest` job: one mail per opted-in active admin with unread notifications
   * new since their last digest, once per Sydney day however often and wherever it runs. Answers how many it queued.
   */
  async function sendDigests(): Promise<number> {
    const at = now();
    const today = sydneyDayOf(at);
    let queued = 0;
    for (const adminId of await listDigestRecipients(db, today, new Date(at))) {
      const mailId = await sendDigestOf(adminId, today);
      if (!mailId) continue;
      mailer.startDelivery();
      queued += 1;
    }
    return queued;
  }

  return { readMine, setMine, sendDigests };
}

export type NotificationDigestService = ReturnType<typeof createNotificationDigestService>;
