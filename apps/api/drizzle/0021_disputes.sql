-- Issue 27, point 2: disputes (chargebacks and inquiries) from Stripe's charge.dispute.* webhooks, finance's
-- evidence and the recovery of a loss; their money in the ledger (docs/design.md §9.7).
CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stripe_dispute_id" text NOT NULL,
	"charge_id" text,
	"payment_intent_id" text,
	"payment_id" uuid,
	"booking_kind" text,
	"booking_id" uuid,
	"owner_id" uuid,
	"customer_id" uuid,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"stripe_created_at" timestamp with time zone NOT NULL,
	"last_event_at" timestamp with time zone NOT NULL,
	"evidence_due_by" timestamp with time zone,
	"evidence_draft" jsonb,
	"draft_saved_at" timestamp with time zone,
	"draft_saved_by" uuid,
	"evidence_submitting_at" timestamp with time zone,
	"evidence_submission" jsonb,
	"submit_attempt" integer DEFAULT 1 NOT NULL,
	"evidence_submitted_at" timestamp with time zone,
	"evidence_submitted_by" uuid,
	"loss_recovery" text,
	"loss_recovery_by" uuid,
	"loss_recovery_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disputes_stripe_dispute_id_unique" UNIQUE("stripe_dispute_id"),
	CONSTRAINT "disputes_amount_positive" CHECK ("disputes"."amount_cents" > 0),
	CONSTRAINT "disputes_loss_recovery_known" CHECK ("disputes"."loss_recovery" is null or "disputes"."loss_recovery" in ('absorb', 'owner_balance'))
);
--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_draft_saved_by_admins_id_fk" FOREIGN KEY ("draft_saved_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_evidence_submitted_by_admins_id_fk" FOREIGN KEY ("evidence_submitted_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_loss_recovery_by_admins_id_fk" FOREIGN KEY ("loss_recovery_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disputes_due_idx" ON "disputes" USING btree ("evidence_due_by","id");--> statement-breakpoint
CREATE INDEX "disputes_needing_evidence_idx" ON "disputes" USING btree ("evidence_due_by","id") WHERE "disputes"."status" in ('warning_needs_response', 'needs_response') and "disputes"."evidence_submitted_at" is null;--> statement-breakpoint
-- The dispute journals carry their dispute: each step once per dispute, and one loss journal whichever
-- recovery finance chose (a retried or raced write is refused here, not only by the api's row lock).
ALTER TABLE "ledger_journals" ADD COLUMN "dispute_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_journals_dispute_once_idx" ON "ledger_journals" USING btree ("kind","dispute_id") WHERE "ledger_journals"."dispute_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_journals_dispute_loss_once_idx" ON "ledger_journals" USING btree ("dispute_id") WHERE "ledger_journals"."dispute_id" is not null and "ledger_journals"."kind" in ('dispute.loss-absorbed', 'dispute.loss-owner');--> statement-breakpoint
-- The disputesNeedingEvidence work queue (docs/design.md §8.3): Stripe waits for evidence and none was
-- submitted; a counter kept by the statements that change the rows, exactly the rows of the list's filter.
CREATE TRIGGER disputes_queue_counter_insert AFTER INSERT ON disputes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_grouped('CASE WHEN status IN (''warning_needs_response'', ''needs_response'') AND evidence_submitted_at IS NULL THEN ''disputes_needing_evidence'' END');
--> statement-breakpoint
CREATE TRIGGER disputes_queue_counter_update AFTER UPDATE ON disputes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_grouped('CASE WHEN status IN (''warning_needs_response'', ''needs_response'') AND evidence_submitted_at IS NULL THEN ''disputes_needing_evidence'' END');
--> statement-breakpoint
CREATE TRIGGER disputes_queue_counter_delete AFTER DELETE ON disputes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_grouped('CASE WHEN status IN (''warning_needs_response'', ''needs_response'') AND evidence_submitted_at IS NULL THEN ''disputes_needing_evidence'' END');
--> statement-breakpoint
INSERT INTO stat_counters (name, value) VALUES ('disputes_needing_evidence', 0) ON CONFLICT (name) DO NOTHING;
