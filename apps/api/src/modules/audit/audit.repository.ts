import type { DbOrTx } from '../../db/database';
import { auditLog } from '../../db/tables/audit.table';

/** Who did it and under which request, passed from the route to every mutation. */
export interface Actor {
  adminId: string | null;
  requestId: string;
}

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: string | null;
  before?: unknown;
  after?: unknown;
}

/** Written in the same transaction as the change it records. */
export async function writeAudit(db: DbOrTx, actor: Actor, entry: AuditEntry): Promise<void> {
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
