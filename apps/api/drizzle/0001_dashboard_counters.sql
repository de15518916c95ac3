CREATE TABLE "stat_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- users: total, active and inactive among the not deleted; the other tables: not deleted.
CREATE FUNCTION stat_counters_apply(counter text, delta bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO stat_counters (name, value) VALUES (counter, delta)
  ON CONFLICT (name) DO UPDATE SET value = stat_counters.value + EXCLUDED.value
$$;
--> statement-breakpoint
CREATE FUNCTION stat_counters_users() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d_total bigint := 0; d_active bigint := 0; d_inactive bigint := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT d_total + count(*) FILTER (WHERE deleted_at IS NULL),
           d_active + count(*) FILTER (WHERE deleted_at IS NULL AND is_active),
           d_inactive + count(*) FILTER (WHERE deleted_at IS NULL AND NOT is_active)
      INTO d_total, d_active, d_inactive FROM new_rows;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT d_total - count(*) FILTER (WHERE deleted_at IS NULL),
           d_active - count(*) FILTER (WHERE deleted_at IS NULL AND is_active),
           d_inactive - count(*) FILTER (WHERE deleted_at IS NULL AND NOT is_active)
      INTO d_total, d_active, d_inactive FROM old_rows;
  END IF;
  IF d_total <> 0 THEN PERFORM stat_counters_apply('users', d_total); END IF;
  IF d_active <> 0 THEN PERFORM stat_counters_apply('users_active', d_active); END IF;
  IF d_inactive <> 0 THEN PERFORM stat_counters_apply('users_inactive', d_inactive); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- One function for the tables counted by "not deleted"; the counter name is the trigger argument.
CREATE FUNCTION stat_counters_live_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT delta + count(*) INTO delta FROM new_rows WHERE deleted_at IS NULL;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT delta - count(*) INTO delta FROM old_rows WHERE deleted_at IS NULL;
  END IF;
  IF delta <> 0 THEN PERFORM stat_counters_apply(TG_ARGV[0], delta); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_counters_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_users();
--> statement-breakpoint
CREATE TRIGGER users_counters_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_users();
--> statement-breakpoint
CREATE TRIGGER users_counters_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_users();
--> statement-breakpoint
CREATE TRIGGER utes_counters_insert AFTER INSERT ON utes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_live_rows('utes');
--> statement-breakpoint
CREATE TRIGGER utes_counters_update AFTER UPDATE ON utes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_live_rows('utes');
--> statement-breakpoint
CREATE TRIGGER utes_counters_delete AFTER DELETE ON utes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_live_rows('utes');
--> statement-breakpoint
CREATE TRIGGER jobs_counters_insert AFTER INSERT ON jobs REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_live_rows('jobs');
--> statement-breakpoint
CREATE TRIGGER jobs_counters_update AFTER UPDATE ON jobs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_live_rows('jobs');
--> statement-breakpoint
CREATE TRIGGER jobs_counters_delete AFTER DELETE ON jobs REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_live_rows('jobs');
--> statement-breakpoint
CREATE TRIGGER ute_bookings_counters_insert AFTER INSERT ON ute_bookings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_live_rows('ute_bookings');
--> statement-breakpoint
CREATE TRIGGER ute_bookings_counters_update AFTER UPDATE ON ute_bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_live_rows('ute_bookings');
--> statement-breakpoint
CREATE TRIGGER ute_bookings_counters_delete AFTER DELETE ON ute_bookings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_live_rows('ute_bookings');
--> statement-breakpoint
CREATE TRIGGER job_bookings_counters_insert AFTER INSERT ON job_bookings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_live_rows('job_bookings');
--> statement-breakpoint
CREATE TRIGGER job_bookings_counters_update AFTER UPDATE ON job_bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_live_rows('job_bookings');
--> statement-breakpoint
CREATE TRIGGER job_bookings_counters_delete AFTER DELETE ON job_bookings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_live_rows('job_bookings');
--> statement-breakpoint
-- Start from the rows already there (the lock keeps writers out while this runs in the migration).
LOCK TABLE users, utes, jobs, ute_bookings, job_bookings IN SHARE MODE;
--> statement-breakpoint
INSERT INTO stat_counters (name, value) VALUES
  ('users', (SELECT count(*) FROM users WHERE deleted_at IS NULL)),
  ('users_active', (SELECT count(*) FROM users WHERE deleted_at IS NULL AND is_active)),
  ('users_inactive', (SELECT count(*) FROM users WHERE deleted_at IS NULL AND NOT is_active)),
  ('utes', (SELECT count(*) FROM utes WHERE deleted_at IS NULL)),
  ('jobs', (SELECT count(*) FROM jobs WHERE deleted_at IS NULL)),
  ('ute_bookings', (SELECT count(*) FROM ute_bookings WHERE deleted_at IS NULL)),
  ('job_bookings', (SELECT count(*) FROM job_bookings WHERE deleted_at IS NULL))
ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value;
