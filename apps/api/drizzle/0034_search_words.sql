-- How many rows of each search table hold each word of their term (db/tables/search.table.ts
-- searchWords, docs/design.md §8.4): a one-word term held by one word of its scope is counted from
-- here (db/searchWords.ts) in well under a millisecond, where the search table's count rechecks every
-- match (a 10% term among 500,000 jobs: 11 ms on each half). A word is a run of letters as this
-- database's regular expressions see them ([[:alpha:]]), so a term made of letters alone is inside a
-- text exactly when it is inside one of the text's words.
CREATE TABLE "search_words" (
	"scope" text NOT NULL,
	"word" text NOT NULL,
	"rows" integer NOT NULL,
	CONSTRAINT "search_words_scope_word_pk" PRIMARY KEY("scope","word")
);
--> statement-breakpoint
-- The distinct words of a text: its runs of letters.
CREATE FUNCTION search_words_of(term text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT m[1] FROM regexp_matches(term, '[[:alpha:]]+', 'g') AS m
$$;--> statement-breakpoint
-- The scopes a search table's row is counted in: its table, and the tabs a list filters it by that
-- the list's counters count (db/searchWords.ts names the same scopes from a list's filter).
CREATE FUNCTION search_scopes_pending(of_table text, is_pending boolean) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN is_pending THEN ARRAY[of_table, of_table || ' pending'] ELSE ARRAY[of_table] END
$$;--> statement-breakpoint
CREATE FUNCTION search_scopes_payments(is_stripe boolean, is_job boolean) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ARRAY[tab, tab || CASE WHEN is_job THEN ' job' ELSE ' ute' END]
  FROM (SELECT CASE WHEN is_stripe THEN 'payments stripe' ELSE 'payments manual' END AS tab) AS t
