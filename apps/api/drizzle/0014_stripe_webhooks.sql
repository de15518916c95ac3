-- Issue 26, point 4: the Stripe webhook inbox, what Stripe and finance say about paying an owner
-- (connected account state, last bank payout failure, a hold), and how much of a transfer was reversed.
CREATE TABLE "owner_payout_status" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"payouts_enabled" boolean,
	"disabled_reason" text,
	"last_payout_failure" text,
	"hold_reason" text,
	"held_by" uuid,
	"held_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"account" text,
	"livemode" boolean NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'received' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"note" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "reversed_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "owner_payout_status" ADD CONSTRAINT "owner_payout_status_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_payout_status" ADD CONSTRAINT "owner_payout_status_held_by_admins_id_fk" FOREIGN KEY ("held_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stripe_events_received_idx" ON "stripe_events" USING btree ("received_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stripe_events_pending_idx" ON "stripe_events" USING btree ("received_at") WHERE "stripe_events"."state" = 'received';--> statement-breakpoint
CREATE INDEX "users_stripe_account_idx" ON "users" USING btree ("stripe_account_id") WHERE "users"."stripe_account_id" is not null;--> statement-breakpoint
CREATE INDEX "payouts_provider_transfer_idx" ON "payouts" USING btree ("provider_transfer_id");