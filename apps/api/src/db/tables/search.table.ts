import { getTableName } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, primaryKey, text, timestamp, uuid, type PgTable } from 'drizzle-orm/pg-core';

/**
 * The searched lists' search tables (migration 0017, docs/design.md §8.4): per live row of a list, its
 * id, the columns its orders and tab filters read, and the searched text lower-cased. Statement
 * triggers on the list's table keep them (a row is deleted and inserted again on every change; soft-
 * deleted rows leave). Narrow (about 80 bytes a row), a million rows fit in shared buffers, so the
 * trigram search's recheck of tens of thousands of matches reads cached pages instead of the wide
 * table's, and LIKE on lower-cased text costs a third of ILIKE: the whole match set of a common
 * term at 750,000 utes in about 12 ms instead of 120 ms.
 */

/**
 * Each search table is split by a hash of its id into this many partitions, `<table>_p0`, `<table>_p1`
 * (migration 0033; drizzle-kit cannot declare partitions, so the schema below is the parent's). A
 * searched page on a pool counts its matches on each partition at once (db/paging.ts), one statement
 * per core: the count is what a common term's page waits for (a rare term's page reads each
 * partition's matches once for its total and first keys). Measured on the bench's 500,000 jobs, a 10%
 * term: 23 ms p50 whole, 12–14 ms in two; four partitions were no faster on two cores and cost 14% of
 * the counts per second at 10 connections (two: 6%).
 */
export const SEARCH_TABLE_PARTITIONS = 2;

/** The partitions of a search table, by name. */
export const searchTablePartitions = (table: PgTable): string[] => Array.from({ length: SEARCH_TABLE_PARTITIONS }, (_, at) => `${getTableName(table)}_p${at}`);

export const utesSearch = pgTable(
  'search_utes',
  {
    id: uuid('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** lower(full_name) */
    term: text('term').notNull(),
    /** Waiting for approval: status neither Approved nor Rejected (the pendingUtes queue). */
    isPending: boolean('is_pending').notNull(),
  },
  (t) => [index('search_utes_term_trgm_idx').using('gin', t.term.op('gin_trgm_ops'))],
);

export const jobsSearch = pgTable(
  'search_jobs',
  {
    id: uuid('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    budget: numeric('budget', { precision: 12, scale: 2, mode: 'number' }),
    /** lower(title) */
    term: text('term').notNull(),
    isPending: boolean('is_pending').notNull(),
  },
  (t) => [index('search_jobs_term_trgm_idx').using('gin', t.term.op('gin_trgm_ops'))],
);

export const usersSearch = pgTable(
  'search_users',
  {
    id: uuid('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** lower(email) */
    term: text('term').notNull(),
  },
  (t) => [index('search_users_term_trgm_idx').using('gin', t.term.op('gin_trgm_ops'))],
);

export const paymentsSearch = pgTable(
  'search_payments',
  {
    id: uuid('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** lower(payment_by) */
    term: text('term').notNull(),
    isStripe: boolean('is_stripe').notNull(),
    isJob: boolean('is_job').notNull(),
    /** A manual payment not yet accepted (status other than inProgress): the manualPaymentsAwaitingAcceptance queue. */
    isAwaitingAcceptance: boolean('is_awaiting_acceptance').notNull(),
  },
  (t) => [index('search_payments_term_trgm_idx').using('gin', t.term.op('gin_trgm_ops'))],
);

export const queriesSearch = pgTable(
  'search_queries',
  {
    id: uuid('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** lower(email) */
    term: text('term').notNull(),
  },
  (t) => [index('search_queries_term_trgm_idx').using('gin', t.term.op('gin_trgm_ops'))],
);

/**
 * How many rows of a search table hold each word of their `term` (migration 0034, docs/design.md §8.4):
 * per `scope` (the table, and its tabs: "jobs", "jobs pending", "payments manual job", see
 * search_scopes_* in the migration), per word (a run of letters, `search_words_of`) and per word
 * start (a space and the first one or two characters at the term's start or after a space,
 * `search_word_starts_of`, migration 0035), the number of the scope's rows whose term holds it. The
 * search tables' triggers keep it in the same statement, one upsert per statement of the words
 * whose number changed (ordered, so two statements lock them in the same order; a change that keeps
 * the term and the tab touches none). A one-word term held by one word of the scope, and a 1–2
 * character term, count their rows from here (db/searchWords.ts) instead of rechecking every match
 * in the search table. Words are never deleted: a word whose rows left keeps `rows` 0.
 */
export const searchWords = pgTable(
  'search_words',
  {
    scope: text('scope').notNull(),
    word: text('word').notNull(),
    rows: integer('rows').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.word] }), index('search_words_word_trgm_idx').using('gin', t.word.op('gin_trgm_ops'))],
);
