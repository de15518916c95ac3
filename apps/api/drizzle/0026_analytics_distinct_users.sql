-- Issue 28: exact distinct users over any range read as a sum of daily rows (docs/design.md §10.3).
-- Counting distinct user ids over 90 days of `people.active` rows took 6 s at a million users. Each
-- row now carries the same user's previous day in its metric (`prev_day`): the users active in [a, b]
-- are exactly the rows in [a, b] whose `prev_day` is before a (or null), one row per user. The rows of a
-- day are then summed per `prev_day` into analytics_daily (`distinct.active`, `distinct.booker`, with
-- `dim` the previous day as YYYY-MM-DD, '' for none), so a distinct count over any range is a range sum
-- of at most (days × distinct previous days) small rows. A booker row also carries its user's sign-up
-- month (`cohort_month`), and the first booking of a user in a calendar month is summed per sign-up month
-- (`distinct.cohortBooker`, `dim` the sign-up month) for the cohort table.
ALTER TABLE "analytics_day_users" ADD COLUMN "prev_day" date;--> statement-breakpoint
ALTER TABLE "analytics_day_users" ADD COLUMN "cohort_month" date;
--> statement-breakpoint
-- The summed rows of the given days, from their analytics_day_users rows and links.
CREATE FUNCTION analytics_count_day_users(p_days date[]) RETURNS void LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  DELETE FROM analytics_daily WHERE metric IN ('distinct.active', 'distinct.booker', 'distinct.cohortBooker') AND day = ANY (p_days);
  INSERT INTO analytics_daily (day, metric, dim, value)
  SELECT day, CASE metric WHEN 'people.active' THEN 'distinct.active' ELSE 'distinct.booker' END,
    coalesce(to_char(prev_day, 'YYYY-MM-DD'), ''), count(*)
  FROM analytics_day_users
  WHERE metric IN ('people.active', 'people.booker') AND day = ANY (p_days)
  GROUP BY 1, 2, 3;
  -- A user's first booking in a calendar month, under the month they signed up in (live users only).
  INSERT INTO analytics_daily (day, metric, dim, value)
  SELECT day, 'distinct.cohortBooker', to_char(cohort_month, 'YYYY-MM-DD'), count(*)
  FROM analytics_day_users
  WHERE metric = 'people.booker' AND day = ANY (p_days) AND cohort_month IS NOT NULL
    AND (prev_day IS NULL OR prev_day < date_trunc('month', day::timestamp)::date)
  GROUP BY 1, 3;
END $$;
--> statement-breakpoint
-- The keys of the people rows of some days, to find whose rows a refresh changed.
CREATE FUNCTION analytics_people_keys(p_days date[]) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(metric || ' ' || to_char(day, 'YYYY-MM-DD') || ' ' || user_id), '{}')
  FROM analytics_day_users
  WHERE metric IN ('people.active', 'people.booker', 'people.signup') AND day = ANY (p_days)
