import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, ilike, isNull, like, sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { createTestApp, type TestApp } from '../test/testApp';
import { COUNTERS } from './counters';
import { queryRows, type Db } from './database';
import { listPage, RECENT_MATCH_WINDOW, type ListOrder, type ListPageOptions } from './paging';
import * as schema from './schema';
import { uteBookings } from './tables/bookings.table';
import { payments } from './tables/payments.table';
import { SEARCH_TABLE_PARTITIONS, utesSearch } from './tables/search.table';
import { users } from './tables/users.table';
import { utes } from './tables/utes.table';

let t: TestApp;
/** The test database through a Drizzle that notes every statement it sends. */
let db: Db;
let pool: pg.Pool | undefined;
let statements: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ seeded: true });
  const logger = { logQuery: (query: string) => void statements.push(query) };
  if (t.database.pglite) {
    db = drizzlePglite({ client: t.database.pglite, schema, logger }) as unknown as Db;
  } else {
    pool = new pg.Pool({ connectionString: t.database.url, max: 2 });
    db = drizzlePg({ client: pool, schema, logger }) as unknown as Db;
  }
});
afterAll(async () => {
  await pool?.end();
  await t.close();
});

/** The statements `run` sends, and what it answers. */
async function recorded<T>(run: () => Promise<T>): Promise<{ result: T; sent: string[] }> {
  statements = [];
  const result = await run();
  return { result, sent: statements };
}

const newestFirst: ListOrder = { columns: [utes.createdAt, utes.id], index: 'desc' };
const live = isNull(utes.deletedAt);

/** The list read the obvious way: every matching row in order, in one query. */
async function wholeList(where: SQL | undefined, direction: 'desc' | 'asc'): Promise<string[]> {
  const by = direction === 'desc' ? desc : asc;
  const rows = await t.database.db.select({ id: utes.id }).from(utes).where(where).orderBy(by(utes.createdAt), by(utes.id));
  return rows.map((row) => row.id);
}

async function allPages(options: Omit<ListPageOptions<typeof utes, Record<never, never>>, 'page' | 'limit'>, limit: number) {
  const ids: string[] = [];
  const totals = new Set<number>();
  for (let page = 1; ; page += 1) {
    const { rows, totalCount } = await listPage(db, { ...options, page, limit });
    totals.add(totalCount);
    if (rows.length === 0) break;
    ids.push(...rows.map((row) => row.id));
  }
  return { ids, totals: [...totals] };
}

describe('listPage of an unsearched list with a counter', () => {
  it('gives every page in order, walked either way, with the kept total on each', async () => {
    for (const walk of ['forward', 'backward'] as const) {
      const expected = await wholeList(live, walk === 'forward' ? 'desc' : 'asc');
      expect(expected.length).toBeGreaterThan(20);
      const { ids, totals } = await allPages({ table: utes, where: live, order: { ...newestFirst, walk }, counter: COUNTERS.utes }, 7);
      expect(ids).toEqual(expected);
      expect(totals).toEqual([expected.length]);
    }
  });

  it('reads the total from the counter and the back half from the other end of the index', async () => {
    const total = (await wholeList(live, 'desc')).length;
    const lastPage = Math.ceil(total / 7);
    const first = await recorded(() => listPage(db, { table: utes, where: live, order: newestFirst, counter: COUNTERS.utes, page: 1, limit: 7 }));
    expect(first.sent).toHaveLength(2);
    expect(first.sent[0]).toContain('"stat_counters"');
    expect(first.sent[1]).toContain('"utes"."created_at" desc nulls last, "utes"."id" desc nulls last');
    expect(first.sent.join('\n')).not.toContain('count(*)');
    const last = await recorded(() => listPage(db, { table: utes, where: live, order: newestFirst, counter: COUNTERS.utes, page: lastPage, limit: 7 }));
    expect(last.sent).toHaveLength(2);
    expect(last.sent[1]).toContain('"utes"."created_at" asc nulls first, "utes"."id" asc nulls first');
    expect(last.result.rows.map((row) => row.id)).toEqual((await wholeList(live, 'desc')).slice((lastPage - 1) * 7));
  });

  it('adds up several counters', async () => {
    const manual = eq(payments.isStripe, false);
    const [{ count }] = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(payments)
      .where(manual);
    const { result, sent } = await recorded(() =>
      listPage(db, {
        table: payments,
        where: manual,
        order: { columns: [payments.createdAt, payments.id], index: 'desc' },
        counter: [COUNTERS.paymentsManualUte, COUNTERS.paymentsManualJob],
        page: 1,
        limit: 5,
      }),
    );
    expect(result.totalCount).toBe(count);
    expect(result.rows).toHaveLength(5);
    expect(sent.join('\n')).not.toContain('count(*)');
  });

  it('counts the rows when a counter has no row', async () => {
    const total = (await wholeList(live, 'desc')).length;
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`delete from stat_counters where name = ${COUNTERS.utes}`);
        const { totalCount } = await listPage(tx, { table: utes, where: live, order: newestFirst, counter: COUNTERS.utes, page: 1, limit: 7 });
        expect(totalCount).toBe(total);
        throw new Error('roll back');
      })
      .catch((error: Error) => {
        if (error.message !== 'roll back') throw error;
      });
  });
});

