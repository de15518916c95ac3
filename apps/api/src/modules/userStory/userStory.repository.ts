import { and, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { userActivities } from '../../db/tables/activity.table';
import { auditLog } from '../../db/tables/audit.table';
import { admins } from '../../db/tables/auth.table';
import { jobBookings, uteBookings } from '../../db/tables/bookings.table';
import { jobs } from '../../db/tables/jobs.table';
import { payments } from '../../db/tables/payments.table';
import { customerQueries } from '../../db/tables/queries.table';
import { utes } from '../../db/tables/utes.table';

/**
 * A user's rows in each part of the marketplace: the newest few and how many in all, two statements
 * each, served by the per-user indexes of migration 0010 (a user with 100k bookings costs what one
 * with 3 does). The conditions are those of the lists' `userId` filters, so a section's total is
 * what its "see all" link shows (the routes test checks that they agree).
 */
export interface SectionRows<TRow> {
  rows: TRow[];
  total: number;
}

async function totalOf(db: DbOrTx, table: Parameters<ReturnType<DbOrTx['select']>['from']>[0], where: SQL): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(table).where(where);
  return Number(total);
}

export const utesOfUser = (userId: string) => and(eq(utes.ownerId, userId), isNull(utes.deletedAt))!;
export const jobsOfUser = (userId: string) => and(eq(jobs.postedBy, userId), isNull(jobs.deletedAt))!;
/** Bookings the user made or received (as the ute's owner). */
export const uteBookingsOfUser = (userId: string) => and(or(eq(uteBookings.bookedBy, userId), eq(uteBookings.ownerId, userId)), isNull(uteBookings.deletedAt))!;
export const jobBookingsOfUser = (userId: string) => and(or(eq(jobBookings.bookedBy, userId), eq(jobBookings.ownerId, userId)), isNull(jobBookings.deletedAt))!;
export const paymentsOfUser = (userId: string) => eq(payments.payerId, userId);

export async function findUtes(db: DbOrTx, userId: string, limit: number) {
  const where = utesOfUser(userId);
  const [rows, total] = await Promise.all([
    db
      .select({ id: utes.id, uteId: utes.uteId, fullName: utes.fullName, status: utes.status, createdAt: utes.createdAt })
      .from(utes)
      .where(where)
      .orderBy(desc(utes.createdAt), desc(utes.id))
      .limit(limit),
    totalOf(db, utes, where),
  ]);
  return { rows, total };
}

export async function findJobs(db: DbOrTx, userId: string, limit: number) {
  const where = jobsOfUser(userId);
  const [rows, total] = await Promise.all([
    db
      .select({ id: jobs.id, jobId: jobs.jobId, title: jobs.title, status: jobs.status, createdAt: jobs.createdAt })
      .from(jobs)
      .where(where)
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(limit),
    totalOf(db, jobs, where),
  ]);
  return { rows, total };
}

/** A booking in the user's story, whichever table it lives in. */
export interface BookingStoryRow {
  id: string;
  reference: string;
  name: string;
  amount: number;
  status: string;
  /** The user received it as the ute's owner (else they made it). */
  isOwner: boolean;
  createdAt: Date;
}

export async function findUteBookings(db: DbOrTx, userId: string, limit: number): Promise<SectionRows<BookingStoryRow>> {
  const where = uteBookingsOfUser(userId);
  const [rows, total] = await Promise.all([
    db
      .select({
        id: uteBookings.id,
        reference: uteBookings.uteBookingId,
        name: uteBookings.uteName,
        amount: uteBookings.amount,
        status: uteBookings.status,
        isOwner: sql<boolean>`${uteBookings.ownerId} = ${userId}`,
        createdAt: uteBookings.createdAt,
      })
      .from(uteBookings)
      .where(where)
      .orderBy(desc(uteBookings.createdAt), desc(uteBookings.id))
      .limit(limit),
    totalOf(db, uteBookings, where),
  ]);
  return { rows, total };
}

export async function findJobBookings(db: DbOrTx, userId: string, limit: number): Promise<SectionRows<BookingStoryRow>> {
  const where = jobBookingsOfUser(userId);
  const [rows, total] = await Promise.all([
    db
      .select({
        id: jobBookings.id,
        reference: jobBookings.jobBookingId,
        name: jobBookings.jobTitle,
        amount: jobBookings.amount,
        status: jobBookings.status,
        isOwner: sql<boolean>`${jobBookings.ownerId} = ${userId}`,
        createdAt: jobBookings.createdAt,
      })
      .from(jobBookings)
      .where(where)
      .orderBy(desc(jobBookings.createdAt), desc(jobBookings.id))
      .limit(limit),
    totalOf(db, jobBookings, where),
  ]);
  return { rows, total };
}

export async function findPayments(db: DbOrTx, userId: string, limit: number) {
  const where = paymentsOfUser(userId);
  const [rows, total] = await Promise.all([
    db
      .select({
        id: payments.id,
        amountCents: payments.amountCents,
        status: payments.status,
        isStripe: payments.isStripe,
        isJob: payments.isJob,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(limit),
    totalOf(db, payments, where),
  ]);
  return { rows, total };
}

/** The customer queries sent from the user's email (any case). */
export async function findQueries(db: DbOrTx, email: string, limit: number) {
  const where = and(sql`lower(${customerQueries.email}) = lower(${email})`, isNull(customerQueries.deletedAt))!;
  const [rows, total] = await Promise.all([
    db
      .select({ id: customerQueries.id, message: customerQueries.message, createdAt: customerQueries.createdAt })
      .from(customerQueries)
      .where(where)
      .orderBy(desc(customerQueries.createdAt), desc(customerQueries.id))
      .limit(limit),
    totalOf(db, customerQueries, where),
  ]);
  return { rows, total };
}

export async function findActivities(db: DbOrTx, userId: string, limit: number) {
  const where = eq(userActivities.userId, userId);
  const [rows, total] = await Promise.all([
    db
      .select({ id: userActivities.id, activity: userActivities.activity, activityTo: userActivities.activityTo, occurredAt: userActivities.occurredAt })
      .from(userActivities)
      .where(where)
      .orderBy(desc(userActivities.occurredAt), desc(userActivities.id))
      .limit(limit),
    totalOf(db, userActivities, where),
  ]);
  return { rows, total };
}

/** What admins did to the user (audit entries whose target is the user), newest first, with who did it. */
export async function findAdminActions(db: DbOrTx, userId: string, limit: number) {
  const where = and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId))!;
  const [rows, total] = await Promise.all([
    db
      .select({ id: auditLog.id, action: auditLog.action, adminName: admins.name, adminEmail: admins.email, createdAt: auditLog.createdAt })
      .from(auditLog)
      .leftJoin(admins, eq(admins.id, auditLog.adminId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit),
    totalOf(db, auditLog, where),
  ]);
  return { rows, total };
}
