/**
 * The parts of a user's story no list call reads for one user: the newest few and how many in all,
 * two statements each, on the per-user indexes (migration 0010) and the activity and audit indexes.
 * Utes, jobs and bookings come from their lists' calls (userStory.service.ts).
 */
import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { userActivities } from '../../db/tables/activity.table';
import { auditLog } from '../../db/tables/audit.table';
import { admins } from '../../db/tables/auth.table';
import { payments } from '../../db/tables/payments.table';
import { customerQueries } from '../../db/tables/queries.table';
import { auditEntriesVisibleTo, type AuditScope } from '../audit/audit.repository';

async function totalOf(db: DbOrTx, table: Parameters<ReturnType<DbOrTx['select']>['from']>[0], where: SQL): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(table).where(where);
  return Number(total);
}

/** The user's payments, both kinds (the payments lists show one kind a tab). */
export async function findPayments(db: DbOrTx, userId: string, limit: number) {
  const where = eq(payments.payerId, userId);
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

/**
 * What admins did to the user (audit entries whose target is the user), newest first, with who did
 * it: only the entries the reader's scope opens in the Audit Log (auditEntriesVisibleTo).
 */
export async function findAdminActions(db: DbOrTx, userId: string, limit: number, scope: AuditScope) {
  const where = and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId), auditEntriesVisibleTo(scope))!;
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
