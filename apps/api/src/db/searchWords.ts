import { sql } from 'drizzle-orm';
import type { DbOrTx } from './database';
import { matchesWordStarts } from './likePattern';
import { preparedRead } from './prepared';

/**
 * A search whose total search_words can give (migrations 0034 and 0035, db/tables/search.table.ts):
 * its term, the scope (a search table and the tab its list filters it by) whose rows the search
 * counts, and whether the term matches word starts (a 1–2 character term) or anywhere in the text.
 */
export interface WordCount {
  scope: string;
  term: string;
  isWordStart: boolean;
}

/**
 * The scopes the search tables' triggers count their rows in (search_scopes_* of migration 0034),
 * named from a list's filter: each is the exact set of rows its list's search table filter keeps.
 */
export const SEARCH_WORD_SCOPES = {
  utes: (isPending: boolean | undefined) => (isPending ? 'utes pending' : 'utes'),
  jobs: (isPending: boolean | undefined) => (isPending ? 'jobs pending' : 'jobs'),
  users: () => 'users',
  queries: () => 'queries',
  payments: (isStripe: boolean, isJob: boolean | undefined) =>
    `payments ${isStripe ? 'stripe' : 'manual'}${isJob === undefined ? '' : isJob ? ' job' : ' ute'}`,
};

/**
 * The word count of a search in `scope`, when search_words can count its term: 3 or more letters and
 * nothing else (a word's number), or a term that matches word starts without a space in it (a
 * start's number; the contract trims every term). Undefined otherwise.
 */
export function wordCountOf(scope: string | undefined, term: string): WordCount | undefined {
  if (scope === undefined) return undefined;
  if (matchesWordStarts(term)) return term.length > 0 && !term.includes(' ') ? { scope, term, isWordStart: true } : undefined;
  return /^\p{L}{3,}$/u.test(term) ? { scope, term, isWordStart: false } : undefined;
}

// The letters-only check once, on the lower-cased term; the words are read only when it holds.
const readWordsTotal = preparedRead('search_words_total', (db) =>
  db
    .select({
      total: sql<number | null>`case when asked.term ~ '^[[:alpha:]]+$' then (
          select (case count(*) when 0 then 0 when 1 then sum(rows) end)::int
          from (select rows from search_words where scope = ${sql.placeholder('scope')} and word like '%' || asked.term || '%' and rows > 0 limit 2) as holding
        ) end`,
    })
    .from(sql`(select lower(${sql.placeholder('term')}) as term) as asked`),
);

// A start is kept as a space and the start's characters, lower-cased as the search table's term is
// (search_word_starts_of): none kept is none held. A term that lower-cases to more than two
// characters has no start kept: the caller counts.
const readWordStartsTotal = preparedRead('search_word_starts_total', (db) =>
  db
    .select({
      total: sql<number | null>`case when char_length(asked.term) <= 2 then coalesce(
          (select rows from search_words where scope = ${sql.placeholder('scope')} and word = ' ' || asked.term), 0) end`,
    })
    .from(sql`(select lower(${sql.placeholder('term')}) as term) as asked`),
);

/**
 * The exact number of the scope's rows whose term holds the search term, when search_words can tell.
 * A term of letters alone (as this database's regular expressions see them, the rule the triggers
 * split words by) is inside a text exactly when it is inside one of its words, so when one word of
 * the scope holds it, that word's `rows` is the total (no word: 0). When two or more words hold it
 * ("ann" in "anna" and "joanne") a row may hold both, and the caller counts the search table instead
 * (undefined). A term that matches word starts is counted by its start, which each row counts once.
 * One indexed read of the words table, under a millisecond where the search table's count rechecks
 * every match (a 10% term among 500,000 jobs: 11 ms on each half; a two-letter one among 1,000,000
 * users: 27 ms).
 */
export async function searchWordsTotal(db: DbOrTx, { scope, term, isWordStart }: WordCount): Promise<number | undefined> {
  const [found] = await (isWordStart ? readWordStartsTotal : readWordsTotal)(db, { scope, term });
  return found.total ?? undefined;
}
