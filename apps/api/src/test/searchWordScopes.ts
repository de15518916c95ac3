import { SEARCH_WORD_SCOPES } from '../db/searchWords';

/**
 * Each scope of search_words (migration 0034) as the rows of its search table it counts, written out
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
 * search_words as its scopes' rows say it must be: per scope and word (a run of letters), the number
 * of rows holding the word (`scope`, `word`, `rows`).
 */
export const SEARCH_WORDS_COUNTED = `select scope, word, rows from (${Object.entries(SEARCH_WORD_SCOPE_ROWS)
  .map(
    ([scope, rows]) =>
      `select '${scope}' as scope, w.word, count(*)::int as rows
       from (${rows}) s, lateral (select distinct m[1] as word from regexp_matches(s.term, '[[:alpha:]]+', 'g') m) w group by w.word`,
  )
  .join(' union all ')}) as counted`;
