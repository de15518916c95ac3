-- Issue 28: Marketplace analytics (docs/design.md §10). Daily rollups keyed by Sydney calendar day, kept
-- by the job `analytics-refresh` from the days statement triggers mark dirty in the writer's transaction,
-- and rebuilt whole by `npm run analytics:rebuild`; both recompute a day with analytics_refresh_day.
CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"dim" text DEFAULT '' NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "analytics_daily_metric_day_dim_pk" PRIMARY KEY("metric","day","dim")
);
--> statement-breakpoint
CREATE TABLE "analytics_day_users" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "analytics_day_users_metric_day_user_id_pk" PRIMARY KEY("metric","day","user_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_dirty_days" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"area" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_durations" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"seconds" bigint NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "analytics_durations_metric_day_seconds_pk" PRIMARY KEY("metric","day","seconds")
);
--> statement-breakpoint
-- decided_at and its indexes are not in the Drizzle tables (utes.table.ts says why).
ALTER TABLE "utes" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "analytics_day_users_user_idx" ON "analytics_day_users" USING btree ("metric","user_id","day");--> statement-breakpoint
CREATE INDEX "analytics_dirty_days_day_idx" ON "analytics_dirty_days" USING btree ("day","area");--> statement-breakpoint
CREATE INDEX "utes_decided_idx" ON "utes" USING btree ("decided_at") WHERE "utes"."deleted_at" is null and "utes"."decided_at" is not null;--> statement-breakpoint
CREATE INDEX "jobs_decided_idx" ON "jobs" USING btree ("decided_at") WHERE "jobs"."deleted_at" is null and "jobs"."decided_at" is not null;
--> statement-breakpoint
-- A day's refresh reads that day's rows of each source: by the time they were written, and a ute's
-- bookings by the ute (the funnel). Without these, each day of the rebuild read whole tables (the
-- bench's 4M activity rows, 1.36M ledger lines, 1M bookings, for each of ~1,250 days). Kept in SQL,
-- as decided_at is (db/tables/utes.table.ts says why).
CREATE INDEX "user_activities_occurred_idx" ON "user_activities" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "query_replies_created_idx" ON "query_replies" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ledger_lines_created_idx" ON "ledger_lines" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ute_bookings_created_idx" ON "ute_bookings" USING btree ("created_at") WHERE "ute_bookings"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "job_bookings_created_idx" ON "job_bookings" USING btree ("created_at") WHERE "job_bookings"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "ute_bookings_ute_idx" ON "ute_bookings" USING btree ("ute_ref") WHERE "ute_bookings"."deleted_at" is null;
--> statement-breakpoint
-- A refresh first deletes the day's rollup rows of its area: by day (the primary keys lead with the metric).
CREATE INDEX "analytics_daily_day_idx" ON "analytics_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "analytics_day_users_day_idx" ON "analytics_day_users" USING btree ("day");--> statement-breakpoint
CREATE INDEX "analytics_durations_day_idx" ON "analytics_durations" USING btree ("day");
--> statement-breakpoint
-- The Sydney calendar day of an instant, and the instant a Sydney day starts.
CREATE FUNCTION analytics_day_of(ts timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT (ts AT TIME ZONE 'Australia/Sydney')::date
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_day_start(d date) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT d::timestamp AT TIME ZONE 'Australia/Sydney'
$$;
--> statement-breakpoint
-- When a listing was decided: every writer (this api, the customer app, imports) moves the status, so the
-- database keeps decided_at. Inserted already decided: its creation time (unless given). A status moved to
-- Approved or Rejected: now (unless the same statement sets decided_at). Pending: null.
CREATE FUNCTION listings_decided_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status NOT IN ('Approved', 'Rejected') THEN
    NEW.decided_at := NULL;
  ELSIF TG_OP = 'INSERT' THEN
    NEW.decided_at := coalesce(NEW.decided_at, NEW.created_at);
  ELSIF OLD.status IS DISTINCT FROM NEW.status AND NEW.decided_at IS NOT DISTINCT FROM OLD.decided_at THEN
    NEW.decided_at := now();
  ELSIF NEW.decided_at IS NULL THEN
    NEW.decided_at := coalesce(OLD.decided_at, now());
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Backfill: the decision's audit entry (the last status change to the current status), else the creation.
UPDATE utes u SET decided_at = coalesce(
  (SELECT max(a.created_at) FROM audit_log a WHERE a.target_type = 'ute' AND a.target_id = u.id::text AND a.action = 'ute.status' AND a.after->>'status' = u.status),
  u.created_at)
WHERE u.status IN ('Approved', 'Rejected');
--> statement-breakpoint
UPDATE jobs j SET decided_at = coalesce(
  (SELECT max(a.created_at) FROM audit_log a WHERE a.target_type = 'job' AND a.target_id = j.id::text AND a.action = 'job.status' AND a.after->>'status' = j.status),
  j.created_at)
WHERE j.status IN ('Approved', 'Rejected');
--> statement-breakpoint
CREATE TRIGGER utes_decided_at BEFORE INSERT OR UPDATE ON utes FOR EACH ROW EXECUTE FUNCTION listings_decided_at();
--> statement-breakpoint
CREATE TRIGGER jobs_decided_at BEFORE INSERT OR UPDATE ON jobs FOR EACH ROW EXECUTE FUNCTION listings_decided_at();
--> statement-breakpoint
-- Recomputes one Sydney day's rollup rows of one area from the base tables: the job and the rebuild
-- both run this, so the incremental state and a rebuild agree row for row. Only live rows count
-- (deleted_at is null), in their current state. A day with nothing to count gets no rows.
-- JIT off: each statement reads one day's rows, and compiling them cost more than running them (14 ms).
CREATE FUNCTION analytics_refresh_day(p_day date, p_area text) RETURNS void LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  lo timestamptz := analytics_day_start(p_day);
  hi timestamptz := analytics_day_start(p_day + 1);
BEGIN
  DELETE FROM analytics_daily WHERE metric LIKE p_area || '.%' AND day = p_day;
  DELETE FROM analytics_day_users WHERE metric LIKE p_area || '.%' AND day = p_day;
  DELETE FROM analytics_durations WHERE metric LIKE p_area || '.%' AND day = p_day;

  IF p_area = 'money' THEN
    -- The ledger's lines of the day (docs/design.md §10 maps each number to its accounts and journals).
    INSERT INTO analytics_daily (day, metric, dim, value)
    SELECT p_day, m.metric, '', m.value
    FROM (
      SELECT
        sum(l.amount_cents) FILTER (WHERE l.account = 'customer_funds' AND j.kind IN ('booking.payable', 'booking.withdrawn')) AS gross,
        -sum(l.amount_cents) FILTER (WHERE l.account IN ('fee_revenue', 'gst_payable')) AS fees,
        -sum(l.amount_cents) FILTER (WHERE l.account = 'gst_payable') AS fee_gst,
        -sum(l.amount_cents) FILTER (WHERE l.account = 'platform_cash' AND j.kind = 'refund.issued') AS refunds,
        -sum(l.amount_cents) FILTER (WHERE l.account = 'owner_paid_out') AS payouts_paid,
        -sum(l.amount_cents) FILTER (WHERE l.account IN ('owner_payable', 'adjustments')) AS owed_delta
      FROM ledger_lines l JOIN ledger_journals j ON j.id = l.journal_id
      WHERE l.created_at >= lo AND l.created_at < hi
    ) s
    CROSS JOIN LATERAL (VALUES ('money.gross', s.gross), ('money.fees', s.fees), ('money.feeGst', s.fee_gst),
      ('money.refunds', s.refunds), ('money.payoutsPaid', s.payouts_paid), ('money.owedDelta', s.owed_delta)) m(metric, value)
    WHERE m.value IS NOT NULL;

  ELSIF p_area = 'bookings' THEN
    INSERT INTO analytics_daily (day, metric, dim, value)
    SELECT p_day, 'bookings.' || b.kind, b.status, count(*)
    FROM (
      SELECT 'ute' AS kind, status FROM ute_bookings WHERE deleted_at IS NULL AND created_at >= lo AND created_at < hi
      UNION ALL
      SELECT 'job', status FROM job_bookings WHERE deleted_at IS NULL AND created_at >= lo AND created_at < hi
    ) b
    GROUP BY b.kind, b.status;
    INSERT INTO analytics_daily (day, metric, dim, value)
    SELECT p_day, 'bookings.gross', '', sum(b.cents)
    FROM (
      SELECT round(amount * 100)::bigint AS cents FROM ute_bookings WHERE deleted_at IS NULL AND created_at >= lo AND created_at < hi
      UNION ALL
      SELECT round(amount * 100)::bigint FROM job_bookings WHERE deleted_at IS NULL AND created_at >= lo AND created_at < hi
    ) b
    HAVING count(*) > 0;

  ELSIF p_area = 'supply' THEN
    INSERT INTO analytics_daily (day, metric, dim, value)
    SELECT p_day, 'supply.new', n.kind, count(*)
    FROM (
      SELECT 'utes' AS kind FROM utes WHERE deleted_at IS NULL AND created_at >= lo AND created_at < hi
      UNION ALL
      SELECT 'jobs' FROM jobs WHERE deleted_at IS NULL AND created_at >= lo AND created_at < hi
    ) n
    GROUP BY n.kind;
    -- Decisions made this day, both kinds: by outcome, rejections by reason, and their durations.
    INSERT INTO analytics_daily (day, metric, dim, value)
    SELECT p_day, 'supply.decided', lower(d.status), count(*)
    FROM (
      SELECT status FROM utes WHERE deleted_at IS NULL AND decided_at >= lo AND decided_at < hi
      UNION ALL
      SELECT status FROM jobs WHERE deleted_at IS NULL AND decided_at >= lo AND decided_at < hi
    ) d
    GROUP BY d.status;
    INSERT INTO analytics_daily (day, metric, dim, value)
    SELECT p_day, 'supply.rejectionReason', coalesce(d.reason, 'unspecified'), count(*)
    FROM (
      SELECT rejection_reason AS reason FROM utes WHERE deleted_at IS NULL AND decided_at >= lo AND decided_at < hi AND status = 'Rejected'
      UNION ALL
      SELECT rejection_reason FROM jobs WHERE deleted_at IS NULL AND decided_at >= lo AND decided_at < hi AND status = 'Rejected'
    ) d
    GROUP BY 3;
    INSERT INTO analytics_durations (day, metric, seconds, count)
    SELECT p_day, 'supply.moderation', d.seconds, count(*)
    FROM (
      SELECT greatest(0, floor(extract(epoch FROM decided_at - created_at)))::bigint AS seconds FROM utes
      WHERE deleted_at IS NULL AND decided_at >= lo AND decided_at < hi
      UNION ALL
      SELECT greatest(0, floor(extract(epoch FROM decided_at - created_at)))::bigint FROM jobs
      WHERE deleted_at IS NULL AND decided_at >= lo AND decided_at < hi
    ) d
    GROUP BY d.seconds;
    -- The backlog at the end of a day is the sum of these up to it: +1 the day a listing is created, −1 the day it is decided.
    INSERT INTO analytics_daily (day, metric, dim, value)
    SELECT p_day, 'supply.pendingDelta', e.kind, sum(e.delta)
    FROM (
      SELECT 'utes' AS kind, 1 AS delta FROM utes WHERE deleted_at IS NULL AND created_at >= lo AND created_at < hi
      UNION ALL
      SELECT 'utes', -1 FROM utes WHERE deleted_at IS NULL AND decided_at >= lo AND decided_at < hi
      UNION ALL
      SELECT 'jobs', 1 FROM jobs WHERE deleted_at IS NULL AND created_at >= lo AND created_at < hi
      UNION ALL
      SELECT 'jobs', -1 FROM jobs WHERE deleted_at IS NULL AND decided_at >= lo AND decided_at < hi
    ) e
    GROUP BY e.kind;
    -- The oldest pending listing's creation (epoch seconds; -1: none) at the end of each day a listing
    -- was created or decided; on other days it is the last such day's (the reader carries it forward).
    INSERT INTO analytics_daily (day, metric, dim, value)
    -- Each kind's oldest from its list index, oldest first, stopping at the first one still pending at the
    -- day's end (a min() over the filter read every listing made before it: 350 ms a day at 1.25M listings).
    SELECT p_day, 'supply.oldestPending', '', coalesce(floor(extract(epoch FROM least(
      (SELECT created_at FROM utes WHERE deleted_at IS NULL AND created_at < hi AND (decided_at IS NULL OR decided_at >= hi)
       ORDER BY created_at ASC NULLS FIRST, id ASC NULLS FIRST LIMIT 1),
      (SELECT created_at FROM jobs WHERE deleted_at IS NULL AND created_at < hi AND (decided_at IS NULL OR decided_at >= hi)
       ORDER BY created_at ASC NULLS FIRST, id ASC NULLS FIRST LIMIT 1)
    )))::bigint, -1)
    WHERE EXISTS (
      SELECT 1 FROM utes WHERE deleted_at IS NULL AND ((created_at >= lo AND created_at < hi) OR (decided_at >= lo AND decided_at < hi))
      UNION ALL
      SELECT 1 FROM jobs WHERE deleted_at IS NULL AND ((created_at >= lo AND created_at < hi) OR (decided_at >= lo AND decided_at < hi))
    );

  ELSIF p_area = 'people' THEN
    INSERT INTO analytics_daily (day, metric, dim, value)
    SELECT p_day, 'people.new', '', count(*) FROM users WHERE deleted_at IS NULL AND created_at >= lo AND created_at < hi HAVING count(*) > 0;
    INSERT INTO analytics_day_users (day, metric, user_id)
    SELECT p_day, 'people.signup', id FROM users WHERE deleted_at IS NULL AND created_at >= lo AND created_at < hi;
    INSERT INTO analytics_day_users (day, metric, user_id)
    SELECT p_day, 'people.booker', b.user_id
    FROM (
      SELECT booked_by AS user_id FROM ute_bookings WHERE deleted_at IS NULL AND created_at >= lo AND created_at < hi
      UNION
      SELECT booked_by FROM job_bookings WHERE deleted_at IS NULL AND created_at >= lo AND created_at < hi
    ) b
    WHERE b.user_id IS NOT NULL;
    -- Active: any activity entry, booking made, ute listed or job posted that day.
    INSERT INTO analytics_day_users (day, metric, user_id)
    SELECT p_day, 'people.active', a.user_id
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

  ELSIF p_area = 'support' THEN
    INSERT INTO analytics_daily (day, metric, dim, value)
    SELECT p_day, 'support.received', '', count(*) FROM customer_queries WHERE deleted_at IS NULL AND created_at >= lo AND created_at < hi HAVING count(*) > 0;
    -- Live queries whose first reply was this day.
    WITH firsts AS (
      SELECT greatest(0, floor(extract(epoch FROM min(r.created_at) - q.created_at)))::bigint AS seconds
      FROM query_replies r JOIN customer_queries q ON q.id = r.query_id AND q.deleted_at IS NULL
      WHERE r.query_id IN (SELECT query_id FROM query_replies WHERE created_at >= lo AND created_at < hi)
      GROUP BY q.id, q.created_at
      HAVING min(r.created_at) >= lo AND min(r.created_at) < hi
    )
    INSERT INTO analytics_durations (day, metric, seconds, count)
    SELECT p_day, 'support.firstReply', seconds, count(*) FROM firsts GROUP BY seconds;
    INSERT INTO analytics_daily (day, metric, dim, value)
    SELECT p_day, 'support.answered', '', sum(count) FROM analytics_durations WHERE metric = 'support.firstReply' AND day = p_day HAVING count(*) > 0;

  ELSIF p_area = 'funnel' THEN
    -- The utes listed this day and how far each has got since.
    INSERT INTO analytics_daily (day, metric, dim, value)
    SELECT p_day, 'funnel.' || v.step, '', v.count
    FROM (
      SELECT
        count(*) AS listed,
        count(*) FILTER (WHERE u.status = 'Approved') AS approved,
        count(*) FILTER (WHERE b.booked) AS booked,
        count(*) FILTER (WHERE b.delivered) AS delivered,
        count(*) FILTER (WHERE b.paid_out) AS paid_out
      FROM utes u
      LEFT JOIN (
        SELECT ute_ref, true AS booked, bool_or(status IN ('delivered', 'completed')) AS delivered, bool_or(transfer_state = 'transferred') AS paid_out
        FROM ute_bookings
        WHERE deleted_at IS NULL AND ute_ref IN (SELECT id FROM utes WHERE deleted_at IS NULL AND created_at >= lo AND created_at < hi)
        GROUP BY ute_ref
      ) b ON b.ute_ref = u.id
      WHERE u.deleted_at IS NULL AND u.created_at >= lo AND u.created_at < hi
      HAVING count(*) > 0
    ) s
    CROSS JOIN LATERAL (VALUES ('listed', s.listed), ('approved', s.approved), ('booked', s.booked), ('delivered', s.delivered), ('paidOut', s.paid_out)) v(step, count);
  ELSE
    RAISE EXCEPTION 'unknown analytics area %', p_area;
  END IF;
END $$;
--> statement-breakpoint
-- The job: recomputes every day marked dirty, then deletes exactly the marks it read (a mark written
-- meanwhile, by a transaction this one cannot see yet, stays for the next run). One run at a time.
CREATE FUNCTION analytics_refresh_dirty() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  marks bigint[];
  r record;
  n integer := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('analytics_rollups'));
  SELECT array_agg(id) INTO marks FROM analytics_dirty_days;
  IF marks IS NULL THEN
    RETURN 0;
  END IF;
  FOR r IN SELECT DISTINCT day, area FROM analytics_dirty_days WHERE id = ANY (marks) ORDER BY day, area LOOP
    PERFORM analytics_refresh_day(r.day, r.area);
    n := n + 1;
  END LOOP;
  DELETE FROM analytics_dirty_days WHERE id = ANY (marks);
  RETURN n;
END $$;
--> statement-breakpoint
-- The rebuild: every rollup row again, from the first day any source row names to the last.
CREATE FUNCTION analytics_rebuild() RETURNS integer LANGUAGE plpgsql AS $$
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
  IF marks IS NOT NULL THEN
    DELETE FROM analytics_dirty_days WHERE id = ANY (marks);
  END IF;
  RETURN n;
END $$;
--> statement-breakpoint
-- Dirty-day marks: statement triggers that only write which (day, area) pairs a change touched.
-- A listing marks supply on every day from its creation to its decision (or today, while pending): the
-- oldest pending listing of each of those days may change with it. A statement marks the one span from
-- the earliest of its rows' days to the latest (a superset of the rows' spans, computed in one pass, so a
-- bulk insert of listings pending for months writes each day once, not once per listing).
CREATE FUNCTION analytics_mark_listings(p_created timestamptz[], p_decided timestamptz[], p_is_ute boolean) RETURNS void LANGUAGE sql AS $$
  WITH rows AS (
    SELECT analytics_day_of(c) AS created_day, analytics_day_of(coalesce(d, now())) AS end_day
    FROM unnest(p_created, p_decided) AS r(c, d)
  ), span AS (
    SELECT min(least(created_day, end_day)) AS first_day, max(greatest(created_day, end_day)) AS last_day FROM rows
  )
  INSERT INTO analytics_dirty_days (day, area)
  SELECT g::date, 'supply' FROM span, generate_series(span.first_day, span.last_day, interval '1 day') g WHERE span.first_day IS NOT NULL
  UNION ALL
  SELECT DISTINCT created_day, 'people' FROM rows
  UNION ALL
  SELECT DISTINCT created_day, 'funnel' FROM rows WHERE p_is_ute
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_dirty_listings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  is_ute boolean := TG_TABLE_NAME = 'utes';
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_mark_listings(array(SELECT created_at FROM new_rows), array(SELECT decided_at FROM new_rows), is_ute);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM analytics_mark_listings(array(SELECT created_at FROM old_rows), array(SELECT decided_at FROM old_rows), is_ute);
  ELSE
    -- Only rows whose counted columns changed, with their old and their new days.
    PERFORM analytics_mark_listings(c.created, c.decided, is_ute)
    FROM (
      SELECT array_agg(x.created_at) AS created, array_agg(x.decided_at) AS decided
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.created_at, o.decided_at), (n.created_at, n.decided_at)) x(created_at, decided_at)
      WHERE (o.status, o.decided_at, o.deleted_at, o.created_at, o.rejection_reason, to_jsonb(o) ->> CASE WHEN is_ute THEN 'owner_id' ELSE 'posted_by' END)
        IS DISTINCT FROM (n.status, n.decided_at, n.deleted_at, n.created_at, n.rejection_reason, to_jsonb(n) ->> CASE WHEN is_ute THEN 'owner_id' ELSE 'posted_by' END)
    ) c
    WHERE c.created IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER utes_analytics_insert AFTER INSERT ON utes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_dirty_listings();
