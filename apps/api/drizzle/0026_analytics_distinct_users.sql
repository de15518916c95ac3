-- Analytics: exact distinct users over any range read as a sum of daily rows (docs/design.md §10.3).
-- Counting distinct user ids over 90 days of `people.active` rows took 6 s at a million users. Each
-- row now carries the same user's previous day in its metric (`prev_day`): the users active in [a, b]
-- are exactly the rows in [a, b] whose `prev_day` is before a (or null), one row per user. The rows of a
-- day are then summed per `prev_day` into analytics_daily (`distinct.active`, `distinct.booker`, with
-- `dim` the previous day as YYYY-MM-DD, '' for none), so a distinct count over any range is a range sum
-- of at most (days × distinct previous days) small rows. A booker row also carries its user's sign-up
-- month (`cohort_month`), and the first booking of a user in a calendar month is summed per sign-up month
-- (`distinct.cohortBooker`, `dim` the sign-up month) for the cohort table. A day's rows are written
-- linked; the job relinks the histories of the users whose rows it added or removed.
ALTER TABLE "analytics_day_users" ADD COLUMN "prev_day" date;--> statement-breakpoint
ALTER TABLE "analytics_day_users" ADD COLUMN "cohort_month" date;
--> statement-breakpoint
-- A day's people rows are now written linked: 0024's function keeps every other area (its people branch
-- is no longer called), and the people area is recomputed here.
-- Custom plans for every call (the setting holds in 0024's function too, called from here): the rebuild
-- starts from empty rollup tables, and a plan cached while they were small (a sequential scan of
-- analytics_day_users for each user's previous day, of analytics_daily for a day's delete) read the whole
-- growing table on every later day. Measured at 1M users: over 7 minutes and rising, 168 s with this.
ALTER FUNCTION analytics_refresh_day(date, text) RENAME TO analytics_refresh_day_0024;
--> statement-breakpoint
CREATE FUNCTION analytics_refresh_day(p_day date, p_area text) RETURNS void LANGUAGE plpgsql
SET jit = off SET plan_cache_mode = force_custom_plan AS $$
DECLARE
  lo timestamptz := analytics_day_start(p_day);
  hi timestamptz := analytics_day_start(p_day + 1);
BEGIN
  IF p_area <> 'people' THEN
    PERFORM analytics_refresh_day_0024(p_day, p_area);
    RETURN;
  END IF;
  DELETE FROM analytics_daily WHERE metric LIKE 'people.%' AND day = p_day;
  DELETE FROM analytics_day_users WHERE metric LIKE 'people.%' AND day = p_day;
  INSERT INTO analytics_daily (day, metric, dim, value)
  SELECT p_day, 'people.new', '', count(*) FROM users WHERE deleted_at IS NULL AND created_at >= lo AND created_at < hi HAVING count(*) > 0;
  INSERT INTO analytics_day_users (day, metric, user_id)
  SELECT p_day, 'people.signup', id FROM users WHERE deleted_at IS NULL AND created_at >= lo AND created_at < hi;
  -- Each row with the same user's previous day in its metric (the rows of earlier days are up to date:
  -- the job and the rebuild refresh days in order) and, for a booker, the month a live user signed up in.
  INSERT INTO analytics_day_users (day, metric, user_id, prev_day, cohort_month)
  SELECT p_day, 'people.booker', b.user_id,
    (SELECT max(p.day) FROM analytics_day_users p WHERE p.metric = 'people.booker' AND p.user_id = b.user_id AND p.day < p_day),
    (SELECT date_trunc('month', analytics_day_of(u.created_at)::timestamp)::date FROM users u WHERE u.id = b.user_id AND u.deleted_at IS NULL)
  FROM (
    SELECT booked_by AS user_id FROM ute_bookings WHERE deleted_at IS NULL AND created_at >= lo AND created_at < hi
    UNION
    SELECT booked_by FROM job_bookings WHERE deleted_at IS NULL AND created_at >= lo AND created_at < hi
  ) b
  WHERE b.user_id IS NOT NULL;
  -- Active: any activity entry, booking made, ute listed or job posted that day.
  INSERT INTO analytics_day_users (day, metric, user_id, prev_day)
  SELECT p_day, 'people.active', a.user_id,
    (SELECT max(p.day) FROM analytics_day_users p WHERE p.metric = 'people.active' AND p.user_id = a.user_id AND p.day < p_day)
  FROM (
    SELECT user_id FROM user_activities WHERE occurred_at >= lo AND occurred_at < hi
    UNION
    SELECT booked_by FROM ute_bookings WHERE deleted_at IS NULL AND created_at >= lo AND created_at < hi
    UNION
    SELECT booked_by FROM job_bookings WHERE deleted_at IS NULL AND created_at >= lo AND created_at < hi
    UNION
    SELECT owner_id FROM utes WHERE deleted_at IS NULL AND created_at >= lo AND created_at < hi
    UNION
    SELECT posted_by FROM jobs WHERE deleted_at IS NULL AND created_at >= lo AND created_at < hi
  ) a
  WHERE a.user_id IS NOT NULL;
