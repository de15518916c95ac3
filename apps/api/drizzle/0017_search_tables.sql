-- The searched lists' search tables (docs/design.md §8.4, db/tables/search.table.ts): narrow copies of
-- each live row's searched text (lower-cased), order and tab columns, kept by statement triggers on the
-- list's table, so a common term's whole match set is read from cached pages (about 12 ms for 23,000
-- matches among 750,000 utes, against 120 ms on the wide table). Filled before their indexes are built.
CREATE TABLE "search_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"budget" numeric(12, 2),
	"term" text NOT NULL,
	"is_pending" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"term" text NOT NULL,
	"is_stripe" boolean NOT NULL,
	"is_job" boolean NOT NULL,
	"is_awaiting_acceptance" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_queries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"term" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"term" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_utes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"term" text NOT NULL,
	"is_pending" boolean NOT NULL
);
--> statement-breakpoint
INSERT INTO "search_utes" (id, created_at, term, is_pending) SELECT id, created_at, coalesce(lower(full_name), ''), status NOT IN ('Approved', 'Rejected') FROM "utes" WHERE deleted_at IS NULL;--> statement-breakpoint
INSERT INTO "search_jobs" (id, created_at, budget, term, is_pending) SELECT id, created_at, budget, lower(title), status NOT IN ('Approved', 'Rejected') FROM "jobs" WHERE deleted_at IS NULL;--> statement-breakpoint
INSERT INTO "search_users" (id, created_at, term) SELECT id, created_at, lower(email) FROM "users" WHERE deleted_at IS NULL;--> statement-breakpoint
INSERT INTO "search_payments" (id, created_at, term, is_stripe, is_job, is_awaiting_acceptance) SELECT id, created_at, lower(payment_by), is_stripe, is_job, status <> 'inProgress' FROM "payments" WHERE true;--> statement-breakpoint
INSERT INTO "search_queries" (id, created_at, term) SELECT id, created_at, lower(email) FROM "customer_queries" WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "search_jobs_term_trgm_idx" ON "search_jobs" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_payments_term_trgm_idx" ON "search_payments" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_queries_term_trgm_idx" ON "search_queries" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_users_term_trgm_idx" ON "search_users" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_utes_term_trgm_idx" ON "search_utes" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE FUNCTION search_utes_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A changed row is deleted and inserted again; a soft-deleted one only leaves.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM search_utes s USING old_rows o WHERE s.id = o.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO search_utes (id, created_at, term, is_pending) SELECT id, created_at, coalesce(lower(full_name), ''), status NOT IN ('Approved', 'Rejected') FROM new_rows WHERE deleted_at IS NULL;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_utes_insert AFTER INSERT ON "utes" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_utes_sync();--> statement-breakpoint
CREATE TRIGGER search_utes_update AFTER UPDATE ON "utes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_utes_sync();--> statement-breakpoint
CREATE TRIGGER search_utes_delete AFTER DELETE ON "utes" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_utes_sync();--> statement-breakpoint
CREATE FUNCTION search_jobs_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A changed row is deleted and inserted again; a soft-deleted one only leaves.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM search_jobs s USING old_rows o WHERE s.id = o.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO search_jobs (id, created_at, budget, term, is_pending) SELECT id, created_at, budget, lower(title), status NOT IN ('Approved', 'Rejected') FROM new_rows WHERE deleted_at IS NULL;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_jobs_insert AFTER INSERT ON "jobs" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_jobs_sync();--> statement-breakpoint
CREATE TRIGGER search_jobs_update AFTER UPDATE ON "jobs" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_jobs_sync();--> statement-breakpoint
CREATE TRIGGER search_jobs_delete AFTER DELETE ON "jobs" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_jobs_sync();--> statement-breakpoint
CREATE FUNCTION search_users_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A changed row is deleted and inserted again; a soft-deleted one only leaves.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM search_users s USING old_rows o WHERE s.id = o.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO search_users (id, created_at, term) SELECT id, created_at, lower(email) FROM new_rows WHERE deleted_at IS NULL;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_users_insert AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_users_sync();--> statement-breakpoint
CREATE TRIGGER search_users_update AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_users_sync();--> statement-breakpoint
CREATE TRIGGER search_users_delete AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_users_sync();--> statement-breakpoint
CREATE FUNCTION search_payments_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A changed row is deleted and inserted again; a soft-deleted one only leaves.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM search_payments s USING old_rows o WHERE s.id = o.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO search_payments (id, created_at, term, is_stripe, is_job, is_awaiting_acceptance) SELECT id, created_at, lower(payment_by), is_stripe, is_job, status <> 'inProgress' FROM new_rows WHERE true;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_payments_insert AFTER INSERT ON "payments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_payments_sync();--> statement-breakpoint
CREATE TRIGGER search_payments_update AFTER UPDATE ON "payments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_payments_sync();--> statement-breakpoint
CREATE TRIGGER search_payments_delete AFTER DELETE ON "payments" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_payments_sync();--> statement-breakpoint
CREATE FUNCTION search_queries_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A changed row is deleted and inserted again; a soft-deleted one only leaves.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM search_queries s USING old_rows o WHERE s.id = o.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO search_queries (id, created_at, term) SELECT id, created_at, lower(email) FROM new_rows WHERE deleted_at IS NULL;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_queries_insert AFTER INSERT ON "customer_queries" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_queries_sync();--> statement-breakpoint
CREATE TRIGGER search_queries_update AFTER UPDATE ON "customer_queries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_queries_sync();--> statement-breakpoint
CREATE TRIGGER search_queries_delete AFTER DELETE ON "customer_queries" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_queries_sync();--> statement-breakpoint
CREATE FUNCTION search_utes_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE search_utes;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_utes_truncate AFTER TRUNCATE ON "utes" FOR EACH STATEMENT EXECUTE FUNCTION search_utes_truncate();--> statement-breakpoint
CREATE FUNCTION search_jobs_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE search_jobs;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_jobs_truncate AFTER TRUNCATE ON "jobs" FOR EACH STATEMENT EXECUTE FUNCTION search_jobs_truncate();--> statement-breakpoint
CREATE FUNCTION search_users_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE search_users;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_users_truncate AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION search_users_truncate();--> statement-breakpoint
CREATE FUNCTION search_payments_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE search_payments;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_payments_truncate AFTER TRUNCATE ON "payments" FOR EACH STATEMENT EXECUTE FUNCTION search_payments_truncate();--> statement-breakpoint
CREATE FUNCTION search_queries_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE search_queries;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_queries_truncate AFTER TRUNCATE ON "customer_queries" FOR EACH STATEMENT EXECUTE FUNCTION search_queries_truncate();
