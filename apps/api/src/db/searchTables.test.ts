import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, getTableName, inArray, sql } from 'drizzle-orm';
import { createCustomerQueries, createJobs, createPayments, createUsers, createUtes } from '../test/factories';
import { SEARCH_WORDS_COUNTED } from '../test/searchWordScopes';
import { createTestApp, type TestApp } from '../test/testApp';
import { queryRows } from './database';
import { customerQueries, jobs, payments, users, utes } from './schema';
import { jobsSearch, paymentsSearch, queriesSearch, SEARCH_TABLE_PARTITIONS, searchTablePartitions, usersSearch, utesSearch } from './tables/search.table';

/**
 * Each search table (migration 0017) as the projection of its list's live rows that it must equal,
 * row for row: the oracle the triggers are checked against.
 */
const PROJECTIONS: Record<string, { kept: string; projected: string }> = {
  search_utes: {
    kept: 'select id, created_at, term, is_pending from search_utes',
    projected: "select id, created_at, coalesce(lower(full_name), ''), status not in ('Approved', 'Rejected') from utes where deleted_at is null",
  },
  search_jobs: {
    kept: 'select id, created_at, budget, term, is_pending from search_jobs',
    projected: "select id, created_at, budget, lower(title), status not in ('Approved', 'Rejected') from jobs where deleted_at is null",
  },
  search_users: { kept: 'select id, created_at, term from search_users', projected: 'select id, created_at, lower(email) from users where deleted_at is null' },
  search_payments: {
    kept: 'select id, created_at, term, is_stripe, is_job, is_awaiting_acceptance from search_payments',
    projected: "select id, created_at, lower(payment_by), is_stripe, is_job, status <> 'inProgress' from payments",
  },
  search_queries: {
    kept: 'select id, created_at, term from search_queries',
    projected: 'select id, created_at, lower(email) from customer_queries where deleted_at is null',
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seeded: true });
});
afterAll(async () => {
  await t.close();
});

/** For each search table, the rows it has that its projection has not, and the other way round, and its size. */
async function differences() {
  const found: Record<string, { extra: number; missing: number; rows: number }> = {};
  for (const [table, { kept, projected }] of Object.entries(PROJECTIONS)) {
    const [row] = await queryRows<{ extra: number; missing: number; rows: number }>(
      t.database.db,
      sql.raw(`select (select count(*) from (${kept} except all ${projected}) d)::int as extra,
                      (select count(*) from (${projected} except all ${kept}) d)::int as missing,
                      (select count(*) from ${table})::int as rows`),
    );
    found[table] = row;
  }
  return found;
}

const inSync = (rows: number) => ({ extra: 0, missing: 0, rows });

/** search_words' rows that its scopes' rows do not give, and the other way round, how many words it has, and any below 0. */
async function wordDifferences() {
  const kept = 'select scope, word, rows from search_words where rows <> 0';
  const [row] = await queryRows<{ extra: number; missing: number; rows: number; negative: number }>(
    t.database.db,
    sql.raw(`select (select count(*) from (${kept} except all ${SEARCH_WORDS_COUNTED}) d)::int as extra,
                    (select count(*) from (${SEARCH_WORDS_COUNTED} except all ${kept}) d)::int as missing,
                    (select count(*) from (${kept}) d)::int as rows,
                    (select count(*) from search_words where rows < 0)::int as negative`),
  );
  return row;
}