--> statement-breakpoint
CREATE TRIGGER utes_analytics_update AFTER UPDATE ON utes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_dirty_listings();
--> statement-breakpoint
CREATE TRIGGER utes_analytics_delete AFTER DELETE ON utes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_dirty_listings();
--> statement-breakpoint
CREATE TRIGGER jobs_analytics_insert AFTER INSERT ON jobs REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_dirty_listings();
--> statement-breakpoint
CREATE TRIGGER jobs_analytics_update AFTER UPDATE ON jobs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_dirty_listings();
--> statement-breakpoint
CREATE TRIGGER jobs_analytics_delete AFTER DELETE ON jobs REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_dirty_listings();
--> statement-breakpoint
-- A booking: its creation day (bookings, people) and, for a ute booking, its ute's listing day (funnel).
CREATE FUNCTION analytics_booking_marks(p_created timestamptz, p_ute uuid) RETURNS TABLE (day date, area text) LANGUAGE sql STABLE AS $$
  SELECT analytics_day_of(p_created), 'bookings'
  UNION ALL SELECT analytics_day_of(p_created), 'people'
  UNION ALL SELECT analytics_day_of(u.created_at), 'funnel' FROM utes u WHERE u.id = p_ute
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_dirty_bookings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  is_ute boolean := TG_TABLE_NAME = 'ute_bookings';
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO analytics_dirty_days (day, area)
    SELECT DISTINCT m.day, m.area FROM new_rows r
    CROSS JOIN LATERAL analytics_booking_marks(r.created_at, CASE WHEN is_ute THEN (to_jsonb(r) ->> 'ute_ref')::uuid END) m;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO analytics_dirty_days (day, area)
    SELECT DISTINCT m.day, m.area FROM old_rows r
    CROSS JOIN LATERAL analytics_booking_marks(r.created_at, CASE WHEN is_ute THEN (to_jsonb(r) ->> 'ute_ref')::uuid END) m;
  ELSE
    INSERT INTO analytics_dirty_days (day, area)
    SELECT DISTINCT m.day, m.area
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (
      SELECT * FROM analytics_booking_marks(o.created_at, CASE WHEN is_ute THEN (to_jsonb(o) ->> 'ute_ref')::uuid END)
      UNION ALL
      SELECT * FROM analytics_booking_marks(n.created_at, CASE WHEN is_ute THEN (to_jsonb(n) ->> 'ute_ref')::uuid END)
    ) m
    WHERE (o.status, o.deleted_at, o.created_at, o.amount, o.booked_by, o.transfer_state, to_jsonb(o) ->> 'ute_ref')
      IS DISTINCT FROM (n.status, n.deleted_at, n.created_at, n.amount, n.booked_by, n.transfer_state, to_jsonb(n) ->> 'ute_ref');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ute_bookings_analytics_insert AFTER INSERT ON ute_bookings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_dirty_bookings();
