CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "admins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT 'Administrator' NOT NULL,
	"role" text DEFAULT 'admin' NOT NULL,
	"password_hash" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admins_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "password_reset_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"otp_hash" text NOT NULL,
	"otp_expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"otp_used_at" timestamp with time zone,
	"reset_token_hash" text,
	"reset_token_expires_at" timestamp with time zone,
	"reset_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_codes_reset_token_hash_unique" UNIQUE("reset_token_hash")
);
--> statement-breakpoint
CREATE TABLE "owner_bank_accounts" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"account_number" text NOT NULL,
	"bsb_code" text NOT NULL,
	"account_holder_name" text NOT NULL,
	"bank_name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"address" text,
	"phone_number" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"stripe_account_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "utes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ute_id" text NOT NULL,
	"owner_id" uuid,
	"full_name" text,
	"description" text,
	"licence_number" text,
	"licence_expire_month" integer,
	"licence_expire_year" integer,
	"service_cities" text[] DEFAULT '{}'::text[] NOT NULL,
	"state" text,
	"location" text,
	"ute_model" text,
	"chassis_number" text,
	"availability" text[] DEFAULT '{}'::text[] NOT NULL,
	"budget" numeric(12, 2),
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"licence_image" text,
	"status" text DEFAULT 'Pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "utes_ute_id_unique" UNIQUE("ute_id")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" text NOT NULL,
	"posted_by" uuid,
	"title" text NOT NULL,
	"description" text,
	"state" text,
	"location" text,
	"work_schedule" text[] DEFAULT '{}'::text[] NOT NULL,
	"budget" numeric(12, 2),
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "jobs_job_id_unique" UNIQUE("job_id")
);
--> statement-breakpoint
CREATE TABLE "job_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_booking_id" text NOT NULL,
	"job_ref" uuid,
	"job_title" text NOT NULL,
	"booked_by" uuid,
	"owner_id" uuid NOT NULL,
	"ute_name" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"transaction_id" text,
	"transfer_state" text DEFAULT 'none' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "job_bookings_job_booking_id_unique" UNIQUE("job_booking_id")
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_kind" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'aud' NOT NULL,
	"method" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_transfer_id" text,
	"failure_message" text,
	"admin_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ute_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ute_booking_id" text NOT NULL,
	"booked_by" uuid,
	"ute_ref" uuid,
	"owner_id" uuid NOT NULL,
	"ute_name" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"actual_amount" numeric(12, 2),
	"request_amount" numeric(12, 2),
	"status" text DEFAULT 'pending' NOT NULL,
	"pickup_street" text,
	"pickup_state" text,
	"pickup_postal_code" text,
	"drop_street" text,
	"drop_state" text,
	"drop_postal_code" text,
	"transaction_id" text,
	"transfer_state" text DEFAULT 'none' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "ute_bookings_ute_booking_id_unique" UNIQUE("ute_booking_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payer_id" uuid,
	"payment_by" text NOT NULL,
	"ute_owner_name" text,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"transaction_id" text,
	"receipt_image" text,
	"is_stripe" boolean NOT NULL,
	"is_job" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" text NOT NULL,
	"email" text,
	"quote_status" text DEFAULT 'full' NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"vehicle_type" text,
	"order_date" timestamp with time zone,
	"pick_up_date_and_time" timestamp with time zone,
	"collection_address" text,
	"delivery_address" text,
	"notes" text,
	"price" numeric(12, 2),
	"contact_detail" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "shipments_shipment_id_unique" UNIQUE("shipment_id")
);
--> statement-breakpoint
CREATE TABLE "faqs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "blogs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"author" text,
	"views" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "customer_queries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "query_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"query_id" uuid NOT NULL,
	"message" text NOT NULL,
	"admin_id" uuid,
	"mail_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_activities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"activity" text NOT NULL,
	"sub_type" text,
	"activity_by" jsonb,
	"activity_to" jsonb,
	"response" jsonb,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"admin_id" uuid,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"before" jsonb,
	"after" jsonb,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "password_reset_codes" ADD CONSTRAINT "password_reset_codes_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_bank_accounts" ADD CONSTRAINT "owner_bank_accounts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utes" ADD CONSTRAINT "utes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_bookings" ADD CONSTRAINT "job_bookings_job_ref_jobs_id_fk" FOREIGN KEY ("job_ref") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_bookings" ADD CONSTRAINT "job_bookings_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_bookings" ADD CONSTRAINT "job_bookings_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ute_bookings" ADD CONSTRAINT "ute_bookings_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ute_bookings" ADD CONSTRAINT "ute_bookings_ute_ref_utes_id_fk" FOREIGN KEY ("ute_ref") REFERENCES "public"."utes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ute_bookings" ADD CONSTRAINT "ute_bookings_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "query_replies" ADD CONSTRAINT "query_replies_query_id_customer_queries_id_fk" FOREIGN KEY ("query_id") REFERENCES "public"."customer_queries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "query_replies" ADD CONSTRAINT "query_replies_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_activities" ADD CONSTRAINT "user_activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_reset_codes_admin_idx" ON "password_reset_codes" USING btree ("admin_id","created_at");--> statement-breakpoint
CREATE INDEX "users_list_idx" ON "users" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "utes_list_idx" ON "utes" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "utes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "utes_name_trgm_idx" ON "utes" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "utes_model_trgm_idx" ON "utes" USING gin ("ute_model" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "jobs_list_idx" ON "jobs" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "jobs"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "jobs_budget_idx" ON "jobs" USING btree ("budget","id") WHERE "jobs"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "jobs_title_trgm_idx" ON "jobs" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "job_bookings_stripe_idx" ON "job_bookings" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "job_bookings"."deleted_at" is null and "job_bookings"."transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "job_bookings_manual_idx" ON "job_bookings" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "job_bookings"."deleted_at" is null and "job_bookings"."transaction_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_idempotency_key_idx" ON "payouts" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status");--> statement-breakpoint
CREATE INDEX "ute_bookings_stripe_idx" ON "ute_bookings" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "ute_bookings"."deleted_at" is null and "ute_bookings"."transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "ute_bookings_manual_idx" ON "ute_bookings" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "ute_bookings"."deleted_at" is null and "ute_bookings"."transaction_id" is null;--> statement-breakpoint
CREATE INDEX "payments_list_idx" ON "payments" USING btree ("is_stripe","is_job","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_payer_trgm_idx" ON "payments" USING gin ("payment_by" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shipments_list_idx" ON "shipments" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "shipments"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "faqs_list_idx" ON "faqs" USING btree ("created_at") WHERE "faqs"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "blogs_list_idx" ON "blogs" USING btree ("created_at" DESC NULLS LAST) WHERE "blogs"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "customer_queries_list_idx" ON "customer_queries" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "customer_queries"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "customer_queries_email_trgm_idx" ON "customer_queries" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "query_replies_query_idx" ON "query_replies" USING btree ("query_id","created_at");--> statement-breakpoint
CREATE INDEX "user_activities_user_idx" ON "user_activities" USING btree ("user_id","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");