describe('listPage without a counter', () => {
  it('counts the rows, then reads the page from the nearer end', async () => {
    const expected = await wholeList(live, 'desc');
    const { ids, totals } = await allPages({ table: utes, where: live, order: newestFirst }, 9);
    expect(ids).toEqual(expected);
    expect(totals).toEqual([expected.length]);
    const last = await recorded(() =>
      listPage(db, { table: utes, where: live, order: newestFirst, counter: null, page: Math.ceil(expected.length / 9), limit: 9 }),
    );
    expect(last.sent[0]).toContain('count(*)');
    expect(last.sent[1]).toContain('asc nulls first');
  });
});

describe('listPage of a search', () => {
  const searched = and(live, ilike(utes.fullName, '%an%'));

  it('gives every page in order with its total, the counter left alone', async () => {
    const expected = await wholeList(searched, 'desc');
    expect(expected.length).toBeGreaterThan(7);
    const { ids, totals } = await allPages({ table: utes, where: searched, order: newestFirst, counter: COUNTERS.utes, isSearch: true }, 7);
    expect(ids).toEqual(expected);
    expect(totals).toEqual([expected.length]);
  });

  it('gives every page of a rare term in order (read from the match set)', async () => {
    const [{ fullName }] = await t.database.db.select({ fullName: utes.fullName }).from(utes).where(live).limit(1);
    const rare = and(live, ilike(utes.fullName, `%${fullName!.slice(0, 6)}%`));
    const expected = await wholeList(rare, 'desc');
    const { ids, totals } = await allPages({ table: utes, where: rare, order: newestFirst, counter: COUNTERS.utes, isSearch: true }, 1);
    expect(ids).toEqual(expected);
    expect(totals).toEqual([expected.length]);
  });

  it('reads the total and the page keys from one materialised match set, then the rows by key; only that one read past the last page', async () => {
    const options = { table: utes, counter: COUNTERS.utes, order: newestFirst, isSearch: true, limit: 7 };
    const everyUte = await wholeList(live, 'desc');
    const first = await recorded(() => listPage(db, { ...options, where: live, page: 1 }));
    expect(first.result.totalCount).toBe(everyUte.length);
    expect(first.result.rows.map((row) => row.id)).toEqual(everyUte.slice(0, 7));
    expect(first.sent).toHaveLength(2);
    expect(first.sent[0]).toMatch(/^with matches as materialized/);
    expect(first.sent[1]).toContain(' in (');

    const past = await recorded(() => listPage(db, { ...options, where: searched, page: 999 }));
    expect(past.result).toEqual({ rows: [], totalCount: (await wholeList(searched, 'desc')).length });
    expect(past.sent).toHaveLength(1);
    const none = await recorded(() => listPage(db, { ...options, where: and(live, ilike(utes.fullName, '%no such ute%')), page: 1 }));
    expect(none.result).toEqual({ rows: [], totalCount: 0 });
    expect(none.sent).toHaveLength(1);
  });
});

describe('listPage with joins', () => {
  it('adds each joined row as an object, null without a match', async () => {
    const where = isNull(uteBookings.deletedAt);
    const order: ListOrder = { columns: [uteBookings.createdAt, uteBookings.id], index: 'desc' };
    const { rows, totalCount } = await listPage(db, {
      table: uteBookings,
      where,
      order,
      counter: COUNTERS.uteBookings,
      page: 1,
      limit: 10,
      joins: {
        booker: { table: users, on: eq(users.id, uteBookings.bookedBy), fields: { id: users.id, email: users.email } },
        nobody: { table: utes, on: sql`false`, fields: { id: utes.id } },
      },
    });
    const [{ count }] = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(uteBookings)
      .where(where);
    expect(totalCount).toBe(count);
    expect(rows).toHaveLength(10);
    for (const row of rows) {
      const [booking] = await t.database.db.select().from(uteBookings).where(eq(uteBookings.id, row.id));
      const [booker] = booking.bookedBy
        ? await t.database.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, booking.bookedBy))
        : [null];
      // Each row also carries its version (db/rowVersion.ts): what an action on it sends as If-Match.
      expect(row).toEqual({ ...booking, version: expect.stringMatching(/^\d+$/), booker, nobody: null });
    }
  });
});

