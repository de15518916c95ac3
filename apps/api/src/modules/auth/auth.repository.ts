import { and, desc, eq, getTableColumns, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { preparedRead } from '../../db/prepared';
import { admins, adminSettings, passwordResetCodes } from '../../db/tables/auth.table';

export type AdminRow = typeof admins.$inferSelect;

/** The admin_settings key of the owners' "everybody uses 2FA" setting ('true' or 'false'). */
export const REQUIRE_TWO_FACTOR_KEY = 'require_two_factor';

const requireTwoFactorSql = sql<boolean>`exists (select 1 from ${adminSettings} where ${adminSettings.key} = ${REQUIRE_TWO_FACTOR_KEY} and ${adminSettings.value} = 'true')`;

export async function isTwoFactorRequired(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ value: adminSettings.value }).from(adminSettings).where(eq(adminSettings.key, REQUIRE_TWO_FACTOR_KEY));
  return row?.value === 'true';
}

export async function findAdminByEmail(db: DbOrTx, email: string): Promise<AdminRow | undefined> {
  const [row] = await db.select().from(admins).where(eq(admins.email, email.toLowerCase()));
  return row;
}

export async function findAdminById(db: DbOrTx, id: string): Promise<AdminRow | undefined> {
  const [row] = await db.select().from(admins).where(eq(admins.id, id));
  return row;
}

// Every guarded request checks its token with this read: prepared (db/prepared.ts).
const readSessionAdmin = preparedRead('find_admin_by_id', (db) =>
  db
    .select({ ...getTableColumns(admins), isTwoFactorRequired: requireTwoFactorSql })
    .from(admins)
    .where(eq(admins.id, sql.placeholder('id'))),
);

/** The admin behind a token and whether the owners require 2FA of everybody, in one read. */
export async function findSessionAdmin(db: DbOrTx, id: string): Promise<(AdminRow & { isTwoFactorRequired: boolean }) | undefined> {
  return (await readSessionAdmin(db, { id }))[0];
}

/** Sets a new hash and bumps the token version, so every older token stops working. */
export async function setAdminPassword(db: DbOrTx, id: string, passwordHash: string): Promise<void> {
  await db
    .update(admins)
    .set({ passwordHash, tokenVersion: sql`${admins.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(admins.id, id));
}

/** Ends every session of the admin; answers the new token version. */
export async function bumpTokenVersion(db: DbOrTx, id: string): Promise<number> {
  const [row] = await db
    .update(admins)
    .set({ tokenVersion: sql`${admins.tokenVersion} + 1` })
    .where(eq(admins.id, id))
    .returning({ tokenVersion: admins.tokenVersion });
  return row.tokenVersion;
}

/** Creates the admin, or gives an existing one a new password (and signs them out). New admins are owners unless `roles` says otherwise. */
export async function upsertAdmin(db: DbOrTx, email: string, passwordHash: string, roles: readonly string[] = ['owner']): Promise<void> {
  await db
    .insert(admins)
    .values({ email: email.toLowerCase(), passwordHash, roles: [...roles] })
    .onConflictDoUpdate({
      target: admins.email,
      set: { passwordHash, isActive: true, tokenVersion: sql`${admins.tokenVersion} + 1`, updatedAt: new Date() },
    });
}

export async function countAdmins(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(admins);
  return row.count;
}

export type ResetCodeRow = typeof passwordResetCodes.$inferSelect;

export async function insertResetCode(db: DbOrTx, values: { adminId: string; otpHash: string; otpExpiresAt: Date }): Promise<void> {
  // A new code replaces any earlier unused one.
  await db
    .update(passwordResetCodes)
    .set({ otpUsedAt: new Date() })
    .where(and(eq(passwordResetCodes.adminId, values.adminId), isNull(passwordResetCodes.otpUsedAt)));
  await db.insert(passwordResetCodes).values(values);
}

export async function findLatestOpenCode(db: DbOrTx, adminId: string): Promise<ResetCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(passwordResetCodes)
    .where(and(eq(passwordResetCodes.adminId, adminId), isNull(passwordResetCodes.otpUsedAt)))
    .orderBy(desc(passwordResetCodes.createdAt))
    .limit(1);
  return row;
}

/**
 * Takes one try from an open code's budget BEFORE the code is compared, in one conditional update
 * (the row lock makes parallel callers queue and re-check `failed_attempts < maxTries`): of any
 * number of parallel guesses only maxTries are compared. True when a try was left. The column
 * counts every try, the right one too; a right code is consumed right after, so that one is moot.
 */
export async function reserveOtpTry(db: DbOrTx, id: string, maxTries: number): Promise<boolean> {
  const rows = await db
    .update(passwordResetCodes)
    .set({ failedAttempts: sql`${passwordResetCodes.failedAttempts} + 1` })
    .where(and(eq(passwordResetCodes.id, id), isNull(passwordResetCodes.otpUsedAt), lt(passwordResetCodes.failedAttempts, maxTries)))
    .returning({ id: passwordResetCodes.id });
  return rows.length === 1;
}

/** Marks the OTP used and stores the reset token; only one caller can win (otp_used_at is null). */
export async function consumeOtp(db: DbOrTx, id: string, values: { resetTokenHash: string; resetTokenExpiresAt: Date }): Promise<boolean> {
  const rows = await db
    .update(passwordResetCodes)
    .set({ otpUsedAt: new Date(), ...values })
    .where(and(eq(passwordResetCodes.id, id), isNull(passwordResetCodes.otpUsedAt)))
    .returning({ id: passwordResetCodes.id });
  return rows.length === 1;
}

/** Takes a reset token once: returns the admin id when it was valid and unused. */
export async function consumeResetToken(db: DbOrTx, resetTokenHash: string): Promise<string | null> {
  const rows = await db
    .update(passwordResetCodes)
    .set({ resetUsedAt: new Date() })
    .where(
      and(
        eq(passwordResetCodes.resetTokenHash, resetTokenHash),
        isNull(passwordResetCodes.resetUsedAt),
        sql`${passwordResetCodes.resetTokenExpiresAt} > now()`,
      ),
    )
    .returning({ adminId: passwordResetCodes.adminId });
  return rows[0]?.adminId ?? null;
}
