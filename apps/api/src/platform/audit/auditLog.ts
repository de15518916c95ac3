import { and, desc, eq, notInArray } from 'drizzle-orm';
import { staleRecordMessage, staleTexts, UNCHANGING_AUDIT_ACTIONS, type AuditAction, type AuditTargetType } from '@ute/contract';
import type { DbOrTx } from '../../db/database';
import { auditLog } from '../../db/tables/audit.table';
import { admins } from '../../db/tables/auth.table';
import { badRequest, conflict, type AppError } from '../../lib/errors';

/**
 * The audit log's writer, for every module: each admin mutation records itself here, in its own
 * transaction. The Audit Log screen (reading, verifying and anchoring the chain) is modules/audit.
 */

/** Who did it and under which request, passed from the route to every mutation. */
export interface Actor {
  adminId: string | null;
  requestId: string;
  /**
   * The version of the record the admin acted on, as they loaded it (the request's If-Match,
   * docs/design.md §14): a mutation that finds the record changed since answers 409 (assertUnchanged).
   */
  expectedVersion?: string;
}

/** One entry: its action and target type are the contract's vocabulary (AUDIT_ACTIONS, AUDIT_TARGET_TYPES), each marked money or not. */
export interface AuditRecord {
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string | null;
  before?: unknown;
  after?: unknown;
}

/** Written in the same transaction as the change it records. */
export async function writeAudit(db: DbOrTx, actor: Actor, entry: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    adminId: actor.adminId,
    requestId: actor.requestId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** The actor of one record of a bulk call: a call about many records names no one version. */
export const each = (actor: Actor): Actor => ({ adminId: actor.adminId, requestId: actor.requestId });

/** A record version in If-Match: `"123"` (an entity tag) or `123`; `*` asks for no check. */
const IF_MATCH = /^(?:W\/)?"?(\d{1,20})"?$/;

/**
 * The actor of a signed-in admin's request (the guard sets `request.admin` on every non-public admin
 * route), with the record version its If-Match names.
 */
export function actorOf(request: {
  admin: { id: string } | null;
  id: string;
  headers: Record<string, string | string[] | undefined>;
}): Actor & { adminId: string } {
  if (!request.admin) throw new Error('actorOf called on a request without an admin');
  const ifMatch = request.headers['if-match'];
  const actor = { adminId: request.admin.id, requestId: request.id };
  if (ifMatch === undefined || ifMatch === '*') return actor;
  const version = typeof ifMatch === 'string' ? IF_MATCH.exec(ifMatch.trim())?.[1] : undefined;
  if (!version) throw badRequest(staleTexts.badIfMatch);
  return { ...actor, expectedVersion: version };
}

/**
 * The optimistic check of docs/design.md §14: when the actor names the version they loaded and the
 * record's (as the mutation read or locked it) is another, someone changed it since. Answers the 409
 * saying who and when (the record's latest change in this log), or null: no version named, the same
 * version, or a change the actor made themself (a retry after an error, another of their tabs: they
 * know of it).
 */
export async function staleRecordError(
  tx: DbOrTx,
  actor: Actor,
  record: { version: string; id: string; targetType: AuditTargetType },
): Promise<AppError | null> {
  if (actor.expectedVersion === undefined || record.version === actor.expectedVersion) return null;
  const [latest] = await tx
    .select({ action: auditLog.action, after: auditLog.after, at: auditLog.createdAt, adminId: auditLog.adminId, adminName: admins.name })
    .from(auditLog)
    .leftJoin(admins, eq(admins.id, auditLog.adminId))
    .where(and(eq(auditLog.targetType, record.targetType), eq(auditLog.targetId, record.id), notInArray(auditLog.action, [...UNCHANGING_AUDIT_ACTIONS])))
    .orderBy(desc(auditLog.id))
    .limit(1);
  if (latest && latest.adminId !== null && latest.adminId === actor.adminId) return null;
  const status = (latest?.after as { status?: unknown } | null)?.status;
  return conflict(
    staleRecordMessage(
      latest ? { action: latest.action, status: typeof status === 'string' ? status : null, adminName: latest.adminName, at: latest.at.toISOString() } : null,
    ),
  );
}

/** staleRecordError as a guard: made after the mutation locked the record, before any state rule. */
export async function assertUnchanged(tx: DbOrTx, actor: Actor, record: { version: string; id: string; targetType: AuditTargetType }): Promise<void> {
  const stale = await staleRecordError(tx, actor, record);
  if (stale) throw stale;
}
