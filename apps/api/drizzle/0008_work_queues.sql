CREATE INDEX "utes_pending_idx" ON "utes" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "utes"."deleted_at" is null and "utes"."status" not in ('Approved', 'Rejected');--> statement-breakpoint
CREATE INDEX "jobs_pending_idx" ON "jobs" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "jobs"."deleted_at" is null and "jobs"."status" not in ('Approved', 'Rejected');--> statement-breakpoint
CREATE INDEX "job_bookings_awaiting_payout_idx" ON "job_bookings" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "job_bookings"."deleted_at" is null and "job_bookings"."status" = 'delivered' and "job_bookings"."transfer_state" = 'none';--> statement-breakpoint
CREATE INDEX "ute_bookings_awaiting_payout_idx" ON "ute_bookings" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "ute_bookings"."deleted_at" is null and "ute_bookings"."status" = 'delivered' and "ute_bookings"."transfer_state" = 'none';--> statement-breakpoint
CREATE INDEX "payments_manual_awaiting_idx" ON "payments" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not "payments"."is_stripe" and "payments"."status" <> 'inProgress';--> statement-breakpoint
CREATE INDEX "shipments_awaiting_price_idx" ON "shipments" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "shipments"."deleted_at" is null and "shipments"."status" = 'requested';--> statement-breakpoint
-- The work queues of issue 16: one counter per queue, kept by the statements that change the rows
-- (as in 0001 and 0002), so the sidebar's badges cost one indexed read at any size. Each counter
-- counts exactly the rows of its list's filter (the partial indexes above serve those lists).
CREATE TRIGGER utes_queue_counter_insert AFTER INSERT ON utes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_grouped('CASE WHEN deleted_at IS NULL AND status NOT IN (''Approved'', ''Rejected'') THEN ''utes_pending'' END');
--> statement-breakpoint
CREATE TRIGGER utes_queue_counter_update AFTER UPDATE ON utes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_grouped('CASE WHEN deleted_at IS NULL AND status NOT IN (''Approved'', ''Rejected'') THEN ''utes_pending'' END');
--> statement-breakpoint
CREATE TRIGGER utes_queue_counter_delete AFTER DELETE ON utes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_grouped('CASE WHEN deleted_at IS NULL AND status NOT IN (''Approved'', ''Rejected'') THEN ''utes_pending'' END');
--> statement-breakpoint
CREATE TRIGGER jobs_queue_counter_insert AFTER INSERT ON jobs REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_grouped('CASE WHEN deleted_at IS NULL AND status NOT IN (''Approved'', ''Rejected'') THEN ''jobs_pending'' END');
--> statement-breakpoint
CREATE TRIGGER jobs_queue_counter_update AFTER UPDATE ON jobs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_grouped('CASE WHEN deleted_at IS NULL AND status NOT IN (''Approved'', ''Rejected'') THEN ''jobs_pending'' END');
--> statement-breakpoint
CREATE TRIGGER jobs_queue_counter_delete AFTER DELETE ON jobs REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_grouped('CASE WHEN deleted_at IS NULL AND status NOT IN (''Approved'', ''Rejected'') THEN ''jobs_pending'' END');
--> statement-breakpoint
CREATE TRIGGER ute_bookings_queue_counter_insert AFTER INSERT ON ute_bookings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_grouped('CASE WHEN deleted_at IS NULL AND status = ''delivered'' AND transfer_state = ''none'' THEN ''ute_bookings_awaiting_payout'' END');
--> statement-breakpoint
CREATE TRIGGER ute_bookings_queue_counter_update AFTER UPDATE ON ute_bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_grouped('CASE WHEN deleted_at IS NULL AND status = ''delivered'' AND transfer_state = ''none'' THEN ''ute_bookings_awaiting_payout'' END');
--> statement-breakpoint
CREATE TRIGGER ute_bookings_queue_counter_delete AFTER DELETE ON ute_bookings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_grouped('CASE WHEN deleted_at IS NULL AND status = ''delivered'' AND transfer_state = ''none'' THEN ''ute_bookings_awaiting_payout'' END');
--> statement-breakpoint
CREATE TRIGGER job_bookings_queue_counter_insert AFTER INSERT ON job_bookings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_grouped('CASE WHEN deleted_at IS NULL AND status = ''delivered'' AND transfer_state = ''none'' THEN ''job_bookings_awaiting_payout'' END');
--> statement-breakpoint
CREATE TRIGGER job_bookings_queue_counter_update AFTER UPDATE ON job_bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_grouped('CASE WHEN deleted_at IS NULL AND status = ''delivered'' AND transfer_state = ''none'' THEN ''job_bookings_awaiting_payout'' END');
--> statement-breakpoint
CREATE TRIGGER job_bookings_queue_counter_delete AFTER DELETE ON job_bookings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_grouped('CASE WHEN deleted_at IS NULL AND status = ''delivered'' AND transfer_state = ''none'' THEN ''job_bookings_awaiting_payout'' END');
--> statement-breakpoint
CREATE TRIGGER payments_queue_counter_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_grouped('CASE WHEN NOT is_stripe AND status <> ''inProgress'' THEN ''payments_manual_awaiting'' END');
--> statement-breakpoint
CREATE TRIGGER payments_queue_counter_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_grouped('CASE WHEN NOT is_stripe AND status <> ''inProgress'' THEN ''payments_manual_awaiting'' END');
--> statement-breakpoint
CREATE TRIGGER payments_queue_counter_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_grouped('CASE WHEN NOT is_stripe AND status <> ''inProgress'' THEN ''payments_manual_awaiting'' END');
--> statement-breakpoint
CREATE TRIGGER shipments_queue_counter_insert AFTER INSERT ON shipments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_grouped('CASE WHEN deleted_at IS NULL AND status = ''requested'' THEN ''shipments_awaiting_price'' END');
--> statement-breakpoint
CREATE TRIGGER shipments_queue_counter_update AFTER UPDATE ON shipments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_grouped('CASE WHEN deleted_at IS NULL AND status = ''requested'' THEN ''shipments_awaiting_price'' END');
--> statement-breakpoint
CREATE TRIGGER shipments_queue_counter_delete AFTER DELETE ON shipments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_grouped('CASE WHEN deleted_at IS NULL AND status = ''requested'' THEN ''shipments_awaiting_price'' END');
--> statement-breakpoint
-- A query is unanswered while it is live and has no reply: its counter follows both tables.
CREATE FUNCTION stat_counters_unanswered_queries() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := 0;
BEGIN
  -- A statement on customer_queries changes no reply, so old and new rows are judged by the same replies.
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT delta + count(*) INTO delta FROM new_rows AS q
      WHERE q.deleted_at IS NULL AND NOT EXISTS (SELECT FROM query_replies AS r WHERE r.query_id = q.id);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT delta - count(*) INTO delta FROM old_rows AS q
      WHERE q.deleted_at IS NULL AND NOT EXISTS (SELECT FROM query_replies AS r WHERE r.query_id = q.id);
  END IF;
  IF delta <> 0 THEN PERFORM stat_counters_apply('customer_queries_unanswered', delta); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION stat_counters_query_replies() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes text;
  delta bigint;