describe('search tables (migration 0017)', () => {
  it('are each split into the partitions the count reads (migration 0033), every one holding rows', async () => {
    for (const table of [utesSearch, jobsSearch, usersSearch, paymentsSearch, queriesSearch]) {
      const partitions = searchTablePartitions(table);
      expect(partitions).toHaveLength(SEARCH_TABLE_PARTITIONS);
      const found = await queryRows<{ partition: string; rows: number }>(
        t.database.db,
        sql`select c.relname as partition, count(s.tableoid)::int as rows
            from pg_inherits h join pg_class c on c.oid = h.inhrelid left join ${table} s on s.tableoid = c.oid
            where h.inhparent = ${getTableName(table)}::regclass group by c.relname order by 1`,
      );
      expect(found.map((row) => row.partition)).toEqual(partitions);
      for (const { partition, rows } of found) expect(rows, partition).toBeGreaterThan(0);
    }
  });

  it('hold exactly the projection of the seeded live rows, none of them empty, and search_words their words and word starts (migrations 0034, 0035)', async () => {
    for (const [table, found] of Object.entries(await differences())) {
      expect(found, table).toEqual(inSync(found.rows));
      expect(found.rows, table).toBeGreaterThan(0);
    }
    const words = await wordDifferences();
    expect(words).toEqual({ ...inSync(words.rows), negative: 0 });
    expect(words.rows).toBeGreaterThan(100);
  });

  it('stay exact, with search_words, through multi-row inserts, changes of the searched text and of the filters, soft deletes and hard deletes', async () => {
    const db = t.database.db;
    const newUtes = await createUtes(db, 4);
    const newJobs = await createJobs(db, 3);
    const newUsers = await createUsers(db, 3);
    const newPayments = await createPayments(db, [{ isJob: false }, { isJob: true, isStripe: true }, { isJob: false }]);
    const newQueries = await createCustomerQueries(db, 2);
    const idsOf = (rows: { id: string }[]) => rows.map((row) => row.id);

    await db
      .update(utes)
      .set({ fullName: sql`'Renamed ' || ${utes.id}`, status: 'Approved' })
      .where(inArray(utes.id, idsOf(newUtes).slice(0, 2)));
    await db.update(utes).set({ deletedAt: new Date() }).where(eq(utes.id, newUtes[2].id));
    await db.update(jobs).set({ title: 'Moved title', budget: 123.45, status: 'Rejected' }).where(eq(jobs.id, newJobs[0].id));
    await db.delete(jobs).where(eq(jobs.id, newJobs[1].id));
    await db.update(users).set({ email: 'Renamed.Person@Example.com' }).where(eq(users.id, newUsers[0].id));
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, newUsers[1].id));
    await db
      .update(payments)
      .set({ status: 'inProgress' })
      .where(inArray(payments.id, idsOf(newPayments)));
    await db.delete(payments).where(eq(payments.id, newPayments[2].id));
    // A payment moved between ute and job moves between search_words' scopes.
    await db.update(payments).set({ isJob: true }).where(eq(payments.id, newPayments[0].id));
    await db.update(customerQueries).set({ deletedAt: new Date() }).where(eq(customerQueries.id, newQueries[0].id));
    // An update that changes nothing searched leaves the tables as they were.
    await db
      .update(utes)
      .set({ status: sql`${utes.status}` })
      .where(inArray(utes.id, idsOf(newUtes)));

    for (const [table, found] of Object.entries(await differences())) expect(found, table).toEqual(inSync(found.rows));
    const words = await wordDifferences();
    expect(words, 'search_words').toEqual({ ...inSync(words.rows), negative: 0 });
    const [renamed] = await queryRows<{ term: string }>(db, sql`select term from search_users where id = ${newUsers[0].id}`);
    expect(renamed.term).toBe('renamed.person@example.com');
  });

  it('keep search_words exact when many statements change the same words at once', async () => {
    const db = t.database.db;
    const names = ['Ava', 'Noah', 'Mia', 'Leo'];
    const racers = await createUsers(db, 12);
    const jobRacers = await createJobs(db, 12);
    // Each statement renames one row to words the others share, in its own order, on the pool's connections at once.
    await Promise.all([
      ...racers.map((user, at) =>
        db
          .update(users)
          .set({ email: `${names[at % 4]}.${names[(at + 1) % 4]}.race${at}@Example.com` })
          .where(eq(users.id, user.id)),
      ),
      ...jobRacers.map((job, at) =>
        db
          .update(jobs)
          .set({ title: `${names[(at + 2) % 4]} and ${names[at % 4]} move`, status: at % 2 ? 'Approved' : 'Pending' })
          .where(eq(jobs.id, job.id)),
      ),
      createUsers(db, [{ email: 'leo.ava.race@example.com' }, { email: 'mia.noah.race@example.com' }]),
    ]);
    const words = await wordDifferences();
    expect(words, 'search_words').toEqual({ ...inSync(words.rows), negative: 0 });
  });
});
