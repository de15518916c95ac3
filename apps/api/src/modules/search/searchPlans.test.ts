import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { queryRows, type Db } from '../../db/database';
import { containsPattern, indexedPattern } from '../../db/likePattern';
import * as schema from '../../db/schema';
import { SEARCH_WORD_SCOPES } from '../../db/searchWords';
import { SEARCH_TABLE_PARTITIONS } from '../../db/tables/search.table';
import { createTestApp, type TestApp } from '../../test/testApp';
import { listJobs } from '../jobs/jobs.repository';
import { listPayments } from '../payments/payments.repository';
import { listQueries } from '../queries/queries.repository';
import { listUsers } from '../users/users.repository';
import { listUtes } from '../utes/utes.repository';
import { findJobs, findQueries, findUsers, findUtes } from './search.repository';

/**
 * The plans of the statements the searched lists and global search send (docs/design.md §8.4), read
 * with EXPLAIN (FORMAT JSON) on tables grown to thousands of rows and analysed, with sequential
 * scans off (at this size a scan of the table is cheapest; on a big one the choice is between the
 * search index and a walk of the list index, which is what is checked). A rare term must be read from the search index: a plan that
 * walks a list index with the search as a filter (the planner costs LIMIT as if that walk could stop
 * early, while the few matches may be anywhere in the index) fails the test. The first test proves
 * the check names such a walk.
 */

let t: TestApp;
/** The test database through a Drizzle that notes every statement it sends, with its parameters. */
let db: Db;
let pool: pg.Pool | undefined;
let sent: Statement[] = [];

interface Statement {
  text: string;
  params: unknown[];
}

/**
 * Every row copied until the table holds about GROWN_ROWS, with new ids and references (the unique
 * columns); one copy in four keeps the searched text and the others get a random one, so a seeded
 * value is rare (a few rows in 20,000) and a text most seeded rows share is common (several percent).
 */
const GROWN_ROWS = 20_000;
const randomUnlessFourth = (column: string, random = `md5(random()::text)`) => `case when copy % 4 = 0 then "${column}" else ${random} end`;
const GROWN_TABLES: Record<string, Record<string, string>> = {
  users: { email: randomUnlessFourth('email', `md5(random()::text) || '@copy.test'`) },
  utes: { ute_id: `ute_id || '-' || copy`, full_name: randomUnlessFourth('full_name') },
  jobs: { job_id: `job_id || '-' || copy`, title: randomUnlessFourth('title') },
  payments: { payment_by: randomUnlessFourth('payment_by') },
  customer_queries: { email: randomUnlessFourth('email', `md5(random()::text) || '@copy.test'`) },
};

async function grow(table: string, replaced: Record<string, string>): Promise<void> {
  const columns = await queryRows<{ name: string }>(
    t.database.db,
    sql`select column_name as name from information_schema.columns where table_name = ${table} and table_schema = current_schema() order by ordinal_position`,
  );
  const names = columns.map(({ name }) => name);
  const [{ count }] = await queryRows<{ count: number }>(t.database.db, sql.raw(`select count(*)::int as count from "${table}"`));
  const copies = Math.ceil(GROWN_ROWS / Math.max(count, 1));
  const values = names.map((name) => (name === 'id' ? 'gen_random_uuid()' : (replaced[name] ?? `"${name}"`)));
  await t.database.db.execute(
    sql.raw(`insert into "${table}" (${names.map((name) => `"${name}"`).join(', ')})
      select ${values.join(', ')} from "${table}", generate_series(1, ${copies}) as copy`),
  );
  // VACUUM also moves the new entries out of the GIN indexes' pending lists, as autovacuum does.
  await t.database.db.execute(sql.raw(`vacuum analyze "${table}"`));
}

