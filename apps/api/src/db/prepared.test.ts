import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, engine, type TestApp } from '../test/testApp';
import { openPostgres, queryRows, type Db } from './database';
import { preparedRead } from './prepared';
import { adminSettings } from './tables/auth.table';

const KEYS = ['prepared_test_a', 'prepared_test_b', 'prepared_test_in_tx'];
const STATEMENT = 'prepared_test_setting_value';
const readValue = preparedRead(STATEMENT, (db) =>
  db
    .select({ value: adminSettings.value })
    .from(adminSettings)
    .where(eq(adminSettings.key, sql.placeholder('key'))),
);

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  await db.insert(adminSettings).values([
    { key: KEYS[0], value: 'first' },
    { key: KEYS[1], value: 'second' },
  ]);
});
afterAll(async () => {
  await db.delete(adminSettings).where(inArray(adminSettings.key, KEYS));
  await t.close();
});

describe('preparedRead', () => {
  it('answers as its query does, for each value it is given, again and again', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect(await readValue(db, { key: KEYS[0] })).toEqual([{ value: 'first' }]);
      expect(await readValue(db, { key: KEYS[1] })).toEqual([{ value: 'second' }]);
      expect(await readValue(db, { key: 'prepared_test_missing' })).toEqual([]);
    }
    // At once, as a pool runs a page's reads: each answer is its own value's.
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => readValue(db, { key: KEYS[i % 2] })));
    expect(answers.map(([row]) => row.value)).toEqual(Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? 'first' : 'second')));
  });

  it("runs in a transaction on the transaction's connection: it sees the transaction's own write, and nothing after the rollback", async () => {
    const rollback = new Error('rollback');
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(adminSettings).values({ key: KEYS[2], value: 'uncommitted' });
        expect(await readValue(tx, { key: KEYS[2] })).toEqual([{ value: 'uncommitted' }]);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await readValue(db, { key: KEYS[2] })).toEqual([]);
  });

  it("is a named prepared statement of the connection it ran on on PostgreSQL; PGlite's driver sends it unnamed", async () => {
    // One connection, so the read and the look at pg_prepared_statements share it.
    const single = engine === 'postgres' ? openPostgres(t.database.url!, 1) : t.database;
    try {
      const prepared = () => queryRows<{ name: string }>(single.db, sql`select name from pg_prepared_statements where name = ${STATEMENT}`);
      expect(await prepared()).toEqual([]);
      expect(await readValue(single.db, { key: KEYS[0] })).toEqual([{ value: 'first' }]);
      expect(await prepared()).toEqual(engine === 'postgres' ? [{ name: STATEMENT }] : []);
    } finally {
      if (single !== t.database) await single.close();
    }
  });
});
