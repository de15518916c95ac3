-- Each search table split in two by a hash of its id (docs/design.md §8.4, db/tables/search.table.ts
-- SEARCH_TABLE_PARTITIONS): a searched page counts its matches on both halves at once, one statement on
-- each core, and the count is what a common term's page waits for (a 10% term among 500,000 jobs:
-- 23 -> 12-14 ms p50). The triggers of migration 0017 write to the parent, which routes each row.
-- Filled before the trigram index is built; the parent's index builds one on each half.
ALTER TABLE "search_utes" RENAME TO "search_utes_unpartitioned";--> statement-breakpoint
ALTER TABLE "search_utes_unpartitioned" RENAME CONSTRAINT "search_utes_pkey" TO "search_utes_unpartitioned_pkey";--> statement-breakpoint
DROP INDEX "search_utes_term_trgm_idx";--> statement-breakpoint
CREATE TABLE "search_utes" (
	"id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"term" text NOT NULL,
	"is_pending" boolean NOT NULL,
	CONSTRAINT "search_utes_pkey" PRIMARY KEY ("id")
) PARTITION BY HASH ("id");--> statement-breakpoint
CREATE TABLE "search_utes_p0" PARTITION OF "search_utes" FOR VALUES WITH (MODULUS 2, REMAINDER 0);--> statement-breakpoint
CREATE TABLE "search_utes_p1" PARTITION OF "search_utes" FOR VALUES WITH (MODULUS 2, REMAINDER 1);--> statement-breakpoint
INSERT INTO "search_utes" (id, created_at, term, is_pending) SELECT id, created_at, term, is_pending FROM "search_utes_unpartitioned";--> statement-breakpoint
DROP TABLE "search_utes_unpartitioned";--> statement-breakpoint
CREATE INDEX "search_utes_term_trgm_idx" ON "search_utes" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "search_jobs" RENAME TO "search_jobs_unpartitioned";--> statement-breakpoint
ALTER TABLE "search_jobs_unpartitioned" RENAME CONSTRAINT "search_jobs_pkey" TO "search_jobs_unpartitioned_pkey";--> statement-breakpoint
DROP INDEX "search_jobs_term_trgm_idx";--> statement-breakpoint
CREATE TABLE "search_jobs" (
	"id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"budget" numeric(12, 2),
	"term" text NOT NULL,
	"is_pending" boolean NOT NULL,
	CONSTRAINT "search_jobs_pkey" PRIMARY KEY ("id")
) PARTITION BY HASH ("id");--> statement-breakpoint
CREATE TABLE "search_jobs_p0" PARTITION OF "search_jobs" FOR VALUES WITH (MODULUS 2, REMAINDER 0);--> statement-breakpoint
CREATE TABLE "search_jobs_p1" PARTITION OF "search_jobs" FOR VALUES WITH (MODULUS 2, REMAINDER 1);--> statement-breakpoint
INSERT INTO "search_jobs" (id, created_at, budget, term, is_pending) SELECT id, created_at, budget, term, is_pending FROM "search_jobs_unpartitioned";--> statement-breakpoint
DROP TABLE "search_jobs_unpartitioned";--> statement-breakpoint
CREATE INDEX "search_jobs_term_trgm_idx" ON "search_jobs" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "search_users" RENAME TO "search_users_unpartitioned";--> statement-breakpoint
ALTER TABLE "search_users_unpartitioned" RENAME CONSTRAINT "search_users_pkey" TO "search_users_unpartitioned_pkey";--> statement-breakpoint
DROP INDEX "search_users_term_trgm_idx";--> statement-breakpoint
CREATE TABLE "search_users" (
	"id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"term" text NOT NULL,
	CONSTRAINT "search_users_pkey" PRIMARY KEY ("id")
) PARTITION BY HASH ("id");--> statement-breakpoint
CREATE TABLE "search_users_p0" PARTITION OF "search_users" FOR VALUES WITH (MODULUS 2, REMAINDER 0);--> statement-breakpoint
CREATE TABLE "search_users_p1" PARTITION OF "search_users" FOR VALUES WITH (MODULUS 2, REMAINDER 1);--> statement-breakpoint
INSERT INTO "search_users" (id, created_at, term) SELECT id, created_at, term FROM "search_users_unpartitioned";--> statement-breakpoint
DROP TABLE "search_users_unpartitioned";--> statement-breakpoint
CREATE INDEX "search_users_term_trgm_idx" ON "search_users" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "search_payments" RENAME TO "search_payments_unpartitioned";--> statement-breakpoint
ALTER TABLE "search_payments_unpartitioned" RENAME CONSTRAINT "search_payments_pkey" TO "search_payments_unpartitioned_pkey";--> statement-breakpoint
DROP INDEX "search_payments_term_trgm_idx";--> statement-breakpoint
CREATE TABLE "search_payments" (
	"id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"term" text NOT NULL,
	"is_stripe" boolean NOT NULL,
	"is_job" boolean NOT NULL,
	"is_awaiting_acceptance" boolean NOT NULL,
	CONSTRAINT "search_payments_pkey" PRIMARY KEY ("id")
) PARTITION BY HASH ("id");--> statement-breakpoint
CREATE TABLE "search_payments_p0" PARTITION OF "search_payments" FOR VALUES WITH (MODULUS 2, REMAINDER 0);--> statement-breakpoint
CREATE TABLE "search_payments_p1" PARTITION OF "search_payments" FOR VALUES WITH (MODULUS 2, REMAINDER 1);--> statement-breakpoint
INSERT INTO "search_payments" (id, created_at, term, is_stripe, is_job, is_awaiting_acceptance) SELECT id, created_at, term, is_stripe, is_job, is_awaiting_acceptance FROM "search_payments_unpartitioned";--> statement-breakpoint
DROP TABLE "search_payments_unpartitioned";--> statement-breakpoint
CREATE INDEX "search_payments_term_trgm_idx" ON "search_payments" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "search_queries" RENAME TO "search_queries_unpartitioned";--> statement-breakpoint
ALTER TABLE "search_queries_unpartitioned" RENAME CONSTRAINT "search_queries_pkey" TO "search_queries_unpartitioned_pkey";--> statement-breakpoint
DROP INDEX "search_queries_term_trgm_idx";--> statement-breakpoint
CREATE TABLE "search_queries" (
	"id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"term" text NOT NULL,
	CONSTRAINT "search_queries_pkey" PRIMARY KEY ("id")
) PARTITION BY HASH ("id");--> statement-breakpoint
CREATE TABLE "search_queries_p0" PARTITION OF "search_queries" FOR VALUES WITH (MODULUS 2, REMAINDER 0);--> statement-breakpoint
CREATE TABLE "search_queries_p1" PARTITION OF "search_queries" FOR VALUES WITH (MODULUS 2, REMAINDER 1);--> statement-breakpoint
INSERT INTO "search_queries" (id, created_at, term) SELECT id, created_at, term FROM "search_queries_unpartitioned";--> statement-breakpoint
DROP TABLE "search_queries_unpartitioned";--> statement-breakpoint
CREATE INDEX "search_queries_term_trgm_idx" ON "search_queries" USING gin ("term" gin_trgm_ops);
