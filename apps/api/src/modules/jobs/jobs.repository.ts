import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { CreatedDayRange, JobSort, Rejection } from '@ute/contract';
import type { DbOrTx } from '../../db/database';
import { COUNTERS } from '../../db/counters';
import { createdDayConditions, hasCreatedDayRange } from '../../db/createdDays';
import { lowerTermMatch, termMatch } from '../../db/likePattern';
import { columnsWithVersion } from '../../db/rowVersion';
import { listPage, type ListOrder, type SearchSource } from '../../db/paging';
import { SEARCH_WORD_SCOPES, wordCountOf } from '../../db/searchWords';
import { isWorkItemListed, workItemCondition, type WorkItemListFilter } from '../../db/workItems';
import { oldestFirstOrder, workItemJoin } from '../assignments/workItemLists';
import { jobs } from '../../db/tables/jobs.table';
import { jobsSearch } from '../../db/tables/search.table';

export type JobRow = typeof jobs.$inferSelect;

export interface JobListFilter extends CreatedDayRange {
  page: number;
  limit: number;
  search?: string;
  sort?: JobSort;
  /** Only the jobs waiting for approval (the pendingJobs work queue). */
  isPending?: boolean;
  /** Only this job (global search's link). */
  id?: string;
  /** Only the jobs this user posted (the user page's link; jobs_posted_by_idx). */
  userId?: string;
  /** The pendingJobs queue's items by holder, or the longest waiting first (docs/design.md §15). */
  workItems?: WorkItemListFilter;
}

function listCondition(filter: Omit<JobListFilter, 'page' | 'limit'>): SQL {
  const conditions: SQL[] = [isNull(jobs.deletedAt)];
  // Spelt as jobs_pending_idx's predicate, so the planner can walk that index.
  if (filter.isPending) conditions.push(sql`${jobs.status} not in ('Approved', 'Rejected')`);
  // ILIKE on title is served by jobs_title_trgm_idx (pg_trgm) for terms of 3+ characters.
  if (filter.search) conditions.push(termMatch(jobs.title, filter.search));
  if (filter.id) conditions.push(eq(jobs.id, filter.id));
  if (filter.userId) conditions.push(eq(jobs.postedBy, filter.userId));
  if (isWorkItemListed(filter.workItems)) conditions.push(workItemCondition('pendingJobs', jobs.id, filter.workItems));
  conditions.push(...createdDayConditions(jobs.createdAt, filter));
  return and(...conditions)!;
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

/** The list's rows and order, without its page: what a page reads and what the export reads. */
export function jobListSource(filter: Omit<JobListFilter, 'page' | 'limit'>) {
  const order = filter.workItems?.waitSort ? oldestFirstOrder('pendingJobs', jobs.id) : ORDERS[filter.sort ?? 'newest'];
  return { table: jobs, where: listCondition(filter), order };
}

/** search_jobs's orders, column for column those of ORDERS. */
const SEARCH_ORDERS: Record<JobSort | 'newest', ListOrder> = {
  newest: { columns: [jobsSearch.createdAt, jobsSearch.id], index: 'desc', walk: 'forward' },
  budgetAsc: { columns: [jobsSearch.budget, jobsSearch.id], index: 'asc', walk: 'forward' },
  budgetDesc: { columns: [jobsSearch.budget, jobsSearch.id], index: 'asc', walk: 'backward' },
};

/** A search by title alone (or within the pending jobs) finds its matches in search_jobs. */
function jobSearchSource(filter: Omit<JobListFilter, 'page' | 'limit'>) {
  if (!filter.search || filter.id || filter.userId || isWorkItemListed(filter.workItems)) return undefined;
  const conditions = [lowerTermMatch(jobsSearch.term, filter.search)];
  if (filter.isPending) conditions.push(eq(jobsSearch.isPending, true));
  const days = createdDayConditions(jobsSearch.createdAt, filter);
  return {
    table: jobsSearch,
    where: and(...conditions, ...days),
    order: SEARCH_ORDERS[filter.sort ?? 'newest'],
    listFilters: listCondition({ ...filter, search: undefined }),
    listMatch: termMatch(jobs.title, filter.search),
    words: wordCountOf(days.length ? undefined : SEARCH_WORD_SCOPES.jobs(filter.isPending), filter.search),
  } satisfies SearchSource;
}

/** One page of live jobs and how many match in all. */
export async function listJobs(db: DbOrTx, filter: JobListFilter) {
  return listPage(db, {
    ...jobListSource(filter),
    // Each row's place in the pendingJobs queue, in the page's own statement (workItemJoin).
    joins: { workItem: workItemJoin('pendingJobs', jobs.id) },
    searchSource: jobSearchSource(filter),
    counter: filter.isPending ? COUNTERS.jobsPending : COUNTERS.jobs,
    isSearch: Boolean(filter.search || filter.id || filter.userId) || hasCreatedDayRange(filter) || isWorkItemListed(filter.workItems),
    page: filter.page,
    limit: filter.limit,
  });
}

/** The live job, locked for the rest of the transaction. */
export async function lockLiveJob(tx: DbOrTx, id: string): Promise<(JobRow & { version: string }) | undefined> {
  const [row] = await tx
    .select(columnsWithVersion(jobs))
    .from(jobs)
    .where(and(eq(jobs.id, id), isNull(jobs.deletedAt)))
    .for('update');
  return row;
}

/** The new status; a rejection's reason and note are kept with it, and cleared by any other status. */
export async function setJobStatus(tx: DbOrTx, id: string, status: string, rejection: Rejection | null): Promise<void> {
  await tx
    .update(jobs)
    .set({ status, rejectionReason: rejection?.reason ?? null, rejectionNote: rejection?.note ?? null })
    .where(eq(jobs.id, id));
}

export async function markJobDeleted(tx: DbOrTx, id: string): Promise<Date> {
  const [row] = await tx
    .update(jobs)
    .set({ deletedAt: sql`now()` })
    .where(eq(jobs.id, id))
    .returning({ deletedAt: jobs.deletedAt });
  return row.deletedAt!;
}
