import type { BulkResponse, User, UserBulkBody, UserExportQuery, UserListQuery, UserListResponse, UserStatusBody } from '@ute/contract';
import type { Db } from '../../db/database';
import { readListBatches } from '../../db/keyset';
import { runBulk } from '../../lib/bulk';
import { csvChunks, type CsvColumn } from '../../lib/csv';
import { conflict, notFound } from '../../lib/errors';
import { assertUnchanged, writeAudit, type Actor } from '../../platform/audit/auditLog';
import * as repo from './users.repository';

export const userTexts = {
  activated: 'User activated successfully',
  deactivated: 'User deactivated successfully',
  alreadyActive: 'User is already active',
  alreadyInactive: 'User is already inactive',
  deleted: 'User deleted successfully',
} as const;

export function toUserDto(row: repo.UserWithVersion): User {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    address: row.address,
    phoneNumber: row.phoneNumber,
    createdAt: row.createdAt.toISOString(),
    isActive: row.isActive,
    version: row.version,
  };
}

/** The users export's columns. */
export const USER_CSV: readonly CsvColumn<repo.UserRow>[] = [
  { header: 'id', value: (row) => row.id },
  { header: 'first_name', value: (row) => row.firstName },
  { header: 'last_name', value: (row) => row.lastName },
  { header: 'email', value: (row) => row.email },
  { header: 'phone_number', value: (row) => row.phoneNumber },
  { header: 'address', value: (row) => row.address },
  { header: 'status', value: (row) => (row.isActive ? 'active' : 'inActive') },
  { header: 'created_at', value: (row) => row.createdAt.toISOString() },
];

/** The list's filter from its query (the page aside): the list and its export read the same rows. */
function userListFilterOf(query: UserExportQuery): repo.UserListFilter {
  return { search: query.search || undefined, id: query.id, createdFrom: query.createdFrom, createdTo: query.createdTo };
}

export interface UsersServiceDeps {
  db: Db;
}

export function createUsersService({ db }: UsersServiceDeps) {
  async function listUsers(query: UserListQuery): Promise<UserListResponse> {
    const { rows, totalCount } = await repo.listUsers(db, { ...userListFilterOf(query), page: query.page, limit: query.limit });
    return { data: rows.map(toUserDto), total: totalCount, totalCount };
  }

  /** GET all-users-data/export: every user of the list under this search, as CSV, read in batches. */
  function exportUsers(query: UserExportQuery): AsyncGenerator<string> {
    return csvChunks(USER_CSV, readListBatches(db, repo.userListSource(userListFilterOf(query))));
  }

  async function setUserStatus(id: string, body: UserStatusBody, actor: Actor): Promise<{ message: string }> {
    const isActive = body.status === 'active';
    return db.transaction(async (tx) => {
      const user = await repo.findLiveUserForUpdate(tx, id);
      if (!user) throw notFound('User');
      await assertUnchanged(tx, actor, { version: user.version, id, targetType: 'user' });
      if (user.isActive === isActive) throw conflict(isActive ? userTexts.alreadyActive : userTexts.alreadyInactive);
      await repo.setUserActive(tx, id, isActive);
      await writeAudit(tx, actor, {
        action: isActive ? 'user.activate' : 'user.deactivate',
        targetType: 'user',
        targetId: id,
        before: { isActive: user.isActive },
        after: { isActive },
      });
      return { message: isActive ? userTexts.activated : userTexts.deactivated };
    });
  }

  async function deleteUser(id: string, actor: Actor): Promise<{ message: string }> {
    return db.transaction(async (tx) => {
      const live = await repo.findLiveUserForUpdate(tx, id);
      if (!live) throw notFound('User');
      await assertUnchanged(tx, actor, { version: live.version, id, targetType: 'user' });
      const user = await repo.markUserDeleted(tx, id);
      if (!user) throw notFound('User');
      await writeAudit(tx, actor, {
        action: 'user.delete',
        targetType: 'user',
        targetId: id,
        before: { deletedAt: null },
        after: { deletedAt: user.deletedAt?.toISOString() ?? null },
      });
      return { message: userTexts.deleted };
    });
  }

  /** POST users/bulk: activate or deactivate each user in turn, as the single call would. */
  function bulkUsers(body: UserBulkBody, actor: Actor): Promise<BulkResponse> {
    const status = body.action === 'activate' ? 'active' : 'inActive';
    return runBulk(body.ids, async (id) => (await setUserStatus(id, { status }, actor)).message);
  }

  return { listUsers, exportUsers, setUserStatus, bulkUsers, deleteUser };
}

export type UsersService = ReturnType<typeof createUsersService>;