BEGIN
  changes := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT query_id, 1 AS added FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT query_id, -1 AS added FROM old_rows'
    ELSE 'SELECT query_id, 1 AS added FROM new_rows UNION ALL SELECT query_id, -1 FROM old_rows'
  END;
  -- Lock the queries first (in id order; NO KEY UPDATE does not wait for the key-share locks that
  -- replies take on them): a concurrent reply to the same query then waits for this one to commit,
  -- and the count below, a statement of its own with a fresh snapshot, sees the replies committed
  -- before it. Otherwise two first replies at once would both count as "was unanswered".
  EXECUTE format('SELECT FROM customer_queries WHERE id IN (SELECT query_id FROM (%s) AS c) ORDER BY id FOR NO KEY UPDATE', changes);
  -- Per live query touched: unanswered now (no reply) minus unanswered before (no reply once this
  -- statement's own changes are taken back).
  EXECUTE format(
    'SELECT coalesce(sum((replies = 0)::int - (replies - added = 0)::int), 0) FROM ('
    '  SELECT changed.added, (SELECT count(*) FROM query_replies AS r WHERE r.query_id = changed.query_id) AS replies'
    '  FROM (SELECT query_id, sum(added) AS added FROM (%s) AS c GROUP BY query_id) AS changed'
    '  JOIN customer_queries AS q ON q.id = changed.query_id AND q.deleted_at IS NULL'
    ') AS touched',
    changes
  ) INTO delta;
  IF delta <> 0 THEN PERFORM stat_counters_apply('customer_queries_unanswered', delta); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER customer_queries_unanswered_counter_insert AFTER INSERT ON customer_queries REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_unanswered_queries();
--> statement-breakpoint
CREATE TRIGGER customer_queries_unanswered_counter_update AFTER UPDATE ON customer_queries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_unanswered_queries();
--> statement-breakpoint
CREATE TRIGGER customer_queries_unanswered_counter_delete AFTER DELETE ON customer_queries REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_unanswered_queries();
--> statement-breakpoint
CREATE TRIGGER query_replies_unanswered_counter_insert AFTER INSERT ON query_replies REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_query_replies();
--> statement-breakpoint
CREATE TRIGGER query_replies_unanswered_counter_update AFTER UPDATE ON query_replies REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_query_replies();
--> statement-breakpoint
CREATE TRIGGER query_replies_unanswered_counter_delete AFTER DELETE ON query_replies REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_query_replies();
--> statement-breakpoint
-- Start from the rows already there (the lock keeps writers out while this runs in the migration).
LOCK TABLE utes, jobs, ute_bookings, job_bookings, payments, shipments, customer_queries, query_replies IN SHARE MODE;
--> statement-breakpoint
INSERT INTO stat_counters (name, value) VALUES
  ('utes_pending', (SELECT count(*) FROM utes WHERE deleted_at IS NULL AND status NOT IN ('Approved', 'Rejected'))),
  ('jobs_pending', (SELECT count(*) FROM jobs WHERE deleted_at IS NULL AND status NOT IN ('Approved', 'Rejected'))),
  ('ute_bookings_awaiting_payout', (SELECT count(*) FROM ute_bookings WHERE deleted_at IS NULL AND status = 'delivered' AND transfer_state = 'none')),
  ('job_bookings_awaiting_payout', (SELECT count(*) FROM job_bookings WHERE deleted_at IS NULL AND status = 'delivered' AND transfer_state = 'none')),
  ('payments_manual_awaiting', (SELECT count(*) FROM payments WHERE NOT is_stripe AND status <> 'inProgress')),
  ('shipments_awaiting_price', (SELECT count(*) FROM shipments WHERE deleted_at IS NULL AND status = 'requested')),
  ('customer_queries_unanswered', (SELECT count(*) FROM customer_queries AS q
    WHERE q.deleted_at IS NULL AND NOT EXISTS (SELECT FROM query_replies AS r WHERE r.query_id = q.id)))
ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value;
