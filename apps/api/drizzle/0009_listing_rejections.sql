ALTER TABLE "utes" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "utes" ADD COLUMN "rejection_note" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "rejection_note" text;