import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { CreatedDayRange } from '@ute/contract';
import type { DbOrTx } from '../../db/database';
import { COUNTERS } from '../../db/counters';
import { createdDayConditions, hasCreatedDayRange } from '../../db/createdDays';
import { emailTermMatch, lowerEmailTermMatch } from '../../db/likePattern';
import { columnsWithVersion } from '../../db/rowVersion';
import { listPage, type ListOrder, type SearchSource } from '../../db/paging';
import { SEARCH_WORD_SCOPES, wordCountOf } from '../../db/searchWords';
import { usersSearch } from '../../db/tables/search.table';
import { users } from '../../db/tables/users.table';

export type UserRow = typeof users.$inferSelect;
/** A user as the list and the locks read it: with its version (db/rowVersion.ts). */
export type UserWithVersion = UserRow & { version: string };

export interface UserListFilter extends CreatedDayRange {
  search?: string;
  /** Only this user (global search's link). */
  id?: string;
}

function listFilter({ search, id, ...range }: UserListFilter): SQL {
  const conditions: SQL[] = [isNull(users.deletedAt)];
  // ILIKE '%term%' on email is served by users_email_trgm_idx.
  if (search) conditions.push(emailTermMatch(users.email, search));
  if (id) conditions.push(eq(users.id, id));
  conditions.push(...createdDayConditions(users.createdAt, range));
  return and(...conditions)!;
}

/** The live users matching the filter, newest first (users_list_idx): the list's rows and the export's. */
export function userListSource(filter: UserListFilter) {
  return { table: users, where: listFilter(filter), order: { columns: [users.createdAt, users.id], index: 'desc' } satisfies ListOrder };
}

/** A search by email finds its matches in search_users. */
function userSearchSource({ search, id, ...range }: UserListFilter) {
  if (!search || id) return undefined;
  const days = createdDayConditions(usersSearch.createdAt, range);
  return {
    table: usersSearch,
    where: and(lowerEmailTermMatch(usersSearch.term, search), ...days),
    order: { columns: [usersSearch.createdAt, usersSearch.id], index: 'desc' },
    listFilters: listFilter(range),
    listMatch: emailTermMatch(users.email, search),
    words: wordCountOf(days.length ? undefined : SEARCH_WORD_SCOPES.users(), search),
  } satisfies SearchSource;
}

/** One page of live users, newest first (users_list_idx), and how many match in all. */
export async function listUsers(
  db: DbOrTx,
  options: UserListFilter & { page: number; limit: number },
): Promise<{ rows: UserWithVersion[]; totalCount: number }> {
  return listPage(db, {
    ...userListSource(options),
    searchSource: userSearchSource(options),
    counter: COUNTERS.users,
    isSearch: Boolean(options.search || options.id) || hasCreatedDayRange(options),
    page: options.page,
    limit: options.limit,
  });
}

/** A user that is not deleted, locked for the rest of the transaction. */
export async function findLiveUserForUpdate(db: DbOrTx, id: string): Promise<UserWithVersion | undefined> {
  const [row] = await db
    .select(columnsWithVersion(users))
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .for('update');
  return row;
}

export async function findLiveUser(db: DbOrTx, id: string): Promise<UserWithVersion | undefined> {
  const [row] = await db
    .select(columnsWithVersion(users))
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
