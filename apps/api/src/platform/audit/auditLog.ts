import type { AuditAction, AuditTargetType } from '@ute/contract';
import type { DbOrTx } from '../../db/database';
import { auditLog } from '../../db/tables/audit.table';

/**
 * The audit log's writer, for every module: each admin mutation records itself here, in its own
 * transaction. The Audit Log screen (reading, verifying and anchoring the chain) is modules/audit.
 */

/** Who did it and under which request, passed from the route to every mutation. */
export interface Actor {
  adminId: string | null;
  requestId: string;
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

/** The actor of a signed-in admin's request (the guard sets `request.admin` on every non-public admin route). */
export function actorOf(request: { admin: { id: string } | null; id: string }): Actor & { adminId: string } {
  if (!request.admin) throw new Error('actorOf called on a request without an admin');
  return { adminId: request.admin.id, requestId: request.id };
}
