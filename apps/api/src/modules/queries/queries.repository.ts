import { and, asc, eq, ilike, inArray, isNull, type SQL } from 'drizzle-orm';
import { COUNTERS } from '../../db/counters';
import type { DbOrTx } from '../../db/database';
import { mailOutbox } from '../../db/tables/mail.table';
import { containsPattern } from '../../db/likePattern';
import { listPage } from '../../db/paging';
import { customerQueries, queryReplies } from '../../db/tables/queries.table';

export type CustomerQueryRow = typeof customerQueries.$inferSelect;

function listFilter(email: string | undefined): SQL | undefined {
  // ILIKE '%term%' on email is served by customer_queries_email_trgm_idx.
  return email ? and(isNull(customerQueries.deletedAt), ilike(customerQueries.email, containsPattern(email))) : isNull(customerQueries.deletedAt);
}

/**
 * One page of live queries in the order of customer_queries_list_idx (latest first walks it
 * forward, oldest first backward) and how many match in all.
 */
export async function listQueries(
  db: DbOrTx,
  options: { email?: string; sort: 'latest' | 'oldest'; page: number; limit: number },
): Promise<{ rows: CustomerQueryRow[]; totalCount: number }> {
  return listPage(db, {
    table: customerQueries,
    where: listFilter(options.email),
    order: { columns: [customerQueries.createdAt, customerQueries.id], index: 'desc', walk: options.sort === 'latest' ? 'forward' : 'backward' },
    counter: COUNTERS.customerQueries,
    isSearch: Boolean(options.email),
    page: options.page,
    limit: options.limit,
  });
}

export interface ReplyRow {
  id: string;
  queryId: string;
  message: string;
  createdAt: Date;
  mailStatus: string | null;
  sentAt: Date | null;
}

/** The replies of these queries, oldest first, with the state of each reply's mail. */
export async function findRepliesOf(db: DbOrTx, queryIds: string[]): Promise<ReplyRow[]> {
  if (queryIds.length === 0) return [];
  return db
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
    .where(inArray(queryReplies.queryId, queryIds))
    .orderBy(asc(queryReplies.queryId), asc(queryReplies.createdAt), asc(queryReplies.id));
}

export async function findLiveQueryForUpdate(db: DbOrTx, id: string): Promise<CustomerQueryRow | undefined> {
  const [row] = await db
    .select()
    .from(customerQueries)
    .where(and(eq(customerQueries.id, id), isNull(customerQueries.deletedAt)))
    .for('update');
  return row;
}

export async function insertReply(db: DbOrTx, values: { queryId: string; message: string; adminId: string | null; mailId: string }): Promise<string> {
  const [row] = await db.insert(queryReplies).values(values).returning({ id: queryReplies.id });
  return row.id;
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
