-- Throttling counters (lib/postgresRateLimiter.ts), shared by every api process on this database.
-- UNLOGGED: no WAL for a write on every sign-in attempt; a crash of the database server empties the
-- table, which only forgives the attempts of the current windows. Written by hand, outside the Drizzle
-- schema: drizzle-kit cannot declare an UNLOGGED table, and only that store's raw SQL uses it.
CREATE UNLOGGED TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
