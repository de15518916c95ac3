import { and, count, eq, ilike, isNull, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { containsPattern, newestFirst } from '../../db/ordering';
import { users } from './users.table';

export type UserRow = typeof users.$inferSelect;

function listFilter(search: string | undefined): SQL | undefined {
  // ILIKE '%term%' on email is served by users_email_trgm_idx.
  return search ? and(isNull(users.deletedAt), ilike(users.email, containsPattern(search))) : isNull(users.deletedAt);
}

/** One page, newest first, in the order of users_list_idx. */
export async function findUserPage(db: DbOrTx, options: { search?: string; offset: number; limit: number }): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(listFilter(options.search))
    .orderBy(newestFirst(users.createdAt), newestFirst(users.id))
    .limit(options.limit)
    .offset(options.offset);
}

export async function countUsers(db: DbOrTx, search?: string): Promise<number> {
  const [row] = await db.select({ count: count() }).from(users).where(listFilter(search));
  return Number(row.count);
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
