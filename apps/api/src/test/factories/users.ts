import type { Db } from '../../db/database';
import { ownerBankAccounts, users } from '../../db/tables/users.table';
import { nextSequence } from './sequence';

export type UserRow = typeof users.$inferSelect;
export type UserValues = Partial<typeof users.$inferInsert>;

/** The values of one user, active, without a Stripe account; the email has no `%` or `_`. */
export function buildUser(overrides: UserValues = {}): typeof users.$inferInsert {
  const n = nextSequence();
  return {
    firstName: 'Test',
    lastName: `Person${n}`,
    email: `test.person${n}@factory.example.com.au`,
    address: '1 George St, Sydney NSW 2000',
    phoneNumber: '0400 000 000',
    isActive: true,
    ...overrides,
  };
}

export async function createUser(db: Db, overrides: UserValues = {}): Promise<UserRow> {
  const [row] = await db.insert(users).values(buildUser(overrides)).returning();
  return row;
}

/** Several users in one multi-row insert: `count` alike ones, or one per overrides entry. */
export async function createUsers(db: Db, rows: number | UserValues[]): Promise<UserRow[]> {
  const values = typeof rows === 'number' ? Array.from({ length: rows }, () => buildUser()) : rows.map((overrides) => buildUser(overrides));
  if (values.length === 0) return [];
  return db.insert(users).values(values).returning();
}

export async function createOwnerBankAccount(
  db: Db,
  values: { ownerId: string } & Partial<typeof ownerBankAccounts.$inferInsert>,
): Promise<typeof ownerBankAccounts.$inferSelect> {
  const [row] = await db
    .insert(ownerBankAccounts)
    .values({ accountNumber: '12345678', bsbCode: '062-000', accountHolderName: 'Test Owner', bankName: 'Commonwealth Bank', ...values })
    .returning();
  return row;
}

/** A ute owner with a connected Stripe account and a bank account for manual payouts. */
export async function createStripeOwner(db: Db, overrides: UserValues = {}): Promise<UserRow & { stripeAccountId: string }> {
  const user = await createUser(db, { firstName: 'Owen', stripeAccountId: `acct_test${nextSequence()}${Date.now().toString(36)}`, ...overrides });
  await createOwnerBankAccount(db, { ownerId: user.id, accountHolderName: `${user.firstName} ${user.lastName}` });
  return user as UserRow & { stripeAccountId: string };
}
