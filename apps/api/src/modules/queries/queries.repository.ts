import { and, asc, eq, ilike, inArray, isNull, type SQL } from 'drizzle-orm';
import { countRows } from '../../db/counters';
import type { DbOrTx } from '../../db/database';
import { mailOutbox } from '../mail/mail.table';
import { containsPattern } from '../../db/likePattern';
import { indexOrder, type CountedRows, type Walk } from '../../db/paging';
import { customerQueries, queryReplies } from './queries.table';

export type CustomerQueryRow = typeof customerQueries.$inferSelect;

function listFilter(email: string | undefined): SQL | undefined {
  // ILIKE '%term%' on email is served by customer_queries_email_trgm_idx.
  return email ? and(isNull(customerQueries.deletedAt), ilike(customerQueries.email, containsPattern(email))) : isNull(customerQueries.deletedAt);
}

/** One page in the order of customer_queries_list_idx (read backwards for the oldest first), each row with `total` (see readListPage). */
export async function findQueryPage(
  db: DbOrTx,
  options: { email?: string; walk: Walk; offset: number; limit: number; total: SQL<number | string | null> },
): Promise<CountedRows<CustomerQueryRow>> {
  const order = [indexOrder(customerQueries.createdAt, 'desc', options.walk), indexOrder(customerQueries.id, 'desc', options.walk)];
  return db
    .select({ row: customerQueries, total: options.total })
    .from(customerQueries)
    .where(listFilter(options.email))
    .orderBy(...order)
    .limit(options.limit)
    .offset(options.offset);
}

export async function countQueries(db: DbOrTx, email?: string): Promise<number> {
  return countRows(db, { counters: email ? null : ['customer_queries'], table: customerQueries, where: listFilter(email) });
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
