import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/testApp';
import { queryRows } from './database';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seeded: true });
});
afterAll(() => t.close());

async function refusalOf(statement: string): Promise<string> {
  try {
    await t.database.db.execute(sql.raw(statement));
  } catch (error) {
    const failure = error as Error & { cause?: Error };
    return `${failure.message} ${failure.cause?.message ?? ''}`;
  }
  return 'accepted';
}

// pg_trigger.tgtype: bit 1 BEFORE, bit 5 TRUNCATE (PostgreSQL's catalog/pg_trigger.h, TRIGGER_TYPE_*).
const BEFORE_TRUNCATE = 2 | 32;

describe('TRUNCATE of a table whose triggers keep numbers elsewhere (migration 0036)', () => {
  it('is refused by every table that has a trigger on transition tables, as the catalog lists them', async () => {
    const tables = await queryRows<{ table: string; refusesTruncate: boolean }>(
      t.database.db,
      sql`select c.relname as "table",
            exists (select from pg_trigger b where b.tgrelid = c.oid and (b.tgtype & ${BEFORE_TRUNCATE}) = ${BEFORE_TRUNCATE}) as "refusesTruncate"
          from pg_class c
          where exists (select from pg_trigger k where k.tgrelid = c.oid and not k.tgisinternal and (k.tgoldtable is not null or k.tgnewtable is not null))
          order by 1`,
    );
    // The catalog query itself must find the tables the migrations keep numbers from.
    expect(tables.map((row) => row.table)).toEqual(
      expect.arrayContaining(['users', 'utes', 'jobs', 'ute_bookings', 'payments', 'customer_queries', 'ledger_lines']),
    );
    expect(tables.filter((row) => !row.refusesTruncate).map((row) => row.table)).toEqual([]);
  });

  it('leaves the rows, the counters and the search words as they were, and says to delete instead', async () => {
    const snapshot = async () =>
      (
        await queryRows<{ utes: number; counters: string; words: number }>(
          t.database.db,
          sql`select (select count(*)::int from utes) as utes,
                (select string_agg(name || '=' || value, ',' order by name) from stat_counters) as counters,
                (select count(*)::int from search_words where scope like 'utes%' and rows > 0) as words`,
        )
      )[0];
    const before = await snapshot();
    expect(before.utes).toBeGreaterThan(0);
    expect(await refusalOf('truncate utes cascade')).toMatch(/utes keeps counts .* delete its rows instead of truncating it/);
    expect(await refusalOf('truncate users cascade')).toMatch(/keeps counts .* delete its rows instead/);
    expect(await refusalOf('truncate customer_queries, query_replies')).toMatch(/keeps counts .* delete its rows instead/);
    expect(await snapshot()).toEqual(before);
  });
});
