-- search_words also counts the starts of words a 1–2 character term matches (db/likePattern.ts
-- lowerTermMatch: the text's start or the character after a space), so such a term's total is one
-- read here (db/searchWords.ts) instead of rechecking every match in the search table (a two-letter
-- term among 1,000,000 users: p50 27 ms). A start is kept as a space and the first one and two
-- characters after it (" a", " an"): a word is a run of letters, so no word is spelled like a start,
-- and a term of 3+ letters (the words' reader) cannot be inside one.
-- The distinct starts of a text: the first one and two characters after its start and after each
-- space. A term without a space (a trimmed one of 1–2 characters) is at the start of the text or
-- after a space exactly when it is one of these. regexp_matches, not a split into parts: a split is
-- estimated at 1,000 rows a text, which made the plan cache plan search_words_apply's upsert anew on
-- every call (a one-row update of a user's e-mail +0.3 ms; with regexp_matches's 10, +0.05 ms).
CREATE FUNCTION search_word_starts_of(term text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT ' ' || left(m[1], n) FROM regexp_matches(term, '(?:^| )([^ ]{1,2})', 'g') AS m, (VALUES (1), (2)) AS l(n) WHERE char_length(m[1]) >= n
$$;--> statement-breakpoint
-- What search_words counts of a text: its words and its starts (never the same string). Both read
-- in FROM, so that the planner inlines them into the upsert (called in a select list, each call
-- would plan its body again: +0.3 ms a call).
CREATE FUNCTION search_keys_of(term text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT word FROM search_words_of(term) AS word UNION ALL SELECT start FROM search_word_starts_of(term) AS start
$$;--> statement-breakpoint
-- Migration 0034's upsert, now of the keys (words and starts) whose number changed.
CREATE OR REPLACE FUNCTION search_words_apply(gone search_scoped_term[], came search_scoped_term[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF gone = came THEN
    RETURN;
  END IF;
  INSERT INTO search_words (scope, word, rows)
  SELECT changed.scope, changed.word, sum(changed.delta)::int FROM (
    SELECT g.scope, w.word, -1 AS delta FROM unnest(gone) AS g, search_keys_of(g.term) AS w(word)
    UNION ALL
    SELECT c.scope, w.word, 1 FROM unnest(came) AS c, search_keys_of(c.term) AS w(word)
  ) AS changed
  GROUP BY changed.scope, changed.word HAVING sum(changed.delta) <> 0 ORDER BY changed.scope, changed.word
  ON CONFLICT (scope, word) DO UPDATE SET rows = search_words.rows + EXCLUDED.rows;
END $$;--> statement-breakpoint
-- Start from the rows already there (the lock keeps writers out while this runs in the migration).
LOCK TABLE search_utes, search_jobs, search_users, search_payments, search_queries IN SHARE MODE;--> statement-breakpoint
INSERT INTO search_words (scope, word, rows) SELECT s.scope, w.word, count(*) FROM search_utes, unnest(search_scopes_pending('utes', is_pending)) AS s(scope), search_word_starts_of(term) AS w(word) GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO search_words (scope, word, rows) SELECT s.scope, w.word, count(*) FROM search_jobs, unnest(search_scopes_pending('jobs', is_pending)) AS s(scope), search_word_starts_of(term) AS w(word) GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO search_words (scope, word, rows) SELECT 'users', w.word, count(*) FROM search_users, search_word_starts_of(term) AS w(word) GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO search_words (scope, word, rows) SELECT s.scope, w.word, count(*) FROM search_payments, unnest(search_scopes_payments(is_stripe, is_job)) AS s(scope), search_word_starts_of(term) AS w(word) GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO search_words (scope, word, rows) SELECT 'queries', w.word, count(*) FROM search_queries, search_word_starts_of(term) AS w(word) GROUP BY 1, 2;
