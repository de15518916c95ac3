import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { AUDIT_SYSTEM_ADMIN, AUDIT_TIME_ZONE, MONEY_AUDIT_TARGET_TYPES, type AuditFilter } from '@ute/contract';
import { queryRows, type DbOrTx } from '../../db/database';
import { listPage, type ListOrder } from '../../db/paging';
import { auditLog } from '../../db/tables/audit.table';
import { admins } from '../../db/tables/auth.table';

/** Which entries a reader may see: all (owners) or the money entries only (finance). */
export interface AuditScope {
  isMoneyOnly: boolean;
}

/**
 * The entries `scope` may read, as one SQL condition (undefined: all). Every read of the log that
 * a reader sees goes through it: the Audit Log's list and export, and a user's "admin actions".
 * Finance reads the entries about the target types the contract marks money (AUDIT_TARGET_TYPES).
 */
export function auditEntriesVisibleTo(scope: AuditScope): SQL | undefined {
  return scope.isMoneyOnly ? inArray(auditLog.targetType, [...MONEY_AUDIT_TARGET_TYPES]) : undefined;
}

const zone = sql.raw(`'${AUDIT_TIME_ZONE}'`);

/** The filter as SQL conditions; from/to are whole calendar days in AUDIT_TIME_ZONE, `to` included. */
function auditConditions(filter: AuditFilter, scope: AuditScope): SQL[] {
  const conditions: SQL[] = [];
  const visible = auditEntriesVisibleTo(scope);
  if (visible) conditions.push(visible);
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

/**
 * The admins of the money entries, by the same skip scan per money target type on
 * audit_log_target_admin_idx (migration 0011): one probe per admin and type.
 */
async function distinctMoneyAdminIds(db: DbOrTx): Promise<string[]> {
  const types = sql.join(
    MONEY_AUDIT_TARGET_TYPES.map((type) => sql`(${type}::text)`),
    sql`, `,
  );
  const rows = await queryRows<{ value: string }>(
    db,
    sql`with recursive found(target_type, value) as (
      select types.target_type, (select a.admin_id from audit_log a where a.target_type = types.target_type and a.admin_id is not null order by a.admin_id limit 1)
      from (values ${types}) as types(target_type)
      union all
      select found.target_type, (select a.admin_id from audit_log a where a.target_type = found.target_type and a.admin_id > found.value order by a.admin_id limit 1)
      from found where found.value is not null
    ) select distinct value::text as value from found where value is not null`,
  );
  return rows.map((row) => row.value);
}

/**
 * The filters' choices. An owner picks among every admin in the log; a money-only reader among the
 * admins of the entries they may read, whose names and emails those entries show them anyway (the
 * Admins list, with everyone, is owner-only).
 */
export async function readAuditFacets(
  db: DbOrTx,
  scope: AuditScope,
): Promise<{ actions: string[]; targetTypes: string[]; admins: { id: string; name: string; email: string }[] }> {
  const actions = await distinctValues(db, 'action');
  const targetTypes = await distinctValues(db, 'target_type');
  const adminIds = scope.isMoneyOnly ? await distinctMoneyAdminIds(db) : await distinctValues(db, 'admin_id');
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

/** One entry as the chain's hash covers it: jsonb as the database prints it, the time as epoch seconds. */
export interface ChainRow {
  id: number;
  seq: number;
  adminId: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  /** `before::text`: the jsonb's own text, never parsed and printed again. */
  before: string | null;
  after: string | null;
  requestId: string | null;
  /** `extract(epoch FROM created_at)`, exact to the microsecond ("1714000000.123456"). */
  createdAtEpoch: string;
  prevHash: string | null;
  hash: string | null;
}

interface RawChainRow {
  id: number | string;
  chain_seq: number | string;
  admin_id: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  before: string | null;
  after: string | null;
  request_id: string | null;
  created_epoch: string;
  prev_hash: string | null;
  hash: string | null;
}

/**
 * Makes the rest of the transaction resolve every name to PostgreSQL's built-ins first (pg_catalog
 * ahead of the search path the database or role sets): a function, operator or type of the
 * database owner's named like a built-in (a `>` that hides rows, a `count` that finds none) cannot
 * stand in for it in the verification's queries. Itself schema-qualified for the same reason.
 */
export async function resolveBuiltinsFirst(db: DbOrTx): Promise<void> {
  await db.execute(sql`select pg_catalog.set_config('search_path', pg_catalog.concat('pg_catalog, ', pg_catalog.current_setting('search_path')), true)`);
}

/**
 * The chain's entries after `afterSeq`, in chain order, `limit` of them (keyset on the unique
 * chain_seq index). Stored columns as the database prints them (a `::text` is the type's own
 * output, EXTRACT is always pg_catalog's): what is hashed is the stored content, not a function's answer.
 */
export async function readChainBatch(db: DbOrTx, afterSeq: number, limit: number): Promise<ChainRow[]> {
  const rows = await queryRows<RawChainRow>(
    db,
    sql`select id, chain_seq, admin_id::text as admin_id, action, target_type, target_id, before::text as before, after::text as after, request_id,
        extract(epoch from created_at)::text as created_epoch, prev_hash, hash
      from audit_log where chain_seq > ${afterSeq} order by chain_seq limit ${limit}`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    seq: Number(row.chain_seq),
    adminId: row.admin_id,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    before: row.before,
    after: row.after,
    requestId: row.request_id,
    createdAtEpoch: row.created_epoch,
    prevHash: row.prev_hash,
    hash: row.hash,
  }));
}

/** The one-row chain head: the last entry's seq and hash as the chain trigger recorded them. */
export async function readChainHead(db: DbOrTx): Promise<{ seq: number; hash: string }> {
  const [row] = await queryRows<{ last_seq: number | string; last_hash: string }>(db, sql`select last_seq, last_hash from audit_chain_head where id = 1`);
  return row ? { seq: Number(row.last_seq), hash: row.last_hash } : { seq: 0, hash: '' };
}

/** The first entry with no place in the chain (written with the chain trigger off), and how many there are. */
export async function findUnchainedEntry(db: DbOrTx): Promise<{ id: number; count: number } | null> {
  const [row] = await queryRows<{ id: number | string; count: number | string }>(
    db,
    sql`select min(id) as id, count(*) as count from audit_log where chain_seq is null having count(*) > 0`,
  );
  return row ? { id: Number(row.id), count: Number(row.count) } : null;
}

/** The stored hash of the entry at `seq`, or null when there is none. */
export async function findChainEntryHash(db: DbOrTx, seq: number): Promise<string | null> {
  const [row] = await db.select({ hash: auditLog.hash }).from(auditLog).where(eq(auditLog.chainSeq, seq));
  return row ? row.hash : null;
}

export async function countAuditEntries(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ count: number | string }>(db, sql`select count(*) as count from audit_log`);
  return Number(row.count);
}

/** The addresses of the active owners (the anchor mail's readers). */
export async function findActiveOwnerEmails(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ email: admins.email })
    .from(admins)
    .where(and(eq(admins.isActive, true), sql`'owner' = any(${admins.roles})`))
    .orderBy(admins.email);
  return rows.map((row) => row.email);
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
