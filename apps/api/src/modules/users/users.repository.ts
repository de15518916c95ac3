import { and, eq, ilike, isNull, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { countRows } from '../../db/counters';
import { containsPattern } from '../../db/likePattern';
import { indexOrder, type CountedRows, type Walk } from '../../db/paging';
import { users } from './users.table';

export type UserRow = typeof users.$inferSelect;

function listFilter(search: string | undefined): SQL | undefined {
  // ILIKE '%term%' on email is served by users_email_trgm_idx.
  return search ? and(isNull(users.deletedAt), ilike(users.email, containsPattern(search))) : isNull(users.deletedAt);
}

/** Rows of users_list_idx (newest first when walked forward), each with `total` (see readListPage). */
export async function findUserPage(
  db: DbOrTx,
  options: { search?: string; walk: Walk; offset: number; limit: number; total: SQL<number | string | null> },
): Promise<CountedRows<UserRow>> {
  return db
    .select({ row: users, total: options.total })
    .from(users)
    .where(listFilter(options.search))
    .orderBy(indexOrder(users.createdAt, 'desc', options.walk), indexOrder(users.id, 'desc', options.walk))
    .limit(options.limit)
    .offset(options.offset);
}

export async function countUsers(db: DbOrTx, search?: string): Promise<number> {
  return countRows(db, { counters: search ? null : ['users'], table: users, where: listFilter(search) });
}

/** A user that is not deleted, locked for the rest of the transaction. */
export async function findLiveUserForUpdate(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .for('update');
  return row;
}

export async function findLiveUser(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}

export async function setUserActive(db: DbOrTx, id: string, isActive: boolean): Promise<void> {
  await db.update(users).set({ isActive }).where(eq(users.id, id));
}

/** Marks the user deleted; false when it was unknown or already deleted. */
export async function markUserDeleted(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ deletedAt: new Date() })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning();
  return row;
}
