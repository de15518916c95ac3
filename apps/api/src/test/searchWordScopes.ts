import { SEARCH_WORD_SCOPES } from '../db/searchWords';

/**
 * Each scope of search_words (migrations 0034 and 0035) as the rows of its search table it counts, written out
 * here apart from the migration's search_scopes_*: the oracle its triggers and readers are checked against.
 */
export const SEARCH_WORD_SCOPE_ROWS: Record<string, string> = {
  [SEARCH_WORD_SCOPES.utes(false)]: 'select term from search_utes',
  [SEARCH_WORD_SCOPES.utes(true)]: 'select term from search_utes where is_pending',
  [SEARCH_WORD_SCOPES.jobs(false)]: 'select term from search_jobs',
  [SEARCH_WORD_SCOPES.jobs(true)]: 'select term from search_jobs where is_pending',
  [SEARCH_WORD_SCOPES.users()]: 'select term from search_users',
  [SEARCH_WORD_SCOPES.queries()]: 'select term from search_queries',
  [SEARCH_WORD_SCOPES.payments(true, undefined)]: 'select term from search_payments where is_stripe',
  [SEARCH_WORD_SCOPES.payments(true, true)]: 'select term from search_payments where is_stripe and is_job',
  [SEARCH_WORD_SCOPES.payments(true, false)]: 'select term from search_payments where is_stripe and not is_job',
  [SEARCH_WORD_SCOPES.payments(false, undefined)]: 'select term from search_payments where not is_stripe',
  [SEARCH_WORD_SCOPES.payments(false, true)]: 'select term from search_payments where not is_stripe and is_job',
  [SEARCH_WORD_SCOPES.payments(false, false)]: 'select term from search_payments where not is_stripe and not is_job',
};

/**
 * What search_words counts of a term: its words (runs of letters), and the starts a 1–2 character
 * term matches (migration 0035), written out by position: " " and the one or two characters at the
 * text's start or after a space, without a space among them.
 */
const KEYS_OF_TERM = `select distinct m[1] as word from regexp_matches(s.term, '[[:alpha:]]+', 'g') m
  union all
  select distinct ' ' || substr(s.term, at, n) from generate_series(1, char_length(s.term)) at, (values (1), (2)) l(n)
  where (at = 1 or substr(s.term, at - 1, 1) = ' ') and at + n - 1 <= char_length(s.term) and strpos(substr(s.term, at, n), ' ') = 0`;

/**
 * search_words as its scopes' rows say it must be: per scope and key (a word or a word start), the
 * number of rows holding it (`scope`, `word`, `rows`).
 */
export const SEARCH_WORDS_COUNTED = `select scope, word, rows from (${Object.entries(SEARCH_WORD_SCOPE_ROWS)
  .map(
    ([scope, rows]) =>
      `select '${scope}' as scope, w.word, count(*)::int as rows
       from (${rows}) s, lateral (${KEYS_OF_TERM}) w group by w.word`,
  )
  .join(' union all ')}) as counted`;