beforeAll(async () => {
  t = await createTestApp({ seeded: true });
  for (const [table, replaced] of Object.entries(GROWN_TABLES)) await grow(table, replaced);
  // Their search tables grew with them (triggers): analysed and their GIN pending lists merged too.
  for (const table of ['search_users', 'search_utes', 'search_jobs', 'search_payments', 'search_queries'])
    await t.database.db.execute(sql.raw(`vacuum analyze "${table}"`));
  const logger = { logQuery: (text: string, params: unknown[]) => void sent.push({ text, params }) };
  if (t.database.pglite) {
    db = drizzlePglite({ client: t.database.pglite, schema, logger }) as unknown as Db;
  } else {
    pool = new pg.Pool({ connectionString: t.database.url, max: 2 });
    db = drizzlePg({ client: pool, schema, logger }) as unknown as Db;
  }
}, 120_000);
afterAll(async () => {
  await pool?.end();
  await t.close();
});

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Filter?: string;
  Plans?: PlanNode[];
}

/** The plan of `statement`, with the planner settings `disabled` switched off for it. */
async function planOf(statement: Statement, disabled: string[] = []): Promise<PlanNode> {
  const text = `explain (format json) ${statement.text}`;
  const settings = disabled.map((name) => `set local ${name} = off`);
  let rows: Record<string, unknown>[];
  if (t.database.pglite) {
    rows = await t.database.pglite.transaction(async (tx) => {
      for (const setting of settings) await tx.query(setting);
      return (await tx.query<Record<string, unknown>>(text, statement.params)).rows;
    });
  } else {
    const client = await pool!.connect();
    try {
      await client.query('begin');
      for (const setting of settings) await client.query(setting);
      rows = (await client.query<Record<string, unknown>>(text, statement.params)).rows;
    } finally {
      await client.query('rollback');
      client.release();
    }
  }
  const json = Object.values(rows[0])[0];
  const [{ Plan }] = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: PlanNode }[];
  return Plan;
}

const NO_SEQUENTIAL_SCAN = ['enable_seqscan'];

function* nodesOf(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* nodesOf(child);
}

/** What is wrong with a plan for a search: each index walk with the search as a filter. */
function searchWalksOf(plan: PlanNode, searchedColumn: RegExp): string[] {
  return [...nodesOf(plan)]
    .filter((node) => /Index( Only)? Scan/.test(node['Node Type']) && node.Filter !== undefined && searchedColumn.test(node.Filter))
    .map((node) => `${node['Node Type']} on ${node['Index Name']} filtering ${node.Filter}`);
}

const readsIndex = (plan: PlanNode, index: RegExp) => [...nodesOf(plan)].some((node) => index.test(node['Index Name'] ?? ''));

/** The statements `run` sends that search (ILIKE on a list's table, LIKE on its search table). */
async function searchStatementsOf(run: () => Promise<unknown>): Promise<Statement[]> {
  sent = [];
  await run();
  return sent.filter((statement) => /\bi?like\b|\bfrom search_words\b/i.test(statement.text));
}

/** A seeded value of a column (not a copy's random text): a rare term among the grown rows. */
async function rareValue(table: string, column: string): Promise<string> {
  const [row] = await queryRows<{ value: string }>(
    t.database.db,
    sql.raw(`select "${column}" as value from "${table}" where "${column}" !~ '^[0-9a-f]{32}' order by id limit 1`),
  );
  return row.value;
}

/**
 * Each index walk filtering the search that no LIMIT stops early: a Limit above it (through
 * nested-loop joins) stops it after a page of matches; an Aggregate or a WindowAgg between them
 * (`count(*)`, `count(*) over ()`) or a Sort reads it to the end.
 */
function unboundedSearchWalksOf(plan: PlanNode, searchedColumn: RegExp, isBounded = false): string[] {
  const walks = isBounded ? [] : searchWalksOf({ ...plan, Plans: [] }, searchedColumn);
  const passesBound = plan['Node Type'] === 'Limit' || (isBounded && /^(Nested Loop|Result|Subquery Scan)$/.test(plan['Node Type']));
  return [...walks, ...(plan.Plans ?? []).flatMap((child) => unboundedSearchWalksOf(child, searchedColumn, passesBound))];
}

const oldShape = (term: string) => ({
  text: `select *, count(*) over () from utes where deleted_at is null and full_name ilike $1
         order by created_at desc nulls last, id desc nulls last limit 10`,
  params: [`%${term}%`],
});

