import type { User, UserListQuery, UserListResponse, UserStatusBody } from '@ute/contract';
import type { Db } from '../../db/database';
import { conflict, notFound } from '../../lib/errors';
import { writeAudit, type Actor } from '../audit/audit.repository';
import * as repo from './users.repository';

export const userTexts = {
  activated: 'User activated successfully',
  deactivated: 'User deactivated successfully',
  alreadyActive: 'User is already active',
  alreadyInactive: 'User is already inactive',
  deleted: 'User deleted successfully',
} as const;

export function toUserDto(row: repo.UserRow): User {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    address: row.address,
    phoneNumber: row.phoneNumber,
    createdAt: row.createdAt.toISOString(),
    isActive: row.isActive,
  };
}

export interface UsersServiceDeps {
  db: Db;
}

export function createUsersService({ db }: UsersServiceDeps) {
  async function listUsers(query: UserListQuery): Promise<UserListResponse> {
    const search = query.search || undefined;
    const { rows, totalCount } = await repo.listUsers(db, { search, page: query.page, limit: query.limit });
    return { data: rows.map(toUserDto), total: totalCount, totalCount };
  }

  async function setUserStatus(id: string, body: UserStatusBody, actor: Actor): Promise<{ message: string }> {
    const isActive = body.status === 'active';
    return db.transaction(async (tx) => {
      const user = await repo.findLiveUserForUpdate(tx, id);
      if (!user) throw notFound('User');
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

  return { listUsers, setUserStatus, deleteUser };
}

export type UsersService = ReturnType<typeof createUsersService>;
