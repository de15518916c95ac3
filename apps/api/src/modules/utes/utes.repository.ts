import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { CreatedDayRange, Rejection } from '@ute/contract';
import type { DbOrTx } from '../../db/database';
import { COUNTERS } from '../../db/counters';
import { createdDayConditions, hasCreatedDayRange } from '../../db/createdDays';
import { lowerTermMatch, termMatch } from '../../db/likePattern';
import { utesSearch } from '../../db/tables/search.table';
import { columnsWithVersion } from '../../db/rowVersion';
import { listPage, type ListOrder, type SearchSource } from '../../db/paging';
import { SEARCH_WORD_SCOPES, wordCountOf } from '../../db/searchWords';
import { isWorkItemListed, workItemCondition, type WorkItemListFilter } from '../../db/workItems';
import { oldestFirstOrder, workItemJoin } from '../assignments/workItemLists';
import { utes } from '../../db/tables/utes.table';

export type UteRow = typeof utes.$inferSelect;

export interface UteListFilter extends CreatedDayRange {
  page: number;
  pageSize: number;
  search?: string;
  /** Only the utes waiting for approval (the pendingUtes work queue). */
  isPending?: boolean;
  /** Only this ute (global search's link). */
  id?: string;
  /** Only the utes this user owns (the user page's link; utes_owner_idx). */
  userId?: string;
  /** The pendingUtes queue's items by holder, or the longest waiting first (docs/design.md §15). */
  workItems?: WorkItemListFilter;
}

function listCondition(filter: Omit<UteListFilter, 'page' | 'pageSize'>): SQL {
  const conditions: SQL[] = [isNull(utes.deletedAt)];
  // Spelt as utes_pending_idx's predicate, so the planner can walk that index.
  if (filter.isPending) conditions.push(sql`${utes.status} not in ('Approved', 'Rejected')`);
  // ILIKE on full_name is served by utes_name_trgm_idx (pg_trgm) for terms of 3+ characters.
  if (filter.search) conditions.push(termMatch(utes.fullName, filter.search));
  if (filter.id) conditions.push(eq(utes.id, filter.id));
  if (filter.userId) conditions.push(eq(utes.ownerId, filter.userId));
  if (isWorkItemListed(filter.workItems)) conditions.push(workItemCondition('pendingUtes', utes.id, filter.workItems));
  conditions.push(...createdDayConditions(utes.createdAt, filter));
  return and(...conditions)!;
}

/** The list's rows and order, without its page: what a page reads and what the export reads. */
export function uteListSource(filter: Omit<UteListFilter, 'page' | 'pageSize'>) {
  const order: ListOrder = filter.workItems?.waitSort ? oldestFirstOrder('pendingUtes', utes.id) : { columns: [utes.createdAt, utes.id], index: 'desc' };
  return { table: utes, where: listCondition(filter), order };
}

/** A search by name alone (or within the pending utes) finds its matches in search_utes. */
function uteSearchSource(filter: Omit<UteListFilter, 'page' | 'pageSize'>) {
  if (!filter.search || filter.id || filter.userId || isWorkItemListed(filter.workItems)) return undefined;
  const conditions = [lowerTermMatch(utesSearch.term, filter.search)];
  if (filter.isPending) conditions.push(eq(utesSearch.isPending, true));
  const days = createdDayConditions(utesSearch.createdAt, filter);
  return {
    table: utesSearch,
    where: and(...conditions, ...days),
    order: { columns: [utesSearch.createdAt, utesSearch.id], index: 'desc' },
    listFilters: listCondition({ ...filter, search: undefined }),
    listMatch: termMatch(utes.fullName, filter.search),
    words: wordCountOf(days.length ? undefined : SEARCH_WORD_SCOPES.utes(filter.isPending), filter.search),
  } satisfies SearchSource;
}

/** One page of live utes (or of the pending ones), newest first (utes_list_idx, utes_pending_idx), and how many match in all. */
export async function listUtes(db: DbOrTx, filter: UteListFilter) {
  // Newest first walks the index (created_at desc, id desc) forward; the back half from its end.
  return listPage(db, {
    ...uteListSource(filter),
    // Each row's place in the pendingUtes queue, in the page's own statement (workItemJoin).
    joins: { workItem: workItemJoin('pendingUtes', utes.id) },
    searchSource: uteSearchSource(filter),
    counter: filter.isPending ? COUNTERS.utesPending : COUNTERS.utes,
    isSearch: Boolean(filter.search || filter.id || filter.userId) || hasCreatedDayRange(filter) || isWorkItemListed(filter.workItems),
    page: filter.page,
    limit: filter.pageSize,
  });
}

/** The live ute, locked for the rest of the transaction. */
export async function lockLiveUte(tx: DbOrTx, id: string): Promise<(UteRow & { version: string }) | undefined> {
  const [row] = await tx
    .select(columnsWithVersion(utes))
    .from(utes)
    .where(and(eq(utes.id, id), isNull(utes.deletedAt)))
    .for('update');
  return row;
}

/** The new status; a rejection's reason and note are kept with it, and cleared by any other status. */
export async function setUteStatus(tx: DbOrTx, id: string, status: string, rejection: Rejection | null): Promise<void> {
  await tx
    .update(utes)
    .set({ status, rejectionReason: rejection?.reason ?? null, rejectionNote: rejection?.note ?? null })
    .where(eq(utes.id, id));
}

export async function markUteDeleted(tx: DbOrTx, id: string): Promise<Date> {
  const [row] = await tx
    .update(utes)
    .set({ deletedAt: sql`now()` })
    .where(eq(utes.id, id))
    .returning({ deletedAt: utes.deletedAt });
  return row.deletedAt!;
}