describe('listPage of a search with a search table', () => {
  /** A term each of the newer utes carries in its name, and no seeded one. */
  const NEWER_TERM = 'zedcopy';
  const NEWER_UTES = RECENT_MATCH_WINDOW + 200;

  beforeAll(async () => {
    // Newer than every seeded ute, so they are the front of the list: the recent walk reads only them.
    const columns = await queryRows<{ name: string }>(
      t.database.db,
      sql`select column_name as name from information_schema.columns where table_name = 'utes' and table_schema = current_schema() order by ordinal_position`,
    );
    const replaced: Record<string, string> = {
      id: 'gen_random_uuid()',
      ute_id: `ute_id || '-newer-' || n`,
      full_name: `'${NEWER_TERM} ' || n`,
      created_at: `now() + n * interval '1 second'`,
      deleted_at: 'null',
    };
    const names = columns.map(({ name }) => name);
    await t.database.db.execute(
      sql.raw(`insert into utes (${names.map((name) => `"${name}"`).join(', ')})
        select ${names.map((name) => replaced[name] ?? `"${name}"`).join(', ')}
        from (select * from utes where deleted_at is null limit 1) ute, generate_series(1, ${NEWER_UTES}) as n`),
    );
  });

  /** The utes searched for `term`, as a list with its search table (as utes.repository spells it). */
  function searchedUtes(term: string) {
    return {
      table: utes,
      where: and(live, ilike(utes.fullName, `%${term}%`)),
      order: newestFirst,
      counter: COUNTERS.utes,
      isSearch: true,
      searchSource: {
        table: utesSearch,
        where: like(utesSearch.term, `%${term}%`),
        order: { columns: [utesSearch.createdAt, utesSearch.id], index: 'desc' } satisfies ListOrder,
        listFilters: live,
        listMatch: ilike(utes.fullName, `%${term}%`),
      },
    };
  }

  /** A searched page's total on a pool: a count on each partition of the search table, or a read of each one's match set. */
  const partitionTotals = Array<string>(SEARCH_TABLE_PARTITIONS).fill('total');
  const partitionMatchSets = Array<string>(SEARCH_TABLE_PARTITIONS).fill('match set');
  /** What the pages of `term` send, by purpose (db/paging.ts searchedPage). */
  const purposes = (sent: string[]) =>
    sent.map((text) =>
      /^select count\(\*\)/.test(text)
        ? 'total'
        : /\) "recent" where /.test(text)
          ? 'recent walk'
          : /^with matches/.test(text)
            ? 'match set'
            : / as match_key from/.test(text)
              ? 'keys'
              : 'rows',
    );

  it('finds the front pages of a term the newest rows carry on the recent walk, and the pages past it on the search table', async () => {
    const expected = await wholeList(and(live, ilike(utes.fullName, `%${NEWER_TERM}%`)), 'desc');
    expect(expected).toHaveLength(NEWER_UTES);
    const limit = 100;
    for (let page = 1; page <= Math.ceil(NEWER_UTES / limit) + 1; page += 1) {
      const { result, sent } = await recorded(() => listPage(db, { ...searchedUtes(NEWER_TERM), page, limit }));
      expect(result.totalCount).toBe(NEWER_UTES);
      expect(result.rows.map((row) => row.id)).toEqual(expected.slice((page - 1) * limit, page * limit));
      const isWithinWindow = page * limit <= RECENT_MATCH_WINDOW;
      const pageRead = result.rows.length > 0 ? ['rows'] : [];
      if (pool) expect(purposes(sent)).toEqual(isWithinWindow ? ['recent walk', ...partitionTotals, ...pageRead] : [...partitionTotals, 'keys', ...pageRead]);
      else expect(purposes(sent)).toEqual(['match set', ...pageRead]);
    }
  });

  it('goes on to the search table when the recent rows hold too few matches, every page in order', async () => {
    const searched = and(live, ilike(utes.fullName, '%an%'));
    const expected = await wholeList(searched, 'desc');
    expect(expected.length).toBeGreaterThan(7);
    const { ids, totals } = await allPages(searchedUtes('an'), 7);
    expect(ids).toEqual(expected);
    expect(totals).toEqual([expected.length]);
    const { sent } = await recorded(() => listPage(db, { ...searchedUtes('an'), page: 1, limit: 7 }));
    if (pool) expect(purposes(sent)).toEqual(['recent walk', ...partitionMatchSets, 'rows']);
  });

  it("hands the page's rows to alongRows and answers what it gives, searched or not", async () => {
    const idsOf = async (rows: { id: string }[]) => rows.map((row) => row.id);
    const searched = await listPage(db, { ...searchedUtes(NEWER_TERM), page: 2, limit: 5 }, idsOf);
    expect(searched.along).toEqual(searched.rows.map((row) => row.id));
    expect(searched.along).toHaveLength(5);
    const unsearched = await listPage(db, { table: utes, where: live, order: newestFirst, counter: COUNTERS.utes, page: 1, limit: 5 }, idsOf);
    expect(unsearched.along).toEqual(unsearched.rows.map((row) => row.id));
    expect((await listPage(db, { ...searchedUtes(NEWER_TERM), page: 1, limit: 5 })).along).toBeUndefined();
  });

  it('answers a term nothing carries with no rows and a total of 0', async () => {
    expect(await listPage(db, { ...searchedUtes('no such ute'), page: 1, limit: 10 })).toEqual({ rows: [], totalCount: 0, along: undefined });
  });
});
