import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, isNull, like } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/testApp';
import { selectFields } from './paging';
import { users } from './tables/users.table';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seeded: true });
});
afterAll(() => t.close());

describe('selectFields', () => {
  // Dates, booleans, nulls (stripe_account_id is null for most users) and text, decoded by their columns.
  const fields = { id: users.id, email: users.email, isActive: users.isActive, stripeAccountId: users.stripeAccountId, createdAt: users.createdAt };

  it("answers what Drizzle's select builder answers for the same query", async () => {
    const where = and(isNull(users.deletedAt), like(users.email, '%example%'));
    const builder = await t.database.db.select(fields).from(users).where(where).orderBy(desc(users.createdAt), asc(users.id)).limit(7);
    const found = await selectFields(t.database.db, { fields, table: users, where, orderBy: [desc(users.createdAt), asc(users.id)], limit: 7 });
    expect(builder.length).toBe(7);
    expect(builder.some((row) => row.stripeAccountId === null)).toBe(true);
    expect(found).toEqual(builder);
    expect(found[0].createdAt).toBeInstanceOf(Date);
  });

  it('reads every row in order without a limit, in a transaction too', async () => {
    const query = { fields: { id: users.id }, table: users, where: undefined, orderBy: [asc(users.id)] };
    const all = await selectFields(t.database.db, query);
    expect(all.map((row) => row.id)).toEqual((await t.database.db.select({ id: users.id }).from(users).orderBy(asc(users.id))).map((row) => row.id));
    expect(await t.database.db.transaction((tx) => selectFields(tx, query))).toEqual(all);
  });
});
