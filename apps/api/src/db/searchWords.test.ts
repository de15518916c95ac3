import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createJobs, createUsers } from '../test/factories';
import { SEARCH_WORD_SCOPE_ROWS } from '../test/searchWordScopes';
import { createTestApp, type TestApp } from '../test/testApp';
import { queryRows } from './database';
import { containsPattern, lowerTermMatch } from './likePattern';
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
  const words = await queryRows<{ word: string }>(
    t.database.db,
    sql`select word from search_words where scope = ${scope} and rows > 0 and word not like ' %' order by word limit 12`,
  );
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
        const total = await searchWordsTotal(db, { scope, term, isWordStart: false });
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
    const inJobs = (term: string) => searchWordsTotal(db, { scope: 'jobs', term, isWordStart: false });
    expect(await inJobs('zanthe')).toBeUndefined();
    expect(await inJobs('ZANTHEA')).toBe(1);
    expect(await searchWordsTotal(db, { scope: 'users', term: 'zanthea', isWordStart: false })).toBe(1);
    for (const term of ['crate run', 'an-', '%an%', 'a_e', 'zanthe.q']) expect(await inJobs(term), term).toBeUndefined();
    expect(wordCountOf('jobs', 'crate run')).toBeUndefined();
    expect(wordCountOf(undefined, 'zanthe')).toBeUndefined();
    expect(wordCountOf('jobs', 'Zoë')).toEqual({ scope: 'jobs', term: 'Zoë', isWordStart: false });
  });
});

describe('searchWordsTotal of a term that matches word starts (migration 0035)', () => {
  /** 1–2 character terms to try in a scope: the first one and two characters of its rows' parts, in capitals too, and odd ones. */
  async function shortTermsOf(rows: string): Promise<string[]> {
    const parts = await queryRows<{ part: string }>(
      t.database.db,
      sql.raw(`select distinct part from (${rows}) s, regexp_split_to_table(s.term, ' ') part where part <> '' order by 1 limit 15`),
    );
    const starts = parts.flatMap(({ part }) => [part.slice(0, 1), part.slice(0, 2), part.slice(0, 2).toUpperCase(), part.slice(1, 3)]);
    return [...new Set([...starts, 'zq', 'z', '%', 'a_', '\\', 'ë', 'Zo', 'zo', 'cr', 'ru', 'pi'])].filter(
      (term) => term.length > 0 && term.length < 3 && !term.includes(' '),
    );
  }

  it("gives each scope's exact number of rows a short term matches, as the list's own filter counts them", async () => {
    const db = t.database.db;
    let held = 0;
    for (const [scope, rows] of Object.entries(SEARCH_WORD_SCOPE_ROWS)) {
      for (const term of await shortTermsOf(rows)) {
        const [{ matches }] = await queryRows<{ matches: number }>(
          db,
          sql`select count(*)::int as matches from (${sql.raw(rows)}) s where ${lowerTermMatch(sql.raw('s.term'), term)}`,
        );
        const count = wordCountOf(scope, term);
        expect(count, term).toEqual({ scope, term, isWordStart: true });
        expect(await searchWordsTotal(db, count!), `${scope}: ${term}`).toBe(matches);
        if (matches > 0) held += 1;
      }
    }
    // Terms held by rows and by none were both asked: a reader that always said 0 would fail above.
    expect(held).toBeGreaterThan(100);
  });

  it('leaves a term with a space, an empty one and one of 3 characters to the other rules', () => {
    expect(wordCountOf('jobs', 'a ')).toBeUndefined();
    expect(wordCountOf('jobs', '')).toBeUndefined();
    expect(wordCountOf('jobs', 'zo')).toEqual({ scope: 'jobs', term: 'zo', isWordStart: true });
    expect(wordCountOf('jobs', 'zoë')).toEqual({ scope: 'jobs', term: 'zoë', isWordStart: false });
  });
});
