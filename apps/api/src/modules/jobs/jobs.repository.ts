import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { JobSort } from '@ute/contract';
import type { DbOrTx } from '../../db/database';
import { COUNTERS } from '../../db/counters';
import { containsPattern } from '../../db/likePattern';
import { listPage, type ListOrder } from '../../db/paging';
import { jobs } from '../../db/tables/jobs.table';

export type JobRow = typeof jobs.$inferSelect;

export interface JobListFilter {
  page: number;
  limit: number;
  search?: string;
  sort?: JobSort;
}

function listCondition(search: string | undefined): SQL {
  const live = isNull(jobs.deletedAt);
  // ILIKE on title is served by jobs_title_trgm_idx (pg_trgm) for terms of 3+ characters.
  return search ? and(live, sql`${jobs.title} ilike ${containsPattern(search)}`)! : live;
}

/**
 * Each order matches an index exactly (nulls placement included), so a page is an index walk:
 * newest first on jobs_list_idx (created_at desc nulls last, id desc nulls last); budget on
 * jobs_budget_idx (budget, id), forwards for Low to High, backwards for High to Low.
 */
const ORDERS: Record<JobSort | 'newest', ListOrder> = {
  newest: { columns: [jobs.createdAt, jobs.id], index: 'desc', walk: 'forward' },
  budgetAsc: { columns: [jobs.budget, jobs.id], index: 'asc', walk: 'forward' },
  budgetDesc: { columns: [jobs.budget, jobs.id], index: 'asc', walk: 'backward' },
};

/** One page of live jobs and how many match in all. */
export async function listJobs(db: DbOrTx, filter: JobListFilter): Promise<{ rows: JobRow[]; totalCount: number }> {
  return listPage(db, {
    table: jobs,
    where: listCondition(filter.search),
    order: ORDERS[filter.sort ?? 'newest'],
    counter: COUNTERS.jobs,
    isSearch: Boolean(filter.search),
    page: filter.page,
    limit: filter.limit,
  });
}

/** The live job, locked for the rest of the transaction. */
export async function lockLiveJob(tx: DbOrTx, id: string): Promise<JobRow | undefined> {
  const [row] = await tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), isNull(jobs.deletedAt)))
    .for('update');
  return row;
}

export async function setJobStatus(tx: DbOrTx, id: string, status: string): Promise<void> {
  await tx.update(jobs).set({ status }).where(eq(jobs.id, id));
}

export async function markJobDeleted(tx: DbOrTx, id: string): Promise<Date> {
  const [row] = await tx
    .update(jobs)
    .set({ deletedAt: sql`now()` })
    .where(eq(jobs.id, id))
    .returning({ deletedAt: jobs.deletedAt });
  return row.deletedAt!;
}
