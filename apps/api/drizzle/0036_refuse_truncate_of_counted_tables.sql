-- TRUNCATE fires no row or statement trigger but TRUNCATE's own, so on a table whose statement
-- triggers keep numbers elsewhere it would leave them all behind: the list and dashboard counters
-- (0001, 0002), the work queues and work items (0008, 0030), the search tables' words (0034, 0035),
-- the analytics rollups (0024) and the ledger's journals of bookings and payments (0013). These
-- tables refuse it, as the append-only ones do (0011, 0013, 0018, 0023, 0025): DELETE their rows
-- instead, and every trigger keeps its numbers. A test (db/truncateGuard.test.ts) finds every table
-- with a trigger on transition tables in the catalog and fails if one of them accepts TRUNCATE.
CREATE FUNCTION refuse_truncate_of_counted_table() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% keeps counts and other tables up to date by its triggers: delete its rows instead of truncating it', TG_TABLE_NAME;
END $$;--> statement-breakpoint
CREATE TRIGGER users_no_truncate BEFORE TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate_of_counted_table();--> statement-breakpoint
CREATE TRIGGER utes_no_truncate BEFORE TRUNCATE ON "utes" FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate_of_counted_table();--> statement-breakpoint
CREATE TRIGGER jobs_no_truncate BEFORE TRUNCATE ON "jobs" FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate_of_counted_table();--> statement-breakpoint
CREATE TRIGGER ute_bookings_no_truncate BEFORE TRUNCATE ON "ute_bookings" FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate_of_counted_table();--> statement-breakpoint
CREATE TRIGGER job_bookings_no_truncate BEFORE TRUNCATE ON "job_bookings" FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate_of_counted_table();--> statement-breakpoint
CREATE TRIGGER payments_no_truncate BEFORE TRUNCATE ON "payments" FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate_of_counted_table();--> statement-breakpoint
CREATE TRIGGER shipments_no_truncate BEFORE TRUNCATE ON "shipments" FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate_of_counted_table();--> statement-breakpoint
CREATE TRIGGER customer_queries_no_truncate BEFORE TRUNCATE ON "customer_queries" FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate_of_counted_table();--> statement-breakpoint
CREATE TRIGGER query_replies_no_truncate BEFORE TRUNCATE ON "query_replies" FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate_of_counted_table();--> statement-breakpoint
CREATE TRIGGER user_activities_no_truncate BEFORE TRUNCATE ON "user_activities" FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate_of_counted_table();--> statement-breakpoint
CREATE TRIGGER refunds_no_truncate BEFORE TRUNCATE ON "refunds" FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate_of_counted_table();--> statement-breakpoint
CREATE TRIGGER disputes_no_truncate BEFORE TRUNCATE ON "disputes" FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate_of_counted_table();--> statement-breakpoint
-- Migration 0017's emptying of a search table after its base table's TRUNCATE, which can no longer happen.
DROP TRIGGER search_utes_truncate ON "utes";--> statement-breakpoint
DROP TRIGGER search_jobs_truncate ON "jobs";--> statement-breakpoint
DROP TRIGGER search_users_truncate ON "users";--> statement-breakpoint
DROP TRIGGER search_payments_truncate ON "payments";--> statement-breakpoint
DROP TRIGGER search_queries_truncate ON "customer_queries";--> statement-breakpoint
DROP FUNCTION search_utes_truncate();--> statement-breakpoint
DROP FUNCTION search_jobs_truncate();--> statement-breakpoint
DROP FUNCTION search_users_truncate();--> statement-breakpoint
DROP FUNCTION search_payments_truncate();--> statement-breakpoint
DROP FUNCTION search_queries_truncate();