END $$;
--> statement-breakpoint
-- The summed rows of the given days (every day when p_days is null), from their rows and links. Two
-- statements each, not one with `p_days IS NULL OR …`: a cached generic plan of that would read every row.
CREATE FUNCTION analytics_count_day_users(p_days date[]) RETURNS void LANGUAGE plpgsql
SET jit = off SET plan_cache_mode = force_custom_plan AS $$
BEGIN
  IF p_days IS NULL THEN
    DELETE FROM analytics_daily WHERE metric IN ('distinct.active', 'distinct.booker', 'distinct.cohortBooker');
    INSERT INTO analytics_daily (day, metric, dim, value)
    SELECT day, CASE metric WHEN 'people.active' THEN 'distinct.active' ELSE 'distinct.booker' END,
      coalesce(to_char(prev_day, 'YYYY-MM-DD'), ''), count(*)
    FROM analytics_day_users
    WHERE metric IN ('people.active', 'people.booker')
    GROUP BY 1, 2, 3;
    -- A user's first booking in a calendar month, under the month they signed up in (live users only).
    INSERT INTO analytics_daily (day, metric, dim, value)
    SELECT day, 'distinct.cohortBooker', to_char(cohort_month, 'YYYY-MM-DD'), count(*)
    FROM analytics_day_users
    WHERE metric = 'people.booker' AND cohort_month IS NOT NULL
      AND (prev_day IS NULL OR prev_day < date_trunc('month', day::timestamp)::date)
    GROUP BY 1, 3;
    RETURN;
  END IF;
  DELETE FROM analytics_daily WHERE metric IN ('distinct.active', 'distinct.booker', 'distinct.cohortBooker') AND day = ANY (p_days);
  INSERT INTO analytics_daily (day, metric, dim, value)
  SELECT day, CASE metric WHEN 'people.active' THEN 'distinct.active' ELSE 'distinct.booker' END,
    coalesce(to_char(prev_day, 'YYYY-MM-DD'), ''), count(*)
  FROM analytics_day_users
  WHERE metric IN ('people.active', 'people.booker') AND day = ANY (p_days)
  GROUP BY 1, 2, 3;
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
-- After the job refreshed the people rows of p_days (written linked; p_before: their keys before):
-- relinks every row of a user who joined or left one of those days in any metric (a later row's
-- previous day, or a booker's sign-up month, may have been that row), then re-sums those days and every
-- day whose links changed. The cost is the changed users' histories, not the days' other users.
CREATE FUNCTION analytics_link_people(p_days date[], p_before text[]) RETURNS void LANGUAGE plpgsql
SET jit = off SET plan_cache_mode = force_custom_plan AS $$
DECLARE
  after_keys text[] := analytics_people_keys(p_days);
  changed_users uuid[];
  relinked_days date[];
BEGIN
  changed_users := array(
    SELECT DISTINCT split_part(x.k, ' ', 3)::uuid
    FROM ((SELECT unnest(p_before) EXCEPT SELECT unnest(after_keys)) UNION ALL (SELECT unnest(after_keys) EXCEPT SELECT unnest(p_before))) AS x(k)
  );
  WITH linked AS (
    SELECT t.metric, t.day, t.user_id,
      lag(t.day) OVER (PARTITION BY t.metric, t.user_id ORDER BY t.day) AS prev_day,
      CASE WHEN t.metric = 'people.booker' THEN
        (SELECT date_trunc('month', analytics_day_of(u.created_at)::timestamp)::date FROM users u WHERE u.id = t.user_id AND u.deleted_at IS NULL)
      END AS cohort_month
    FROM analytics_day_users t
    WHERE t.metric IN ('people.active', 'people.booker') AND t.user_id = ANY (changed_users)
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
-- The rebuild: 0024's (it refreshes every day in order, through analytics_refresh_day above), then every
-- day's distinct sums at once, in the same transaction and under the same lock.
ALTER FUNCTION analytics_rebuild() RENAME TO analytics_rebuild_0024;
--> statement-breakpoint
CREATE FUNCTION analytics_rebuild() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  n integer := analytics_rebuild_0024();
BEGIN
  PERFORM analytics_count_day_users(NULL);
  RETURN n;
END $$;
--> statement-breakpoint
-- The rows written before this migration, linked once (one window over them), and every day summed.
UPDATE analytics_day_users a SET prev_day = l.prev_day, cohort_month = l.cohort_month
FROM (
  SELECT r.metric, r.day, r.user_id,
    lag(r.day) OVER (PARTITION BY r.metric, r.user_id ORDER BY r.day) AS prev_day,
    CASE WHEN r.metric = 'people.booker' THEN date_trunc('month', analytics_day_of(u.created_at)::timestamp)::date END AS cohort_month
  FROM analytics_day_users r
  LEFT JOIN users u ON u.id = r.user_id AND u.deleted_at IS NULL
  WHERE r.metric IN ('people.active', 'people.booker')
) l
WHERE a.metric = l.metric AND a.day = l.day AND a.user_id = l.user_id;
--> statement-breakpoint
SELECT analytics_count_day_users(NULL);
