import { and, count, desc, eq, exists, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { ACTIVITY_TIME_ZONE, DISPUTE_NEEDS_RESPONSE_STATUSES, type AdminRole, type NoteRecordType } from '@ute/contract';
import type { DbOrTx } from '../../db/database';
import { admins } from '../../db/tables/auth.table';
import { jobBookings, uteBookings } from '../../db/tables/bookings.table';
import { disputes } from '../../db/tables/disputes.table';
import { jobs } from '../../db/tables/jobs.table';
import { notifications } from '../../db/tables/notifications.table';
import { utes } from '../../db/tables/utes.table';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

/** An admin's newest notifications. */
export async function listNotificationsOf(db: DbOrTx, recipientId: string, limit: number): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.recipientId, recipientId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export async function countUnreadOf(db: DbOrTx, recipientId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.recipientId, recipientId), isNull(notifications.readAt)));
  return row.value;
}

/** Marks one of the recipient's notifications read (kept as first read); false when it is not theirs or does not exist. */
export async function markRead(db: DbOrTx, id: string, recipientId: string): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: DbOrTx, recipientId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.recipientId, recipientId), isNull(notifications.readAt)));
}

/** Inserts notifications, skipping any an admin already has for the same event (the unique event key). */
export async function insertNotifications(db: DbOrTx, rows: NewNotification[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(notifications)
    .values(rows)
    .onConflictDoNothing({ target: [notifications.recipientId, notifications.eventKey] })
    .returning({ id: notifications.id });
  return inserted.length;
}

export async function listActiveAdminsWithRoles(db: DbOrTx): Promise<{ id: string; name: string; roles: AdminRole[] }[]> {
  const rows = await db.select({ id: admins.id, name: admins.name, roles: admins.roles }).from(admins).where(eq(admins.isActive, true));
  return rows.map((row) => ({ ...row, roles: row.roles as AdminRole[] }));
}

export async function adminNameOf(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db.select({ name: admins.name }).from(admins).where(eq(admins.id, id));
  return row?.name ?? null;
}

/** The reference an admin knows a record by (UTE-000123, UB-000045), for the record types that have one. */
export async function recordReferenceOf(db: DbOrTx, recordType: NoteRecordType, recordId: string): Promise<string | null> {
  const lookups: Partial<Record<NoteRecordType, () => Promise<{ reference: string }[]>>> = {
    ute: () => db.select({ reference: utes.uteId }).from(utes).where(eq(utes.id, recordId)),
    job: () => db.select({ reference: jobs.jobId }).from(jobs).where(eq(jobs.id, recordId)),
    uteBooking: () => db.select({ reference: uteBookings.uteBookingId }).from(uteBookings).where(eq(uteBookings.id, recordId)),
    jobBooking: () => db.select({ reference: jobBookings.jobBookingId }).from(jobBookings).where(eq(jobBookings.id, recordId)),
  };
  const lookup = lookups[recordType];
  if (!lookup) return null;
  const [row] = await lookup();
  return row?.reference ?? null;
}

/** Disputes Stripe waits for evidence on, none submitted, due after `from` and by `until`. */
export async function listDisputesDueBetween(db: DbOrTx, from: Date, until: Date) {
  return db
    .select({ id: disputes.id, stripeDisputeId: disputes.stripeDisputeId, evidenceDueBy: disputes.evidenceDueBy })
    .from(disputes)
    .where(
      and(
        inArray(disputes.status, [...DISPUTE_NEEDS_RESPONSE_STATUSES]),
        isNull(disputes.evidenceSubmittedAt),
        gt(disputes.evidenceDueBy, from),
        lte(disputes.evidenceDueBy, until),
      ),
    );
}

/** Whether the admin gets the daily digest (null: no such admin). */
export async function findDigestPreference(db: DbOrTx, adminId: string): Promise<boolean | null> {
  const [row] = await db.select({ enabled: admins.notificationDigest }).from(admins).where(eq(admins.id, adminId));
  return row?.enabled ?? null;
}

/** Sets the admin's digest preference; answers what it was (null: no such admin). */
export async function setDigestPreference(tx: DbOrTx, adminId: string, enabled: boolean): Promise<boolean | null> {
  const [before] = await tx.select({ enabled: admins.notificationDigest }).from(admins).where(eq(admins.id, adminId)).for('update');
  if (!before) return null;
  await tx
    .update(admins)
    .set({ notificationDigest: enabled, updatedAt: sql`now()` })
    .where(eq(admins.id, adminId));
  return before.enabled;
}

/**
 * The admins due a digest on `today` (a Sydney day): active, opted in, not yet claimed today, with an
 * unread notification new since their last digest. The column keeps the day, not the hour, of the
 * last one: "new" is created in the day before `now`, or since the start of the Sydney day after the
 * last digest when runs were missed (docs/design.md §13).
 */
export async function listDigestRecipients(db: DbOrTx, today: string, now: Date): Promise<string[]> {
  const dayBefore = sql`${now.toISOString()}::timestamptz - interval '1 day'`;
  const since = sql`least(${dayBefore}, coalesce(((${admins.digestSentOn} + 1)::timestamp at time zone ${ACTIVITY_TIME_ZONE}), ${dayBefore}))`;
  const rows = await db
    .select({ id: admins.id })
    .from(admins)
    .where(
      and(
        eq(admins.isActive, true),
        eq(admins.notificationDigest, true),
        sql`${admins.digestSentOn} is distinct from ${today}::date`,
        exists(
          db
            .select({ one: sql`1` })
            .from(notifications)
            .where(and(eq(notifications.recipientId, admins.id), isNull(notifications.readAt), gt(notifications.createdAt, since))),
        ),
      ),
    );
  return rows.map((row) => row.id);
}

/**
 * Claims `today`'s digest for the admin, in the transaction that queues its mail: of any number of
 * runs (processes, a run at start and the schedule's) one claims the day, the others wait for its
 * row lock and then find it claimed. Null: claimed already, or the admin is no longer active or opted in.
 */
export async function claimDigestDay(tx: DbOrTx, adminId: string, today: string): Promise<{ email: string; name: string } | null> {
  const [row] = await tx
    .update(admins)
    .set({ digestSentOn: today })
    .where(
      and(eq(admins.id, adminId), eq(admins.isActive, true), eq(admins.notificationDigest, true), sql`${admins.digestSentOn} is distinct from ${today}::date`),
    )
    .returning({ email: admins.email, name: admins.name });
  return row ?? null;
}

/** The admin's newest unread notifications. */
export async function listUnreadOf(db: DbOrTx, recipientId: string, limit: number): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientId, recipientId), isNull(notifications.readAt)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}