describe('the plan check', () => {
  it('names the walk of the old shape (count(*) over () with the page) for a common term: the list index, filtering the search, read to the end', async () => {
    // Bitmap scans off leave the walk as the only plan (at 750,000 rows the planner chose it unforced).
    const walked = await planOf(oldShape(COMMON_TERMS.utes), ['enable_bitmapscan', 'enable_seqscan']);
    expect(unboundedSearchWalksOf(walked, /full_name/)).toEqual([expect.stringMatching(/^Index Scan on utes_list_idx filtering/)]);
  });

  it('names any walk filtering the search for a rare term', async () => {
    const walked = await planOf(oldShape(await rareValue('utes', 'full_name')), ['enable_bitmapscan', 'enable_sort', 'enable_seqscan']);
    expect(searchWalksOf(walked, /full_name/)).toEqual([expect.stringMatching(/^Index Scan on utes_list_idx filtering/)]);
  });
});

/**
 * A text many seeded rows of each table share, several percent of the grown table, that search_words
 * cannot count (not letters alone, or inside several words: "ing" in "building" and "moving").
 */
const COMMON_TERMS = { utes: "'s T", jobs: 'ing', users: '@example', payments: 'son', queries: '@example' };

const LIST_CASES: {
  name: string;
  column: RegExp;
  index: RegExp;
  send: (term: string) => Promise<unknown>;
  rare: () => Promise<string>;
  common: string;
  /** The search table of the search `send` makes, and its search_words scope. */
  searchTable: string;
  scope: string;
}[] = [
  {
    name: 'utes by name',
    column: /full_name|term/,
    index: /^search_utes_p\d+_term_idx$/,
    send: (search) => listUtes(db, { page: 1, pageSize: 10, search }),
    rare: () => rareValue('utes', 'full_name'),
    common: COMMON_TERMS.utes,
    searchTable: 'search_utes',
    scope: SEARCH_WORD_SCOPES.utes(false),
  },
  {
    name: 'jobs by title',
    column: /title|term/,
    index: /^search_jobs_p\d+_term_idx$/,
    send: (search) => listJobs(db, { page: 1, limit: 10, search }),
    rare: () => rareValue('jobs', 'title'),
    common: COMMON_TERMS.jobs,
    searchTable: 'search_jobs',
    scope: SEARCH_WORD_SCOPES.jobs(false),
  },
  {
    name: 'users by email',
    column: /email|term/,
    index: /^search_users_p\d+_term_idx$/,
    send: (search) => listUsers(db, { page: 1, limit: 10, search }),
    rare: async () => (await rareValue('users', 'email')).split('@')[0],
    common: COMMON_TERMS.users,
    searchTable: 'search_users',
    scope: SEARCH_WORD_SCOPES.users(),
  },
  {
    name: 'payments by payer',
    column: /payment_by|term/,
    index: /^search_payments_p\d+_term_idx$/,
    send: (search) => listPayments(db, { page: 1, limit: 10, isStripe: true, sort: 'newest', search }),
    rare: () => rareValue('payments', 'payment_by'),
    common: COMMON_TERMS.payments,
    searchTable: 'search_payments',
    scope: SEARCH_WORD_SCOPES.payments(true, undefined),
  },
  {
    name: 'queries by email',
    column: /email|term/,
    index: /^search_queries_p\d+_term_idx$/,
    send: (email) => listQueries(db, { page: 1, limit: 10, sort: 'latest', email }),
    rare: () => rareValue('customer_queries', 'email'),
    common: COMMON_TERMS.queries,
    searchTable: 'search_queries',
    scope: SEARCH_WORD_SCOPES.queries(),
  },
];

/** What a searched list's statement is for (db/paging.ts searchedPage), read from its text. */
function purposeOf(statement: Statement): string {
  if (/\bfrom search_words\b/.test(statement.text)) return 'word total';
  if (/^\s*select count\(\*\)/i.test(statement.text)) return 'total';
  if (/\) "recent" where /.test(statement.text)) return 'recent walk';
  if (/^\s*with matches as/i.test(statement.text)) return 'match set';
  if (/as match_key from "search_/i.test(statement.text)) return 'keys';
  return 'rows';
}

