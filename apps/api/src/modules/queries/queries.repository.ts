import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { CreatedDayRange } from '@ute/contract';
import { COUNTERS } from '../../db/counters';
import { createdDayConditions, hasCreatedDayRange } from '../../db/createdDays';
import type { DbOrTx } from '../../db/database';
import { preparedRead } from '../../db/prepared';
import { mailOutbox } from '../../db/tables/mail.table';
import { emailTermMatch, lowerEmailTermMatch } from '../../db/likePattern';
import { listPage, type AlongRows, type ListOrder, type SearchSource } from '../../db/paging';
import { SEARCH_WORD_SCOPES, wordCountOf } from '../../db/searchWords';
import { columnsWithVersion, touchRow } from '../../db/rowVersion';
import { isWorkItemListed, workItemCondition, type WorkItemListFilter } from '../../db/workItems';
import { oldestFirstOrder } from '../assignments/workItemLists';
import { customerQueries, queryReplies } from '../../db/tables/queries.table';
import { queriesSearch } from '../../db/tables/search.table';

export type CustomerQueryRow = typeof customerQueries.$inferSelect;

/** The query list's filter and order, the page aside. */
export interface QueryListFilter extends CreatedDayRange {
  email?: string;
  isUnanswered?: boolean;
  id?: string;
  sort: 'latest' | 'oldest';
  /** The unansweredQueries queue's items by holder, or the longest waiting first (docs/design.md §15). */
  workItems?: WorkItemListFilter;
}

function listFilter(options: Omit<QueryListFilter, 'sort'>): SQL {
  const conditions: SQL[] = [isNull(customerQueries.deletedAt)];
  // ILIKE '%term%' on email is served by customer_queries_email_trgm_idx.
  if (options.email) conditions.push(emailTermMatch(customerQueries.email, options.email));
  // Without a reply (query_replies_query_idx answers each row's check).
  if (options.isUnanswered) conditions.push(sql`not exists (select from ${queryReplies} where ${queryReplies.queryId} = ${customerQueries.id})`);
  // Only one query: global search's link.
  if (options.id) conditions.push(eq(customerQueries.id, options.id));
  if (isWorkItemListed(options.workItems)) conditions.push(workItemCondition('unansweredQueries', customerQueries.id, options.workItems));
  conditions.push(...createdDayConditions(customerQueries.createdAt, options));
  return and(...conditions)!;
}

/** The list's rows and order, without its page: what a page reads and what the export reads. */
export function queryListSource(options: QueryListFilter) {
  return {
    table: customerQueries,
    where: listFilter(options),
    order: options.workItems?.waitSort
      ? oldestFirstOrder('unansweredQueries', customerQueries.id)
      : ({
          columns: [customerQueries.createdAt, customerQueries.id],
          index: 'desc',
          walk: options.sort === 'latest' ? 'forward' : 'backward',
        } satisfies ListOrder),
  };
}

/** A search by email alone finds its matches in search_queries (the unanswered filter reads the replies: the table then). */
function querySearchSource(options: QueryListFilter) {
  if (!options.email || options.isUnanswered || options.id || isWorkItemListed(options.workItems)) return undefined;
  const order: ListOrder = { columns: [queriesSearch.createdAt, queriesSearch.id], index: 'desc', walk: options.sort === 'latest' ? 'forward' : 'backward' };
  const days = createdDayConditions(queriesSearch.createdAt, options);
  return {
    table: queriesSearch,
    where: and(lowerEmailTermMatch(queriesSearch.term, options.email), ...days),
    order,
    listFilters: listFilter({ ...options, email: undefined }),
    listMatch: emailTermMatch(customerQueries.email, options.email),
    words: wordCountOf(days.length ? undefined : SEARCH_WORD_SCOPES.queries(), options.email),
  } satisfies SearchSource;
}

/**
 * One page of live queries (or of those without a reply) in the order of customer_queries_list_idx (latest first walks it
 * forward, oldest first backward) and how many match in all.
 */
export async function listQueries<TAlong = undefined>(
  db: DbOrTx,
  options: QueryListFilter & { page: number; limit: number },
  alongRows?: AlongRows<CustomerQueryRow & { version: string }, TAlong>,
): Promise<{ rows: (CustomerQueryRow & { version: string })[]; totalCount: number; along: TAlong }> {
  return listPage(
    db,
    {
      ...queryListSource(options),
      searchSource: querySearchSource(options),
      counter: options.isUnanswered ? COUNTERS.customerQueriesUnanswered : COUNTERS.customerQueries,
      isSearch: Boolean(options.email || options.id) || hasCreatedDayRange(options) || isWorkItemListed(options.workItems),
      page: options.page,
      limit: options.limit,
    },
    alongRows,
  );
}

export interface ReplyRow {
  id: string;
  queryId: string;
  message: string;
  createdAt: Date;
  mailStatus: string | null;
  sentAt: Date | null;
}

// Every page of queries reads its replies: prepared.
const readRepliesOf = preparedRead('find_replies_of', (db) =>
  db
    .select({
      id: queryReplies.id,
      queryId: queryReplies.queryId,
      message: queryReplies.message,
      createdAt: queryReplies.createdAt,
      mailStatus: mailOutbox.status,
      sentAt: mailOutbox.sentAt,
    })
    .from(queryReplies)
    .leftJoin(mailOutbox, eq(mailOutbox.id, queryReplies.mailId))
    .where(sql`${queryReplies.queryId} = any(${sql.placeholder('queryIds')})`)
    .orderBy(asc(queryReplies.queryId), asc(queryReplies.createdAt), asc(queryReplies.id)),
);

/** The replies of these queries, oldest first, with the state of each reply's mail. */
export async function findRepliesOf(db: DbOrTx, queryIds: string[]): Promise<ReplyRow[]> {
  return queryIds.length === 0 ? [] : readRepliesOf(db, { queryIds });
}

export async function findLiveQueryForUpdate(db: DbOrTx, id: string): Promise<(CustomerQueryRow & { version: string }) | undefined> {
  const [row] = await db
    .select(columnsWithVersion(customerQueries))
    .from(customerQueries)
    .where(and(eq(customerQueries.id, id), isNull(customerQueries.deletedAt)))
    .for('update');
  return row;
}

export async function insertReply(db: DbOrTx, values: { queryId: string; message: string; adminId: string | null; mailId: string }): Promise<string> {
  const [row] = await db.insert(queryReplies).values(values).returning({ id: queryReplies.id });
  return row.id;
}

/**
 * A reply is a change of its query (docs/design.md §14): the query's row is written again, unchanged,
 * so its version moves and an admin who loaded it before the reply is told.
 */
export async function touchQuery(db: DbOrTx, id: string): Promise<void> {
  await touchRow(db, customerQueries, id);
}

/** Marks the query deleted; undefined when it was unknown or already deleted. */
export async function markQueryDeleted(db: DbOrTx, id: string): Promise<CustomerQueryRow | undefined> {
  const [row] = await db
    .update(customerQueries)
    .set({ deletedAt: new Date() })
    .where(and(eq(customerQueries.id, id), isNull(customerQueries.deletedAt)))
    .returning();
  return row;
}
