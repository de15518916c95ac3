import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { preparedRead } from '../../db/prepared';
import { rowVersion } from '../../db/rowVersion';
import { adminInvites, adminRecoveryCodes, admins, adminSettings } from '../../db/tables/auth.table';
import type { AdminRow } from '../auth/auth.repository';

export type InviteRow = typeof adminInvites.$inferSelect;

/** Every admin, oldest first. */
export async function listAdmins(db: DbOrTx): Promise<AdminRow[]> {
  return db.select().from(admins).orderBy(asc(admins.createdAt), asc(admins.email));
}

/** The invitations of these admins, newest first. */
export async function listInvitesOf(db: DbOrTx, adminIds: string[]): Promise<InviteRow[]> {
  if (adminIds.length === 0) return [];
  return db.select().from(adminInvites).where(inArray(adminInvites.adminId, adminIds)).orderBy(desc(adminInvites.createdAt));
}

/**
 * Locks every active owner's row, in id order, for the rest of the transaction, and returns their
 * ids. Every change that could remove an owner takes these locks before it reads the target, so two
 * owners demoting each other queue, and the second one sees the first one's result: PostgreSQL
 * re-checks a row it waited for against the condition, so a demoted owner drops out of the list.
 */
export async function lockActiveOwners(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ id: admins.id })
    .from(admins)
    .where(and(eq(admins.isActive, true), sql`'owner' = any(${admins.roles})`))
    .orderBy(asc(admins.id))
    .for('update');
  return rows.map((row) => row.id);
}

export async function findAdminForUpdate(db: DbOrTx, id: string): Promise<AdminRow | undefined> {
  const [row] = await db.select().from(admins).where(eq(admins.id, id)).for('update');
  return row;
}

export async function findAdminByEmailForUpdate(db: DbOrTx, email: string): Promise<AdminRow | undefined> {
  const [row] = await db.select().from(admins).where(eq(admins.email, email)).for('update');
  return row;
}

/** A new admin that cannot sign in until the invitation is accepted. */
export async function insertInvitedAdmin(db: DbOrTx, values: { email: string; name: string; roles: string[]; passwordHash: string }): Promise<AdminRow> {
  const [row] = await db
    .insert(admins)
    .values({ ...values, isActive: false })
    .returning();
  return row;
}

/** A change of the admin by the team's owners (or its invitation's acceptance): its version moves (If-Match, docs/design.md §14). */
export async function updateAdmin(
  db: DbOrTx,
  id: string,
  values: Partial<Pick<AdminRow, 'name' | 'roles' | 'isActive' | 'passwordHash' | 'totpSecret' | 'totpEnabledAt' | 'totpLastStep'>> & {
    bumpTokenVersion?: boolean;
  },
): Promise<AdminRow> {
  const { bumpTokenVersion, ...columns } = values;
  const [row] = await db
    .update(admins)
    .set({
      ...columns,
      ...(bumpTokenVersion ? { tokenVersion: sql`${admins.tokenVersion} + 1` } : {}),
      version: sql`${admins.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(admins.id, id))
    .returning();
  return row;
}

/** Ends every session of the admin (their tokens carry an older version); what the team page shows does not change. */
export async function revokeTokens(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(admins)
    .set({ tokenVersion: sql`${admins.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(admins.id, id));
}

export async function deleteRecoveryCodes(db: DbOrTx, adminId: string): Promise<void> {
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
}

/** Whether the admin was ever invited, and whether an invitation of theirs was accepted. */
export async function inviteStateOf(db: DbOrTx, adminId: string): Promise<{ isInvited: boolean; hasAccepted: boolean }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      accepted: sql<number>`count(${adminInvites.acceptedAt})::int`,
    })
    .from(adminInvites)
    .where(eq(adminInvites.adminId, adminId));
  return { isInvited: row.count > 0, hasAccepted: row.accepted > 0 };
}

/** Drops the admin's open invitations: their links stop working. */
export async function deleteOpenInvites(db: DbOrTx, adminId: string): Promise<void> {
  await db.delete(adminInvites).where(and(eq(adminInvites.adminId, adminId), isNull(adminInvites.acceptedAt)));
}

/** Ends the admin's open invitations now (the owner withdrew them); they stay on record. */
export async function expireOpenInvites(db: DbOrTx, adminId: string): Promise<void> {
  await db
    .update(adminInvites)
    .set({ expiresAt: sql`least(${adminInvites.expiresAt}, now())` })
    .where(and(eq(adminInvites.adminId, adminId), isNull(adminInvites.acceptedAt)));
}

export async function insertInvite(db: DbOrTx, values: { adminId: string; tokenHash: string; invitedBy: string | null; expiresAt: Date }): Promise<InviteRow> {
  const [row] = await db.insert(adminInvites).values(values).returning();
  return row;
}

/** The invitee of an open invitation (unused, unexpired), or undefined. */
export async function findOpenInvitation(db: DbOrTx, tokenHash: string): Promise<{ email: string; name: string } | undefined> {
  const [row] = await db
    .select({ email: admins.email, name: admins.name })
    .from(adminInvites)
    .innerJoin(admins, eq(admins.id, adminInvites.adminId))
    .where(and(eq(adminInvites.tokenHash, tokenHash), isNull(adminInvites.acceptedAt), gt(adminInvites.expiresAt, sql`now()`)));
  return row;
}

/**
 * Marks an open invitation used and returns its admin id; of parallel callers only one gets it
 * (the row lock makes the others re-check `accepted_at is null` and find it set).
 */
export async function consumeInvitation(db: DbOrTx, tokenHash: string): Promise<string | null> {
  const rows = await db
    .update(adminInvites)
    .set({ acceptedAt: sql`now()` })
    .where(and(eq(adminInvites.tokenHash, tokenHash), isNull(adminInvites.acceptedAt), gt(adminInvites.expiresAt, sql`now()`)))
    .returning({ adminId: adminInvites.adminId });
  return rows[0]?.adminId ?? null;
}

export async function readSetting(db: DbOrTx, key: string): Promise<string | undefined> {
  return (await readSettingWithVersion(db, key)).value;
}

/** No row yet: the setting has its default, and this version. */
const UNWRITTEN_SETTING_VERSION = '0';

const settingQuery = (db: DbOrTx) =>
  db
    .select({ value: adminSettings.value, version: rowVersion(adminSettings) })
    .from(adminSettings)
    .where(eq(adminSettings.key, sql.placeholder('key')));

const readSettingRow = preparedRead('read_setting', settingQuery);

/** A setting's value and version (its row's xmin; '0' before it was ever written): what Settings shows and its If-Match names. */
export async function readSettingWithVersion(db: DbOrTx, key: string, options: { isLocking?: boolean } = {}) {
  // The row lock queues parallel writers; a plain read (every list with work items makes one) is prepared.
  const [row] = await (options.isLocking ? settingQuery(db).for('update').execute({ key }) : readSettingRow(db, { key }));
  return { value: row?.value, version: row?.version ?? UNWRITTEN_SETTING_VERSION };
}

/** Sets a setting (after readSettingWithVersion locked it) and answers its new version. */
export async function writeSetting(db: DbOrTx, key: string, value: string): Promise<string> {
  const [row] = await db
    .insert(adminSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: adminSettings.key, set: { value, updatedAt: new Date() } })
    .returning({ version: rowVersion(adminSettings) });
  return row.version;
}
