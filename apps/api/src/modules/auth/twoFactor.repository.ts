import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { adminRecoveryCodes, admins } from '../../db/tables/auth.table';

/** Every successful sign-in (password alone, or its second step) stamps the admin. */
export async function markSignedIn(db: DbOrTx, adminId: string): Promise<void> {
  await db.update(admins).set({ lastSignInAt: new Date() }).where(eq(admins.id, adminId));
}

/** A new secret waiting for its first code; refused (false) when 2FA is already on. */
export async function setPendingSecret(db: DbOrTx, adminId: string, sealedSecret: string): Promise<boolean> {
  const rows = await db
    .update(admins)
    .set({ totpSecret: sealedSecret, totpLastStep: null, updatedAt: new Date() })
    .where(and(eq(admins.id, adminId), isNull(admins.totpEnabledAt)))
    .returning({ id: admins.id });
  return rows.length === 1;
}

/**
 * Turns 2FA on with the pending secret that was checked: false when it was turned on, or the
 * secret replaced, in the meantime.
 */
export async function enableTwoFactor(db: DbOrTx, adminId: string, sealedSecret: string, step: number): Promise<boolean> {
  const rows = await db
    .update(admins)
    .set({ totpEnabledAt: new Date(), totpLastStep: step, updatedAt: new Date() })
    .where(and(eq(admins.id, adminId), isNull(admins.totpEnabledAt), eq(admins.totpSecret, sealedSecret)))
    .returning({ id: admins.id });
  return rows.length === 1;
}

export async function disableTwoFactor(db: DbOrTx, adminId: string): Promise<void> {
  await db.update(admins).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: new Date() }).where(eq(admins.id, adminId));
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
}

/**
 * Takes a TOTP time step once, in one conditional update: of two uses of the same code (or of an
 * older one), in parallel or not, only the first finds the step newer than the last one taken.
 */
export async function acceptTotpStep(db: DbOrTx, adminId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(admins)
    .set({ totpLastStep: step })
    .where(and(eq(admins.id, adminId), isNotNull(admins.totpEnabledAt), or(isNull(admins.totpLastStep), lt(admins.totpLastStep, step))))
    .returning({ id: admins.id });
  return rows.length === 1;
}

/** Marks an unused recovery code used in the statement that finds it: a code is spent once, even in parallel. */
export async function consumeRecoveryCode(db: DbOrTx, adminId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(adminRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(adminRecoveryCodes.adminId, adminId), eq(adminRecoveryCodes.codeHash, codeHash), isNull(adminRecoveryCodes.usedAt)))
    .returning({ id: adminRecoveryCodes.id });
  return rows.length === 1;
}

/** Replaces every recovery code of the admin (used or not) with these hashes. */
export async function replaceRecoveryCodes(db: DbOrTx, adminId: string, codeHashes: string[]): Promise<void> {
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
  await db.insert(adminRecoveryCodes).values(codeHashes.map((codeHash) => ({ adminId, codeHash })));
}

export async function countUnusedRecoveryCodes(db: DbOrTx, adminId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.adminId, adminId), isNull(adminRecoveryCodes.usedAt)));
  return row.count;
}
