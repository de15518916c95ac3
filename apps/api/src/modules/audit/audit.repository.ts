import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { AUDIT_SYSTEM_ADMIN, AUDIT_TIME_ZONE, MONEY_AUDIT_TARGET_TYPES, type AuditFilter, type AuditVerifyResponse } from '@ute/contract';
import { queryRows, type DbOrTx } from '../../db/database';
import { listPage, type ListOrder } from '../../db/paging';
import { auditLog } from '../../db/tables/audit.table';
import { admins } from '../../db/tables/auth.table';

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

/** Which entries a reader may see: all (owners) or the money entries only (finance). */
export interface AuditScope {
  isMoneyOnly: boolean;
}

const zone = sql.raw(`'${AUDIT_TIME_ZONE}'`);

/** The filter as SQL conditions; from/to are whole calendar days in AUDIT_TIME_ZONE, `to` included. */
function auditConditions(filter: AuditFilter, scope: AuditScope): SQL[] {
  const conditions: SQL[] = [];
  if (scope.isMoneyOnly) conditions.push(inArray(auditLog.targetType, [...MONEY_AUDIT_TARGET_TYPES]));
  if (filter.adminId === AUDIT_SYSTEM_ADMIN) conditions.push(isNull(auditLog.adminId));
  else if (filter.adminId) conditions.push(eq(auditLog.adminId, filter.adminId));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.targetType) conditions.push(eq(auditLog.targetType, filter.targetType));
  if (filter.targetId) conditions.push(eq(auditLog.targetId, filter.targetId));
  if (filter.from) conditions.push(sql`${auditLog.createdAt} >= (${filter.from}::date::timestamp at time zone ${zone})`);
  if (filter.to) conditions.push(sql`${auditLog.createdAt} < ((${filter.to}::date + 1)::timestamp at time zone ${zone})`);
  return conditions;
}

const adminJoin = {
  table: admins,
  on: eq(admins.id, auditLog.adminId),
  fields: { id: admins.id, name: admins.name, email: admins.email },
};

export type AuditRow = typeof auditLog.$inferSelect & { admin: { id: string; name: string; email: string } | null };

/** The log's rows a reader may see under the filter, newest first: the chain order (chain_seq, its unique index walked backward). */
export function auditListSource(filter: AuditFilter, scope: AuditScope) {
  return {
    table: auditLog,
    where: and(...auditConditions(filter, scope)),
    order: { columns: [auditLog.chainSeq], index: 'asc', walk: 'backward' } satisfies ListOrder,
    joins: { admin: adminJoin },
  };
}

/** One page of the filtered log, newest first. */
export async function listAuditEntries(
  db: DbOrTx,
  filter: AuditFilter & { page: number; limit: number },
  scope: AuditScope,
): Promise<{ rows: AuditRow[]; total: number }> {
  const { rows, totalCount } = await listPage(db, {
    ...auditListSource(filter, scope),
    // A filtered page counts its matches in the same read (count(*) over ()).
    isSearch: auditConditions(filter, scope).length > 0,
    page: filter.page,
    limit: filter.limit,
  });
  return { rows, total: totalCount };
}

/**
 * The distinct values of an indexed column by a skip scan (one index probe per value, not a read of
 * every entry), so the filter choices cost the same on a log of millions.
 */
async function distinctValues(db: DbOrTx, column: 'action' | 'target_type' | 'admin_id'): Promise<string[]> {
  const name = sql.raw(`"${column}"`);
  const rows = await queryRows<{ value: string | null }>(
    db,
    sql`with recursive found(value) as (
      (select ${name}::text from audit_log where ${name} is not null order by ${name} limit 1)
      union all
      select (select a.${name}::text from audit_log a where a.${name} > found.value::${sql.raw(column === 'admin_id' ? 'uuid' : 'text')} order by a.${name} limit 1)
      from found where found.value is not null
    ) select value from found where value is not null`,
  );
  return rows.map((row) => row.value as string);
}

export async function readAuditFacets(
  db: DbOrTx,
): Promise<{ actions: string[]; targetTypes: string[]; admins: { id: string; name: string; email: string }[] }> {
  const [actions, targetTypes, adminIds] = [await distinctValues(db, 'action'), await distinctValues(db, 'target_type'), await distinctValues(db, 'admin_id')];
  const named =
    adminIds.length === 0
      ? []
      : await db
          .select({ id: admins.id, name: admins.name, email: admins.email })
          .from(admins)
          .where(inArray(admins.id, adminIds))
          .orderBy(admins.name, admins.email);
  return { actions, targetTypes, admins: named };
}