$$;--> statement-breakpoint
CREATE TYPE search_scoped_term AS (scope text, term text);--> statement-breakpoint
-- The rows that left (gone) and came (came) in one statement, as one upsert of the words whose
-- number changed, in order: a change that keeps the term and the scopes (a payment's status) writes
-- and locks no word, and two statements lock the words they share in the same order. PL/pgSQL, whose
-- plans are kept for the session (a SQL function's INSERT would be planned on every call: +0.27 ms
-- on a one-row update).
CREATE FUNCTION search_words_apply(gone search_scoped_term[], came search_scoped_term[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF gone = came THEN
    RETURN;
  END IF;
  INSERT INTO search_words (scope, word, rows)
  SELECT changed.scope, changed.word, sum(changed.delta)::int FROM (
    SELECT g.scope, w.word, -1 AS delta FROM unnest(gone) AS g, search_words_of(g.term) AS w(word)
    UNION ALL
    SELECT c.scope, w.word, 1 FROM unnest(came) AS c, search_words_of(c.term) AS w(word)
  ) AS changed
  GROUP BY changed.scope, changed.word HAVING sum(changed.delta) <> 0 ORDER BY changed.scope, changed.word
  ON CONFLICT (scope, word) DO UPDATE SET rows = search_words.rows + EXCLUDED.rows;
END $$;--> statement-breakpoint
INSERT INTO search_words (scope, word, rows) SELECT s.scope, w.word, count(*) FROM search_utes, unnest(search_scopes_pending('utes', is_pending)) AS s(scope), search_words_of(term) AS w(word) GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO search_words (scope, word, rows) SELECT s.scope, w.word, count(*) FROM search_jobs, unnest(search_scopes_pending('jobs', is_pending)) AS s(scope), search_words_of(term) AS w(word) GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO search_words (scope, word, rows) SELECT 'users', w.word, count(*) FROM search_users, search_words_of(term) AS w(word) GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO search_words (scope, word, rows) SELECT s.scope, w.word, count(*) FROM search_payments, unnest(search_scopes_payments(is_stripe, is_job)) AS s(scope), search_words_of(term) AS w(word) GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO search_words (scope, word, rows) SELECT 'queries', w.word, count(*) FROM search_queries, search_words_of(term) AS w(word) GROUP BY 1, 2;--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- Migration 0017's triggers, now also keeping search_words from the rows they delete and insert.
CREATE OR REPLACE FUNCTION search_utes_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone search_scoped_term[] := '{}';
  came search_scoped_term[] := '{}';
BEGIN
  -- A changed row is deleted and inserted again; a soft-deleted one only leaves.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    WITH deleted AS (DELETE FROM search_utes s USING old_rows o WHERE s.id = o.id RETURNING s.term, s.is_pending)
    SELECT coalesce(array_agg(ROW(scope, term)::search_scoped_term), '{}') INTO gone FROM deleted, unnest(search_scopes_pending('utes', is_pending)) AS scope;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    WITH inserted AS (
      INSERT INTO search_utes (id, created_at, term, is_pending) SELECT id, created_at, coalesce(lower(full_name), ''), status NOT IN ('Approved', 'Rejected') FROM new_rows WHERE deleted_at IS NULL
      RETURNING term, is_pending
    )
    SELECT coalesce(array_agg(ROW(scope, term)::search_scoped_term), '{}') INTO came FROM inserted, unnest(search_scopes_pending('utes', is_pending)) AS scope;
  END IF;
  PERFORM search_words_apply(gone, came);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_jobs_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone search_scoped_term[] := '{}';
  came search_scoped_term[] := '{}';
BEGIN
  -- A changed row is deleted and inserted again; a soft-deleted one only leaves.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    WITH deleted AS (DELETE FROM search_jobs s USING old_rows o WHERE s.id = o.id RETURNING s.term, s.is_pending)
    SELECT coalesce(array_agg(ROW(scope, term)::search_scoped_term), '{}') INTO gone FROM deleted, unnest(search_scopes_pending('jobs', is_pending)) AS scope;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    WITH inserted AS (
      INSERT INTO search_jobs (id, created_at, budget, term, is_pending) SELECT id, created_at, budget, lower(title), status NOT IN ('Approved', 'Rejected') FROM new_rows WHERE deleted_at IS NULL
      RETURNING term, is_pending
    )
    SELECT coalesce(array_agg(ROW(scope, term)::search_scoped_term), '{}') INTO came FROM inserted, unnest(search_scopes_pending('jobs', is_pending)) AS scope;
  END IF;
  PERFORM search_words_apply(gone, came);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_users_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone search_scoped_term[] := '{}';
  came search_scoped_term[] := '{}';
BEGIN
  -- A changed row is deleted and inserted again; a soft-deleted one only leaves.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    WITH deleted AS (DELETE FROM search_users s USING old_rows o WHERE s.id = o.id RETURNING s.term)
    SELECT coalesce(array_agg(ROW('users', term)::search_scoped_term), '{}') INTO gone FROM deleted;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    WITH inserted AS (INSERT INTO search_users (id, created_at, term) SELECT id, created_at, lower(email) FROM new_rows WHERE deleted_at IS NULL RETURNING term)
    SELECT coalesce(array_agg(ROW('users', term)::search_scoped_term), '{}') INTO came FROM inserted;
  END IF;
  PERFORM search_words_apply(gone, came);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_payments_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone search_scoped_term[] := '{}';
  came search_scoped_term[] := '{}';
BEGIN
  -- A changed row is deleted and inserted again; a soft-deleted one only leaves.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    WITH deleted AS (DELETE FROM search_payments s USING old_rows o WHERE s.id = o.id RETURNING s.term, s.is_stripe, s.is_job)
    SELECT coalesce(array_agg(ROW(scope, term)::search_scoped_term), '{}') INTO gone FROM deleted, unnest(search_scopes_payments(is_stripe, is_job)) AS scope;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    WITH inserted AS (
      INSERT INTO search_payments (id, created_at, term, is_stripe, is_job, is_awaiting_acceptance) SELECT id, created_at, lower(payment_by), is_stripe, is_job, status <> 'inProgress' FROM new_rows WHERE true
      RETURNING term, is_stripe, is_job
    )
    SELECT coalesce(array_agg(ROW(scope, term)::search_scoped_term), '{}') INTO came FROM inserted, unnest(search_scopes_payments(is_stripe, is_job)) AS scope;
  END IF;
  PERFORM search_words_apply(gone, came);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_queries_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone search_scoped_term[] := '{}';
  came search_scoped_term[] := '{}';
BEGIN
  -- A changed row is deleted and inserted again; a soft-deleted one only leaves.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    WITH deleted AS (DELETE FROM search_queries s USING old_rows o WHERE s.id = o.id RETURNING s.term)
    SELECT coalesce(array_agg(ROW('queries', term)::search_scoped_term), '{}') INTO gone FROM deleted;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    WITH inserted AS (INSERT INTO search_queries (id, created_at, term) SELECT id, created_at, lower(email) FROM new_rows WHERE deleted_at IS NULL RETURNING term)
    SELECT coalesce(array_agg(ROW('queries', term)::search_scoped_term), '{}') INTO came FROM inserted;
  END IF;
  PERFORM search_words_apply(gone, came);
  RETURN NULL;
END $$;
