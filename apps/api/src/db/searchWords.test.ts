import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createJobs, createUsers } from '../test/factories';
import { SEARCH_WORD_SCOPE_ROWS } from '../test/searchWordScopes';
import { createTestApp, type TestApp } from '../test/testApp';
import { queryRows } from './database';
import { containsPattern } from './likePattern';
import { searchWordsTotal, wordCountOf } from './searchWords';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seeded: true });
  const db = t.database.db;
  // Words one term is inside of ("zanthe" in "zanthe" and "zanthea"), and a word with a letter beyond ASCII.
  await createJobs(db, [{ title: 'Zanthea crate run' }, { title: 'ZANTHE crate, run' }, { title: 'Fridge for Zanthe' }, { title: 'Zoë’s piano' }]);
  await createUsers(db, [{ email: 'zanthe.q@example.com' }, { email: 'zanthea@example.com' }]);
});
afterAll(async () => {
  await t.close();
});

/** Terms to try in a scope: each of its words whole, in capitals, its first three and last four letters, and none. */
async function termsOf(scope: string): Promise<string[]> {
  const words = await queryRows<{ word: string }>(t.database.db, sql`select word from search_words where scope = ${scope} and rows > 0 order by word limit 12`);
  const parts = words.flatMap(({ word }) => [word, word.toUpperCase(), word.slice(0, 3), word.slice(-4)]);
  return [...new Set([...parts, 'zanthe', 'Zanthea', 'zoë', 'qqqzz', 'crate run', 'an-', '%an%', 'a_e'])];
}

describe('searchWordsTotal (migration 0034)', () => {
  it("gives each scope's exact number of rows holding a term when one word holds it, 0 when none does, and nothing else", async () => {
    const db = t.database.db;
    const answered = { one: 0, none: 0, undecided: 0 };
    for (const [scope, rows] of Object.entries(SEARCH_WORD_SCOPE_ROWS)) {
      for (const term of await termsOf(scope)) {
        const [{ matches }] = await queryRows<{ matches: number }>(
          db,
          sql`select count(*)::int as matches from (${sql.raw(rows)}) s where term like lower(${containsPattern(term)})`,
        );
        const total = await searchWordsTotal(db, { scope, term });
        if (total !== undefined) expect(total, `${scope}: ${term}`).toBe(matches);
        answered[total === undefined ? 'undecided' : total === 0 ? 'none' : 'one'] += 1;
      }
    }
    // Both answers and the refusal were reached: a rule that always refused would pass the loop above.
    expect(answered.one).toBeGreaterThan(50);
    expect(answered.none).toBeGreaterThan(5);
    expect(answered.undecided).toBeGreaterThan(5);
  });

  it('refuses a term two words hold, and a term with anything but letters', async () => {
    const db = t.database.db;
    expect(await searchWordsTotal(db, { scope: 'jobs', term: 'zanthe' })).toBeUndefined();
    expect(await searchWordsTotal(db, { scope: 'jobs', term: 'ZANTHEA' })).toBe(1);
    expect(await searchWordsTotal(db, { scope: 'users', term: 'zanthea' })).toBe(1);
    for (const term of ['crate run', 'an-', '%an%', 'a_e', 'zanthe.q']) expect(await searchWordsTotal(db, { scope: 'jobs', term }), term).toBeUndefined();
    expect(wordCountOf('jobs', 'crate run')).toBeUndefined();
    expect(wordCountOf('jobs', 'zo')).toBeUndefined();
    expect(wordCountOf(undefined, 'zanthe')).toBeUndefined();
    expect(wordCountOf('jobs', 'Zoë')).toEqual({ scope: 'jobs', term: 'Zoë' });
  });
});