$$;
--> statement-breakpoint
-- After the job refreshed the people rows of p_days (p_before: their keys before): links the rows of
-- those days, and every row of a user who joined or left one of them in any metric (a later row's
-- previous day, or a booker's sign-up month, may have been that row), then re-sums every day whose
-- rows or links changed. The cost is one day's users plus the changed users' histories.
CREATE FUNCTION analytics_link_people(p_days date[], p_before text[]) RETURNS void LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  after_keys text[] := analytics_people_keys(p_days);
  changed_users uuid[];
  relinked_days date[];
BEGIN
  changed_users := array(
    SELECT DISTINCT split_part(x.k, ' ', 3)::uuid
    FROM ((SELECT unnest(p_before) EXCEPT SELECT unnest(after_keys)) UNION ALL (SELECT unnest(after_keys) EXCEPT SELECT unnest(p_before))) AS x(k)
  );
  WITH target AS (
    SELECT metric, day, user_id FROM analytics_day_users WHERE metric IN ('people.active', 'people.booker') AND day = ANY (p_days)
    UNION
    SELECT metric, day, user_id FROM analytics_day_users WHERE metric IN ('people.active', 'people.booker') AND user_id = ANY (changed_users)
  ), linked AS (
    SELECT t.metric, t.day, t.user_id,
      (SELECT max(p.day) FROM analytics_day_users p WHERE p.metric = t.metric AND p.user_id = t.user_id AND p.day < t.day) AS prev_day,
      CASE WHEN t.metric = 'people.booker' THEN
        (SELECT date_trunc('month', min(s.day)::timestamp)::date FROM analytics_day_users s WHERE s.metric = 'people.signup' AND s.user_id = t.user_id)
      END AS cohort_month
    FROM target t
  ), changed AS (
    UPDATE analytics_day_users a SET prev_day = l.prev_day, cohort_month = l.cohort_month
    FROM linked l
    WHERE a.metric = l.metric AND a.day = l.day AND a.user_id = l.user_id
      AND (a.prev_day IS DISTINCT FROM l.prev_day OR a.cohort_month IS DISTINCT FROM l.cohort_month)
    RETURNING a.day
  )
  SELECT coalesce(array_agg(DISTINCT day), '{}') INTO relinked_days FROM changed;
  PERFORM analytics_count_day_users(array(SELECT DISTINCT u.d FROM unnest(p_days || relinked_days) AS u(d)));
END $$;
--> statement-breakpoint
-- Every row's links and every day's sums at once (the rebuild and this migration): one window over the rows.
CREATE FUNCTION analytics_link_all_people() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE analytics_day_users a SET prev_day = l.prev_day, cohort_month = l.cohort_month
  FROM (
    SELECT r.metric, r.day, r.user_id,
      lag(r.day) OVER (PARTITION BY r.metric, r.user_id ORDER BY r.day) AS prev_day,
      CASE WHEN r.metric = 'people.booker' THEN s.cohort_month END AS cohort_month
    FROM analytics_day_users r
    LEFT JOIN (
      SELECT user_id, date_trunc('month', min(day)::timestamp)::date AS cohort_month
      FROM analytics_day_users WHERE metric = 'people.signup' GROUP BY user_id
    ) s ON s.user_id = r.user_id
    WHERE r.metric IN ('people.active', 'people.booker')
  ) l
  WHERE a.metric = l.metric AND a.day = l.day AND a.user_id = l.user_id
    AND (a.prev_day IS DISTINCT FROM l.prev_day OR a.cohort_month IS DISTINCT FROM l.cohort_month);
  PERFORM analytics_count_day_users(array(SELECT DISTINCT day FROM analytics_day_users));
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_refresh_dirty() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  marks bigint[];
  people_days date[];
  people_before text[];
  r record;
  n integer := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('analytics_rollups'));
  SELECT array_agg(id) INTO marks FROM analytics_dirty_days;
  IF marks IS NULL THEN
    RETURN 0;
  END IF;
  people_days := array(SELECT DISTINCT day FROM analytics_dirty_days WHERE id = ANY (marks) AND area = 'people');
  people_before := analytics_people_keys(people_days);
  FOR r IN SELECT DISTINCT day, area FROM analytics_dirty_days WHERE id = ANY (marks) ORDER BY day, area LOOP
    PERFORM analytics_refresh_day(r.day, r.area);
    n := n + 1;
  END LOOP;
  IF cardinality(people_days) > 0 THEN
    PERFORM analytics_link_people(people_days, people_before);
  END IF;
  DELETE FROM analytics_dirty_days WHERE id = ANY (marks);
  RETURN n;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_rebuild() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  marks bigint[];
  first_day date;
  last_day date;
  d date;
  area text;
  n integer := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('analytics_rollups'));
  SELECT array_agg(id) INTO marks FROM analytics_dirty_days;
  DELETE FROM analytics_daily;
  DELETE FROM analytics_day_users;
  DELETE FROM analytics_durations;
  SELECT analytics_day_of(min(t)), analytics_day_of(max(t)) INTO first_day, last_day
  FROM (
    SELECT min(created_at) AS t FROM ledger_lines UNION ALL SELECT max(created_at) FROM ledger_lines
    UNION ALL SELECT min(created_at) FROM ute_bookings UNION ALL SELECT max(created_at) FROM ute_bookings
    UNION ALL SELECT min(created_at) FROM job_bookings UNION ALL SELECT max(created_at) FROM job_bookings
    UNION ALL SELECT min(created_at) FROM utes UNION ALL SELECT max(greatest(created_at, decided_at)) FROM utes
    UNION ALL SELECT min(created_at) FROM jobs UNION ALL SELECT max(greatest(created_at, decided_at)) FROM jobs
    UNION ALL SELECT min(created_at) FROM users UNION ALL SELECT max(created_at) FROM users
    UNION ALL SELECT min(occurred_at) FROM user_activities UNION ALL SELECT max(occurred_at) FROM user_activities
    UNION ALL SELECT min(created_at) FROM customer_queries UNION ALL SELECT max(created_at) FROM customer_queries
    UNION ALL SELECT max(created_at) FROM query_replies
  ) s;
  IF first_day IS NOT NULL THEN
    d := first_day;
    WHILE d <= last_day LOOP
      FOREACH area IN ARRAY ARRAY['money', 'bookings', 'supply', 'people', 'support', 'funnel'] LOOP
        PERFORM analytics_refresh_day(d, area);
      END LOOP;
      n := n + 1;
      d := d + 1;
    END LOOP;
  END IF;
  PERFORM analytics_link_all_people();
  IF marks IS NOT NULL THEN
    DELETE FROM analytics_dirty_days WHERE id = ANY (marks);
  END IF;
  RETURN n;
END $$;
--> statement-breakpoint
SELECT analytics_link_all_people();