/** Whether a Limit stops an index walk of a list's table (not its search index) right under it: a bounded walk. */
const isBoundedListWalk = (plan: PlanNode) =>
  [...nodesOf(plan)].some(
    (node) =>
      node['Node Type'] === 'Limit' &&
      (node.Plans ?? []).some((child) => /Index( Only)? Scan/.test(child['Node Type']) && !/trgm/.test(child['Index Name'] ?? '')),
  );

describe('searched lists', () => {
  const terms = LIST_CASES.flatMap((list) => [
    { ...list, kind: 'rare', term: list.rare },
    { ...list, kind: 'common', term: async () => list.common },
  ]);

  it.each(terms)(
    "$name, a $kind term: the total and the page's keys read the search index or a bounded walk, the page its rows by key, and nothing walks a list index filtering the search",
    async ({ column, index, send, term }) => {
      const text = await term();
      const statements = await searchStatementsOf(() => send(text));
      // On a pool the page's keys are looked for on the recent walk first: when it holds them, the total
      // is a count on each partition of the search table, sent with the read of the rows; else each
      // partition's match set gives its total and first keys (which one depends on where the grown rows
      // fall; db/paging.test.ts pins when). On PGlite's one connection one statement reads both from
      // the match set. Then the page's rows.
      const purposes = statements.map(purposeOf);
      if (!pool) expect(purposes).toEqual(['match set', 'rows']);
      else {
        const partitions = (purpose: string) => Array<string>(SEARCH_TABLE_PARTITIONS).fill(purpose);
        expect([['recent walk', ...partitions('total'), 'rows'].join(), ['recent walk', ...partitions('match set'), 'rows'].join()]).toContain(purposes.join());
      }
      const plans = await Promise.all(statements.map((statement) => planOf(statement, NO_SEQUENTIAL_SCAN)));
      for (const [at, plan] of plans.entries()) {
        const described = `${statements[at].text}\n${JSON.stringify(plan)}`;
        expect(searchWalksOf(plan, column), described).toEqual([]);
        if (purposes[at] === 'recent walk') {
          expect(isBoundedListWalk(plan), described).toBe(true);
          // No sort between the page's LIMIT and the walk: the walk stops when the page is full.
          expect(
            [...nodesOf(plan)].map((node) => node['Node Type']),
            described,
          ).not.toContain('Sort');
        } else expect(readsIndex(plan, purposes[at] === 'rows' ? /_pkey$/ : index), described).toBe(true);
      }
    },
  );
});

/**
 * The word of a scope that most of its table's newest 1,000 rows hold and no other word of the scope
 * holds: a common one-word term whose first page the recent walk finds, and which search_words counts.
 */
async function commonWordOf(scope: string, table: string): Promise<string> {
  const [row] = await queryRows<{ word: string }>(
    t.database.db,
    sql`select w.word from (select term from ${sql.identifier(table)} order by created_at desc limit 1000) newest, search_words_of(newest.term) w(word)
        where length(w.word) >= 3
          and not exists (select from search_words o where o.scope = ${scope} and o.word <> w.word and o.rows > 0 and o.word like '%' || w.word || '%')
        group by w.word order by count(*) desc, w.word limit 1`,
  );
  return row.word;
}

describe('a searched list, a common one-word term that one word of its scope holds', () => {
  it.each(LIST_CASES)(
    '$name: the total is one indexed read of search_words beside the page, which the recent walk found',
    async ({ send, scope, searchTable }) => {
      const statements = await searchStatementsOf(async () => send(await commonWordOf(scope, searchTable)));
      const purposes = statements.map(purposeOf);
      // PGlite's one connection reads the total and the keys from the match set in one statement.
      expect(purposes).toEqual(pool ? ['recent walk', 'word total', 'rows'] : ['match set', 'rows']);
      if (!pool) return;
      const plan = await planOf(statements[1], NO_SEQUENTIAL_SCAN);
      expect(readsIndex(plan, /^search_words_/), JSON.stringify(plan)).toBe(true);
    },
  );
});

/** The two characters most of a search table's newest 1,000 rows start a word with (search_word_starts_of, migration 0035). */
async function commonStartOf(table: string): Promise<string> {
  const [row] = await queryRows<{ start: string }>(
    t.database.db,
    sql`select substr(w.key, 2) as start from (select term from ${sql.identifier(table)} order by created_at desc limit 1000) newest, search_word_starts_of(newest.term) w(key)
        where char_length(w.key) = 3 group by w.key order by count(*) desc, w.key limit 1`,
  );
  return row.start;
}

