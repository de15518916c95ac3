import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/database';
import { containsPattern, termMatch } from '../../db/likePattern';
import { createJobs, createUsers } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/testApp';
import { listJobs } from '../jobs/jobs.repository';
import { listPayments } from '../payments/payments.repository';
import { listQueries } from '../queries/queries.repository';
import { listUsers } from '../users/users.repository';
import { listUtes } from '../utes/utes.repository';

/**
 * A searched list's exact total, whichever way it is counted (db/paging.ts searchedPage: search_words
 * for a one-word term one word of its scope holds, else the search table), against its live rows
 * holding the term, counted on the list's own table: each list names the right scope for its filter.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seeded: true });
  // "zanthe" is inside two words of the jobs' and the users' scopes.
  await createJobs(t.database.db, [{ title: 'Zanthea crate run' }, { title: 'Fridge for Zanthe' }]);
  await createUsers(t.database.db, [{ email: 'zanthe.q@example.com' }, { email: 'zanthea@example.com' }]);
});
afterAll(async () => {
  await t.close();
});

describe("a searched list's total", () => {
  /**
   * Each list's search, one row a page (so a term's first match fills it and the total is counted
   * apart from the page, from search_words when it can), and the count of its live rows holding the
   * term written out on its own table.
   */
  const LISTS = [
    {
      name: 'utes',
      send: (search: string) => listUtes(t.database.db, { page: 1, pageSize: 1, search }),
      truth: 'select full_name as text from utes where deleted_at is null',
    },
    {
      name: 'pending utes',
      send: (search: string) => listUtes(t.database.db, { page: 1, pageSize: 1, search, isPending: true }),
      truth: "select full_name as text from utes where deleted_at is null and status not in ('Approved', 'Rejected')",
    },
    {
      name: 'jobs',
      send: (search: string) => listJobs(t.database.db, { page: 1, limit: 1, search }),
      truth: 'select title as text from jobs where deleted_at is null',
    },
    {
      name: 'pending jobs',
      send: (search: string) => listJobs(t.database.db, { page: 1, limit: 1, search, isPending: true }),
      truth: "select title as text from jobs where deleted_at is null and status not in ('Approved', 'Rejected')",
    },
    {
      name: 'users',
      send: (search: string) => listUsers(t.database.db, { page: 1, limit: 1, search }),
      truth: 'select email as text from users where deleted_at is null',
    },
    {
      name: 'customer queries',
      send: (email: string) => listQueries(t.database.db, { page: 1, limit: 1, email, sort: 'latest' }),
      truth: 'select email as text from customer_queries where deleted_at is null',
    },
    ...[true, false].flatMap((isStripe) =>
      [undefined, true, false].map((isJob) => ({
        name: `payments ${isStripe ? 'stripe' : 'manual'} ${isJob ?? ''}`,
        send: async (search: string) => {
          const { total } = await listPayments(t.database.db, { page: 1, limit: 1, search, isStripe, isJob, sort: 'newest' });
          return { totalCount: total };
        },
        truth: `select payment_by as text from payments where ${isStripe ? '' : 'not'} is_stripe ${isJob === undefined ? '' : `and ${isJob ? '' : 'not'} is_job`}`,
      })),
    ),
  ];

  it.each(LISTS)('$name is the number of its rows holding the term, for the words of its scope and parts of them', async ({ send, truth }) => {
    const db = t.database.db;
    const words = await queryRows<{ word: string }>(
      db,
      sql`select distinct m[1] as word from (${sql.raw(truth)}) s, regexp_matches(lower(s.text), '[[:alpha:]]{3,}', 'g') m order by 1 limit 10`,
    );
    // Terms of 3+ characters: shorter ones match the starts of words (lowerTermMatch).
    const terms = [...words.flatMap(({ word }) => [word, word.slice(1, 4)]), 'zanthe', 'qqqzz'].filter((term) => term.length >= 3);
    for (const term of terms) {
      const [{ matches }] = await queryRows<{ matches: number }>(
        db,
        sql`select count(*)::int as matches from (${sql.raw(truth)}) s where s.text ilike ${containsPattern(term)}`,
      );
      const { totalCount } = await send(term);
      expect(totalCount, term).toBe(matches);
    }
  });

  it.each(LISTS)('$name is the number of its rows with a word starting with a 1–2 character term (migration 0035)', async ({ send, truth }) => {
    const db = t.database.db;
    const starts = await queryRows<{ start: string }>(
      db,
      sql`select distinct left(part, 2) as start from (${sql.raw(truth)}) s, regexp_split_to_table(s.text, ' ') part where part <> '' order by 1 limit 8`,
    );
    const terms = [...new Set([...starts.flatMap(({ start }) => [start, start.slice(0, 1), start.toUpperCase()]), 'zq', 'z'])];
    let held = 0;
    for (const term of terms) {
      const [{ matches }] = await queryRows<{ matches: number }>(
        db,
        sql`select count(*)::int as matches from (${sql.raw(truth)}) s where ${termMatch(sql.raw('s.text'), term)}`,
      );
      const { totalCount } = await send(term);
      expect(totalCount, term).toBe(matches);
      if (matches > 1) held += 1;
    }
    expect(held).toBeGreaterThan(0);
  });
});
