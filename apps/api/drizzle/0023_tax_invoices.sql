-- Issue 27, point 4: tax invoices for the platform's fee, and the payout remittance mail that carries them.
-- The platform's business details (one row): who issues the invoices.
CREATE TABLE "platform_business_details" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text NOT NULL,
	"abn" text NOT NULL,
	"address" text,
	"admin_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_business_details_one_row" CHECK ("platform_business_details"."id" = 1),
	CONSTRAINT "platform_business_details_abn_digits" CHECK ("platform_business_details"."abn" ~ '^[0-9]{11}$')
);
--> statement-breakpoint
-- The last invoice number given: updated in the transaction that writes the invoice, so a rolled back
-- invoice gives its number back and the sequence has no gaps (a PostgreSQL sequence would leave gaps).
CREATE TABLE "tax_invoice_counter" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_number" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "tax_invoice_counter_one_row" CHECK ("tax_invoice_counter"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "tax_invoice_counter" ("id", "last_number") VALUES (1, 0);
--> statement-breakpoint
CREATE TABLE "tax_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint NOT NULL,
	"booking_kind" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"booking_reference" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"owner_name" text NOT NULL,
	"owner_email" text NOT NULL,
	"issuer_legal_name" text NOT NULL,
	"issuer_abn" text NOT NULL,
	"issuer_address" text,
	"gross_cents" bigint NOT NULL,
	"fee_cents" bigint NOT NULL,
	"gst_cents" bigint NOT NULL,
	"admin_id" uuid,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_invoices_fee_positive" CHECK ("tax_invoices"."fee_cents" > 0 and "tax_invoices"."gst_cents" >= 0 and "tax_invoices"."gst_cents" <= "tax_invoices"."fee_cents")
);
--> statement-breakpoint
CREATE TABLE "payout_remittances" (
	"payout_id" uuid PRIMARY KEY NOT NULL,
	"tax_invoice_id" uuid,
	"mail_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "platform_business_details" ADD CONSTRAINT "platform_business_details_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_remittances" ADD CONSTRAINT "payout_remittances_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_remittances" ADD CONSTRAINT "payout_remittances_tax_invoice_id_tax_invoices_id_fk" FOREIGN KEY ("tax_invoice_id") REFERENCES "public"."tax_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_invoices_number_idx" ON "tax_invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_invoices_booking_idx" ON "tax_invoices" USING btree ("booking_kind","booking_id");--> statement-breakpoint
CREATE INDEX "tax_invoices_owner_idx" ON "tax_invoices" USING btree ("owner_id","issued_at");--> statement-breakpoint
-- An invoice is a tax record (kept five years, never altered): each takes the next number, and none is
-- changed or removed (a correction is an adjustment note, not an edit).
CREATE FUNCTION tax_invoices_next_number() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  expected bigint;
BEGIN
  SELECT last_number + 1 INTO expected FROM tax_invoice_counter WHERE id = 1 FOR UPDATE;
  IF NEW.number IS DISTINCT FROM expected THEN
    RAISE EXCEPTION 'tax invoice number % is not the next number %', NEW.number, expected USING ERRCODE = 'check_violation';
  END IF;
  UPDATE tax_invoice_counter SET last_number = expected WHERE id = 1;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER tax_invoices_gap_free BEFORE INSERT ON tax_invoices FOR EACH ROW EXECUTE FUNCTION tax_invoices_next_number();
--> statement-breakpoint
CREATE TRIGGER tax_invoices_append_only BEFORE UPDATE OR DELETE ON tax_invoices FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER tax_invoices_no_truncate BEFORE TRUNCATE ON tax_invoices FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- Payouts that succeeded before remittances existed were told to their owners another way: no mail now.
INSERT INTO "payout_remittances" ("payout_id", "created_at") SELECT "id", coalesce("completed_at", "created_at") FROM "payouts" WHERE "status" = 'succeeded';
