import type { DbOrTx } from '../../db/database';
import { auditLog } from '../../db/tables/audit.table';

/**
 * An audit entry of any action and target type, as the log may hold it: a test's own action name
 * (`csv.test`) isolates its entries, which writeAudit, typed with the contract's vocabulary, refuses.
 */
export async function createAuditEntry(
  db: DbOrTx,
  entry: { adminId?: string | null; requestId: string; action: string; targetType: string; targetId: string | null; before?: unknown; after?: unknown },
): Promise<void> {
  await db.insert(auditLog).values({ ...entry, adminId: entry.adminId ?? null, before: entry.before ?? null, after: entry.after ?? null });
}
