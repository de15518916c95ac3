-- Versions for If-Match where the row's xmin churns: a batch's downloads, an admin's sign-ins (docs/design.md §14).
ALTER TABLE "admins" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;