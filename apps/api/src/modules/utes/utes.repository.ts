import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { COUNTERS } from '../../db/counters';
import { containsPattern } from '../../db/likePattern';
import { listPage } from '../../db/paging';
import { utes } from '../../db/tables/utes.table';

export type UteRow = typeof utes.$inferSelect;

export interface UteListFilter {
  page: number;
  pageSize: number;
  search?: string;
}

function listCondition(search: string | undefined): SQL {
  const live = isNull(utes.deletedAt);
  // ILIKE on full_name is served by utes_name_trgm_idx (pg_trgm) for terms of 3+ characters.
  return search ? and(live, sql`${utes.fullName} ilike ${containsPattern(search)}`)! : live;
}

/** One page of live utes, newest first (utes_list_idx), and how many match in all. */
export async function listUtes(db: DbOrTx, filter: UteListFilter): Promise<{ rows: UteRow[]; totalCount: number }> {
  // Newest first walks utes_list_idx (created_at desc, id desc) forward; the back half from its end.
  return listPage(db, {
    table: utes,
    where: listCondition(filter.search),
    order: { columns: [utes.createdAt, utes.id], index: 'desc' },
    counter: COUNTERS.utes,
    isSearch: Boolean(filter.search),
    page: filter.page,
    limit: filter.pageSize,
  });
}

/** The live ute, locked for the rest of the transaction. */
export async function lockLiveUte(tx: DbOrTx, id: string): Promise<UteRow | undefined> {
  const [row] = await tx
    .select()
    .from(utes)
    .where(and(eq(utes.id, id), isNull(utes.deletedAt)))
    .for('update');
  return row;
}

export async function setUteStatus(tx: DbOrTx, id: string, status: string): Promise<void> {
  await tx.update(utes).set({ status }).where(eq(utes.id, id));
}

export async function markUteDeleted(tx: DbOrTx, id: string): Promise<Date> {
  const [row] = await tx
    .update(utes)
    .set({ deletedAt: sql`now()` })
    .where(eq(utes.id, id))
    .returning({ deletedAt: utes.deletedAt });
  return row.deletedAt!;
}