--> statement-breakpoint
CREATE TRIGGER ute_bookings_analytics_update AFTER UPDATE ON ute_bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_dirty_bookings();
--> statement-breakpoint
CREATE TRIGGER ute_bookings_analytics_delete AFTER DELETE ON ute_bookings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_dirty_bookings();
--> statement-breakpoint
CREATE TRIGGER job_bookings_analytics_insert AFTER INSERT ON job_bookings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_dirty_bookings();
--> statement-breakpoint
CREATE TRIGGER job_bookings_analytics_update AFTER UPDATE ON job_bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_dirty_bookings();
--> statement-breakpoint
CREATE TRIGGER job_bookings_analytics_delete AFTER DELETE ON job_bookings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_dirty_bookings();
--> statement-breakpoint
-- Users (sign-ups) and their activity entries: people.
CREATE FUNCTION analytics_dirty_people() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  at_column text := CASE WHEN TG_TABLE_NAME = 'user_activities' THEN 'occurred_at' ELSE 'created_at' END;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO analytics_dirty_days (day, area) SELECT DISTINCT analytics_day_of((to_jsonb(r) ->> at_column)::timestamptz), 'people' FROM new_rows r;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO analytics_dirty_days (day, area) SELECT DISTINCT analytics_day_of((to_jsonb(r) ->> at_column)::timestamptz), 'people' FROM old_rows r;
  ELSE
    INSERT INTO analytics_dirty_days (day, area)
    SELECT DISTINCT analytics_day_of((x.j ->> at_column)::timestamptz), 'people'
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (to_jsonb(o)), (to_jsonb(n))) x(j)
    WHERE (to_jsonb(o) ->> at_column, to_jsonb(o) ->> 'deleted_at', to_jsonb(o) ->> 'user_id')
      IS DISTINCT FROM (to_jsonb(n) ->> at_column, to_jsonb(n) ->> 'deleted_at', to_jsonb(n) ->> 'user_id');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_analytics_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_dirty_people();