describe('a searched list, a two-letter term', () => {
  it.each(LIST_CASES)(
    '$name: the total is one indexed read of search_words (its word start) beside the page, which the recent walk found',
    async ({ send, searchTable }) => {
      const start = await commonStartOf(searchTable);
      expect(start).toHaveLength(2);
      const statements = await searchStatementsOf(async () => send(start.toUpperCase()));
      const purposes = statements.map(purposeOf);
      expect(purposes).toEqual(pool ? ['recent walk', 'word total', 'rows'] : ['match set', 'rows']);
      if (!pool) return;
      const plan = await planOf(statements[1], NO_SEQUENTIAL_SCAN);
      expect(readsIndex(plan, /^search_words_/), JSON.stringify(plan)).toBe(true);
    },
  );
});

describe('what a searched list asks its search index for', () => {
  it.each([
    { name: 'users, a whole e-mail address', table: 'users', column: 'email', send: (search: string) => listUsers(db, { page: 1, limit: 10, search }) },
    {
      name: 'queries, a whole e-mail address',
      table: 'customer_queries',
      column: 'email',
      send: (email: string) => listQueries(db, { page: 1, limit: 10, sort: 'latest', email }),
    },
    { name: 'utes, a term of several words', table: 'utes', column: 'full_name', send: (search: string) => listUtes(db, { page: 1, pageSize: 10, search }) },
    { name: 'jobs, a term of several words', table: 'jobs', column: 'title', send: (search: string) => listJobs(db, { page: 1, limit: 10, search }) },
  ])(
    "$name: the part before an @ (the domain's trigrams are in every row), by its words' starts when it has several (their edges are in every row)",
    async ({ table, column, send }) => {
      const term = (await rareValue(table, column)).toLowerCase();
      const beforeAt = term.split('@')[0];
      const asked = indexedPattern(beforeAt) ?? containsPattern(beforeAt);
      const statements = await searchStatementsOf(() => send(term));
      const searchTableReads = statements.filter((statement) => ['total', 'keys', 'match set'].includes(purposeOf(statement)));
      expect(searchTableReads.length).toBeGreaterThan(0);
      for (const statement of searchTableReads) {
        const conditions = [...nodesOf(await planOf(statement, NO_SEQUENTIAL_SCAN))].flatMap((node) => node['Index Cond'] ?? []);
        // One index condition per partition the statement reads (a count reads one, the keys all).
        expect(conditions.length, statement.text).toBeGreaterThan(0);
        for (const condition of conditions) {
          expect(condition, statement.text).toContain(asked);
          expect(condition, statement.text).not.toContain(term);
          expect(condition, statement.text).not.toContain('@');
        }
      }
    },
  );
});

describe('global search reads a rare term from the search index', () => {
  it.each([
    { name: 'users', table: 'users', column: 'email', index: /^users_(email|name)_trgm_idx$/, find: findUsers },
    { name: 'utes', table: 'utes', column: 'full_name', index: /^utes_name_trgm_idx$/, find: findUtes },
    { name: 'jobs', table: 'jobs', column: 'title', index: /^jobs_title_trgm_idx$/, find: findJobs },
    { name: 'queries', table: 'customer_queries', column: 'email', index: /^customer_queries_email_trgm_idx$/, find: findQueries },
  ])('$name: a bounded walk of the newest rows, then the search index; never a walk filtering the search', async ({ table, column, index, find }) => {
    const statements = await searchStatementsOf(async () => find(db, { text: (await rareValue(table, column)).slice(0, 12), limit: 5 }));
    expect(statements).toHaveLength(2);
    const [recent, matched] = await Promise.all(statements.map((statement) => planOf(statement, NO_SEQUENTIAL_SCAN)));
    for (const plan of [recent, matched]) expect(searchWalksOf(plan, new RegExp(column))).toEqual([]);
    expect(readsIndex(matched, index), JSON.stringify(matched)).toBe(true);
  });
});
