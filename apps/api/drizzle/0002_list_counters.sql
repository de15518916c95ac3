-- Exact totals for the list tabs that are not counted yet, kept by the statements that change the
-- rows (as in 0001): a tab's total becomes one indexed read instead of COUNT(*) over up to 1M rows.
-- The trigger argument maps a row to the counter it belongs to (NULL: none).
CREATE FUNCTION stat_counters_grouped() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  counted text;
BEGIN
  counted := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT %s AS name, 1 AS delta FROM new_rows', TG_ARGV[0])
    WHEN 'DELETE' THEN format('SELECT %s AS name, -1 AS delta FROM old_rows', TG_ARGV[0])
    ELSE format('SELECT %1$s AS name, 1 AS delta FROM new_rows UNION ALL SELECT %1$s, -1 FROM old_rows', TG_ARGV[0])
  END;
  -- Sorted by name so concurrent statements lock the counter rows in the same order.
  EXECUTE format(
    'INSERT INTO stat_counters (name, value) SELECT name, sum(delta) FROM (%s) AS changed WHERE name IS NOT NULL '
    'GROUP BY name HAVING sum(delta) <> 0 ORDER BY name '
    'ON CONFLICT (name) DO UPDATE SET value = stat_counters.value + EXCLUDED.value',
    counted
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION stat_counters_recount(counter_of text, source text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'INSERT INTO stat_counters (name, value) SELECT name, count(*) FROM (SELECT %s AS name FROM %I) AS counted '
    'WHERE name IS NOT NULL GROUP BY name ORDER BY name ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value',
    counter_of, source
  );
END
$$;
--> statement-breakpoint
CREATE TRIGGER ute_bookings_tab_counters_insert AFTER INSERT ON ute_bookings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_grouped('CASE WHEN deleted_at IS NULL THEN CASE WHEN transaction_id IS NULL THEN ''ute_bookings_manual'' ELSE ''ute_bookings_stripe'' END END');
--> statement-breakpoint
CREATE TRIGGER ute_bookings_tab_counters_update AFTER UPDATE ON ute_bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_grouped('CASE WHEN deleted_at IS NULL THEN CASE WHEN transaction_id IS NULL THEN ''ute_bookings_manual'' ELSE ''ute_bookings_stripe'' END END');
--> statement-breakpoint
CREATE TRIGGER ute_bookings_tab_counters_delete AFTER DELETE ON ute_bookings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_grouped('CASE WHEN deleted_at IS NULL THEN CASE WHEN transaction_id IS NULL THEN ''ute_bookings_manual'' ELSE ''ute_bookings_stripe'' END END');
--> statement-breakpoint
CREATE TRIGGER job_bookings_tab_counters_insert AFTER INSERT ON job_bookings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_grouped('CASE WHEN deleted_at IS NULL THEN CASE WHEN transaction_id IS NULL THEN ''job_bookings_manual'' ELSE ''job_bookings_stripe'' END END');
--> statement-breakpoint
CREATE TRIGGER job_bookings_tab_counters_update AFTER UPDATE ON job_bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_grouped('CASE WHEN deleted_at IS NULL THEN CASE WHEN transaction_id IS NULL THEN ''job_bookings_manual'' ELSE ''job_bookings_stripe'' END END');
--> statement-breakpoint
CREATE TRIGGER job_bookings_tab_counters_delete AFTER DELETE ON job_bookings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_grouped('CASE WHEN deleted_at IS NULL THEN CASE WHEN transaction_id IS NULL THEN ''job_bookings_manual'' ELSE ''job_bookings_stripe'' END END');
--> statement-breakpoint
CREATE TRIGGER payments_tab_counters_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_grouped('CASE WHEN is_stripe THEN ''payments_stripe'' WHEN is_job THEN ''payments_manual_job'' ELSE ''payments_manual_ute'' END');
--> statement-breakpoint
CREATE TRIGGER payments_tab_counters_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_grouped('CASE WHEN is_stripe THEN ''payments_stripe'' WHEN is_job THEN ''payments_manual_job'' ELSE ''payments_manual_ute'' END');
--> statement-breakpoint
CREATE TRIGGER payments_tab_counters_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_grouped('CASE WHEN is_stripe THEN ''payments_stripe'' WHEN is_job THEN ''payments_manual_job'' ELSE ''payments_manual_ute'' END');
--> statement-breakpoint
CREATE TRIGGER customer_queries_counters_insert AFTER INSERT ON customer_queries REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_live_rows('customer_queries');
--> statement-breakpoint
CREATE TRIGGER customer_queries_counters_update AFTER UPDATE ON customer_queries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_live_rows('customer_queries');
--> statement-breakpoint
CREATE TRIGGER customer_queries_counters_delete AFTER DELETE ON customer_queries REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_live_rows('customer_queries');
--> statement-breakpoint
-- Start from the rows already there (the lock keeps writers out while this runs in the migration).
LOCK TABLE ute_bookings, job_bookings, payments, customer_queries IN SHARE MODE;
--> statement-breakpoint
INSERT INTO stat_counters (name, value) VALUES
  ('ute_bookings_manual', 0), ('ute_bookings_stripe', 0), ('job_bookings_manual', 0), ('job_bookings_stripe', 0),
  ('payments_stripe', 0), ('payments_manual_job', 0), ('payments_manual_ute', 0),
  ('customer_queries', (SELECT count(*) FROM customer_queries WHERE deleted_at IS NULL))
ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value;
--> statement-breakpoint
SELECT stat_counters_recount('CASE WHEN deleted_at IS NULL THEN CASE WHEN transaction_id IS NULL THEN ''ute_bookings_manual'' ELSE ''ute_bookings_stripe'' END END', 'ute_bookings');
--> statement-breakpoint
SELECT stat_counters_recount('CASE WHEN deleted_at IS NULL THEN CASE WHEN transaction_id IS NULL THEN ''job_bookings_manual'' ELSE ''job_bookings_stripe'' END END', 'job_bookings');
--> statement-breakpoint
SELECT stat_counters_recount('CASE WHEN is_stripe THEN ''payments_stripe'' WHEN is_job THEN ''payments_manual_job'' ELSE ''payments_manual_ute'' END', 'payments');