interface VerifyRow {
  entries: number | string;
  max_seq: number | string | null;
  last_hash: string | null;
  head_seq: number | string;
  head_hash: string;
  broken_id: number | string | null;
  broken_seq: number | string | null;
  broken_reason: string | null;
}

const toNumber = (value: number | string | null): number | undefined => (value === null ? undefined : Number(value));

/**
 * Walks the whole chain in one SQL statement (one snapshot, one pass in chain order, nothing loaded
 * into the app): each entry's hash is recomputed with audit_entry_hash (migration 0006) and compared,
 * its prev_hash must be the hash of the entry before it (lag), its seq must follow that entry's
 * with no gap, and the last entry must be the one the chain head names. The first failure, in chain
 * order, is the answer.
 */
export async function verifyAuditChain(db: DbOrTx): Promise<AuditVerifyResponse> {
  const [row] = await queryRows<VerifyRow>(
    db,
    sql`with chain as (
      select id, chain_seq, prev_hash, hash,
        audit_entry_hash(chain_seq, admin_id, action, target_type, target_id, before, after, request_id, created_at, prev_hash) as computed,
        lag(hash) over w as stored_prev_hash,
        lag(chain_seq) over w as prev_seq
      from audit_log
      window w as (order by chain_seq)
    ),
    checked as (
      select id, chain_seq,
        case
          when chain_seq is null then 'the entry is not in the chain (written without the chain trigger)'
          when chain_seq <> coalesce(prev_seq, 0) + 1 then
            case when chain_seq = coalesce(prev_seq, 0) + 2 then 'the entry before it (#' || (coalesce(prev_seq, 0) + 1) || ') is missing'
            else 'the entries before it (#' || (coalesce(prev_seq, 0) + 1) || ' to #' || (chain_seq - 1) || ') are missing' end
          when prev_hash is distinct from coalesce(stored_prev_hash, repeat('0', 64)) then 'its previous-hash link does not match the entry before it'
          when hash is distinct from computed then 'its content does not match its hash (the entry was changed)'
        end as reason
      from chain
    ),
    broken as (
      select id, chain_seq, reason from checked where reason is not null order by chain_seq asc nulls last limit 1
    ),
    totals as (
      select count(*) as entries, max(chain_seq) as max_seq from chain
    )
    select totals.entries, totals.max_seq,
      (select hash from chain where chain_seq = totals.max_seq) as last_hash,
      head.last_seq as head_seq, head.last_hash as head_hash,
      broken.id as broken_id, broken.chain_seq as broken_seq, broken.reason as broken_reason
    from totals
    cross join audit_chain_head head
    left join broken on true
    where head.id = 1`,
  );
  const entries = Number(row.entries);
  const headHash = row.head_hash;
  if (row.broken_reason !== null) {
    return { ok: false, entries, firstBrokenSeq: toNumber(row.broken_seq), firstBrokenId: toNumber(row.broken_id), reason: row.broken_reason, headHash };
  }
  const maxSeq = toNumber(row.max_seq) ?? 0;
  const headSeq = Number(row.head_seq);
  if (maxSeq < headSeq) {
    const reason = maxSeq + 1 === headSeq ? `the last entry (#${headSeq}) is missing` : `the last entries (#${maxSeq + 1} to #${headSeq}) are missing`;
    return { ok: false, entries, firstBrokenSeq: maxSeq + 1, reason, headHash };
  }
  if (maxSeq > headSeq) {
    return { ok: false, entries, firstBrokenSeq: headSeq + 1, reason: 'the entries after the chain head were written without the chain trigger', headHash };
  }
  if (maxSeq > 0 && row.last_hash !== headHash) {
    const [last] = await db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.chainSeq, maxSeq));
    return { ok: false, entries, firstBrokenSeq: maxSeq, firstBrokenId: last?.id, reason: 'its hash does not match the chain head', headHash };
  }
  return { ok: true, entries, headHash };
}

/** Whether `adminId` already read the receipt of each payment since `since` (receipt reads are logged once per link lifetime). */
export async function findRecentReceiptReads(db: DbOrTx, adminId: string, paymentIds: string[], since: Date): Promise<Set<string>> {
  if (paymentIds.length === 0) return new Set();
  const rows = await db
    .select({ targetId: auditLog.targetId })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.adminId, adminId),
        sql`${auditLog.createdAt} >= ${since.toISOString()}`,
        eq(auditLog.action, 'receipt.read'),
        inArray(auditLog.targetId, paymentIds),
      ),
    );
  return new Set(rows.map((row) => row.targetId ?? ''));
}