--> statement-breakpoint
CREATE TRIGGER users_analytics_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_dirty_people();
--> statement-breakpoint
CREATE TRIGGER users_analytics_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_dirty_people();
--> statement-breakpoint
CREATE TRIGGER user_activities_analytics_insert AFTER INSERT ON user_activities REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_dirty_people();
--> statement-breakpoint
CREATE TRIGGER user_activities_analytics_update AFTER UPDATE ON user_activities REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_dirty_people();
--> statement-breakpoint
CREATE TRIGGER user_activities_analytics_delete AFTER DELETE ON user_activities REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_dirty_people();
--> statement-breakpoint
-- Queries and replies: the query's day (received) and its first reply's day (answered, first reply time).
CREATE FUNCTION analytics_query_marks(p_query uuid, p_at timestamptz) RETURNS TABLE (day date, area text) LANGUAGE sql STABLE AS $$
  SELECT analytics_day_of(p_at), 'support'
  UNION ALL SELECT analytics_day_of(min(r.created_at)), 'support' FROM query_replies r WHERE r.query_id = p_query HAVING count(*) > 0
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_dirty_support() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  query_column text := CASE WHEN TG_TABLE_NAME = 'query_replies' THEN 'query_id' ELSE 'id' END;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO analytics_dirty_days (day, area)
    SELECT DISTINCT m.day, m.area FROM new_rows r CROSS JOIN LATERAL analytics_query_marks((to_jsonb(r) ->> query_column)::uuid, r.created_at) m;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO analytics_dirty_days (day, area)
    SELECT DISTINCT m.day, m.area FROM old_rows r CROSS JOIN LATERAL analytics_query_marks((to_jsonb(r) ->> query_column)::uuid, r.created_at) m;
  ELSE
    INSERT INTO analytics_dirty_days (day, area)
    SELECT DISTINCT m.day, m.area
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (
      SELECT * FROM analytics_query_marks((to_jsonb(o) ->> query_column)::uuid, o.created_at)
      UNION ALL
      SELECT * FROM analytics_query_marks((to_jsonb(n) ->> query_column)::uuid, n.created_at)
    ) m
    WHERE (o.created_at, to_jsonb(o) ->> 'deleted_at', to_jsonb(o) ->> query_column)
      IS DISTINCT FROM (n.created_at, to_jsonb(n) ->> 'deleted_at', to_jsonb(n) ->> query_column);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customer_queries_analytics_insert AFTER INSERT ON customer_queries REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_dirty_support();
--> statement-breakpoint
CREATE TRIGGER customer_queries_analytics_update AFTER UPDATE ON customer_queries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_dirty_support();
--> statement-breakpoint
CREATE TRIGGER customer_queries_analytics_delete AFTER DELETE ON customer_queries REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_dirty_support();
--> statement-breakpoint
CREATE TRIGGER query_replies_analytics_insert AFTER INSERT ON query_replies REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_dirty_support();
--> statement-breakpoint
CREATE TRIGGER query_replies_analytics_update AFTER UPDATE ON query_replies REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_dirty_support();
--> statement-breakpoint
CREATE TRIGGER query_replies_analytics_delete AFTER DELETE ON query_replies REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_dirty_support();
--> statement-breakpoint
-- Ledger lines are only ever inserted (migration 0013 refuses the rest): money.
CREATE FUNCTION analytics_dirty_money() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_dirty_days (day, area) SELECT DISTINCT analytics_day_of(r.created_at), 'money' FROM new_rows r;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_lines_analytics_insert AFTER INSERT ON ledger_lines REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_dirty_money();
--> statement-breakpoint
SELECT analytics_rebuild();
