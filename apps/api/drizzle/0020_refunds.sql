-- Issue 27, point 1: refunds (docs/design.md §9.6). A refund row is written pending before the provider is
-- asked and journalled when it succeeded; its journals carry it in ledger_journals.refund_id.
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"booking_kind" text,
	"booking_id" uuid,
	"owner_id" uuid,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"recovery" text NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"source" text DEFAULT 'admin' NOT NULL,
	"stripe_refund_id" text,
	"reversal_payout_id" uuid,
	"reversal_status" text,
	"transfer_reversal_id" text,
	"bank_reference" text,
	"idempotency_key" text NOT NULL,
	"failure_message" text,
	"is_before_delivery" boolean,
	"fee_cents" integer,
	"gst_cents" integer,
	"owner_cents" integer,
	"unbooked_cents" integer,
	"admin_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_cents" > 0),
	CONSTRAINT "refunds_status_known" CHECK ("refunds"."status" in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "refunds_method_known" CHECK ("refunds"."method" in ('stripe', 'ledger', 'manual')),
	CONSTRAINT "refunds_source_known" CHECK ("refunds"."source" in ('admin', 'stripe_dashboard')),
	CONSTRAINT "refunds_recovery_known" CHECK ("refunds"."recovery" in ('none', 'not_paid_yet', 'reverse_transfer', 'owner_balance', 'absorb', 'undecided')),
	CONSTRAINT "refunds_reason_known" CHECK ("refunds"."reason" in ('requested_by_customer', 'service_not_provided', 'duplicate', 'fraudulent', 'other')),
	CONSTRAINT "refunds_booking_whole" CHECK (("refunds"."booking_kind" is null) = ("refunds"."booking_id" is null) and ("refunds"."booking_kind" is null or "refunds"."booking_kind" in ('ute', 'job'))),
	CONSTRAINT "refunds_reversal_status_known" CHECK ("refunds"."reversal_status" is null or "refunds"."reversal_status" in ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_key_idx" ON "refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_stripe_refund_idx" ON "refunds" USING btree ("stripe_refund_id") WHERE "refunds"."stripe_refund_id" is not null;--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_booking_idx" ON "refunds" USING btree ("booking_kind","booking_id");--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "refunds_undecided_idx" ON "refunds" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "refunds"."recovery" = 'undecided';--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" = 'pending' or "refunds"."reversal_status" = 'pending';--> statement-breakpoint
-- A payment's booking, and a Stripe refund's payment, are found by the payment intent's id (paymentBooking.repository.ts).
CREATE INDEX "ute_bookings_transaction_idx" ON "ute_bookings" USING btree ("transaction_id") WHERE "ute_bookings"."transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "job_bookings_transaction_idx" ON "job_bookings" USING btree ("transaction_id") WHERE "job_bookings"."transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "payments_transaction_idx" ON "payments" USING btree ("transaction_id") WHERE "payments"."transaction_id" is not null;--> statement-breakpoint
-- Refund journals carry their refund (not the payment: ledger_journals_payment_once_idx allows one journal
-- of a kind per payment, and a payment may be refunded in parts); each step is journalled once per refund.
-- Migrated in one transaction with 0013 (a database older than the ledger), the backfill's journals still
-- wait for their deferred balance check, and a table with pending trigger events cannot be altered: the
-- check runs here, then is deferred again.
SET CONSTRAINTS "ledger_journals_balanced" IMMEDIATE;--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD COLUMN "refund_id" uuid;--> statement-breakpoint
SET CONSTRAINTS "ledger_journals_balanced" DEFERRED;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_journals_refund_once_idx" ON "ledger_journals" USING btree ("kind","refund_id") WHERE "ledger_journals"."refund_id" is not null;--> statement-breakpoint
-- A payment's pending and succeeded refunds never add up to more than it: checked under a lock on the
-- payment's row, so two refunds inserted at once take turns and the second sees the first.
CREATE FUNCTION refunds_within_payment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  paid bigint;
  refunded bigint;
BEGIN
  IF NEW.status = 'failed' THEN
    RETURN NULL;
  END IF;
  SELECT amount_cents INTO paid FROM payments WHERE id = NEW.payment_id FOR UPDATE;
  IF paid IS NULL THEN
    RAISE EXCEPTION 'refund % names no payment (%)', NEW.id, NEW.payment_id USING ERRCODE = 'foreign_key_violation';
  END IF;
  SELECT coalesce(sum(amount_cents), 0) INTO refunded FROM refunds WHERE payment_id = NEW.payment_id AND status IN ('pending', 'succeeded');
  IF refunded > paid THEN
    RAISE EXCEPTION 'refunds of payment % add up to % cents, more than its % cents', NEW.payment_id, refunded, paid USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER refunds_within_payment AFTER INSERT OR UPDATE OF amount_cents, status, payment_id ON refunds FOR EACH ROW EXECUTE FUNCTION refunds_within_payment();
--> statement-breakpoint
-- booking.payable of a booking refunded before it was delivered: the payable gross is what the customer
-- kept (the booking's amount less those refunds), so the fee is on that and customer_funds ends at zero.
CREATE OR REPLACE FUNCTION ledger_post_payables(p_kind text, p_ids uuid[], p_owner_ids uuid[], p_amounts numeric[]) RETURNS void LANGUAGE sql AS $$
  WITH due AS (
    SELECT k.id, k.owner_id, k.gross
    FROM (
      SELECT u.id, u.owner_id, round(u.amount * 100)::bigint - coalesce((
        SELECT sum(r.amount_cents) FROM refunds r
        WHERE r.booking_kind = p_kind AND r.booking_id = u.id AND r.status = 'succeeded' AND r.is_before_delivery
      ), 0)::bigint AS gross
      FROM unnest(p_ids, p_owner_ids, p_amounts) AS u(id, owner_id, amount)
    ) k
    WHERE k.gross > 0
      AND NOT EXISTS (SELECT 1 FROM ledger_journals j WHERE j.kind = 'booking.payable' AND j.booking_kind = p_kind AND j.booking_id = k.id)
  ), journals AS (
    INSERT INTO ledger_journals (kind, booking_kind, booking_id)
    SELECT 'booking.payable', p_kind, id FROM due
    ON CONFLICT (kind, booking_kind, booking_id) WHERE booking_id IS NOT NULL AND payout_id IS NULL DO NOTHING
    RETURNING id, booking_id
  )
  INSERT INTO ledger_lines (journal_id, account, owner_id, amount_cents)
  SELECT j.id, l.account, l.owner_id, l.amount
  FROM journals j
  JOIN due d ON d.id = j.booking_id
  CROSS JOIN LATERAL ledger_fee_of(p_kind, d.gross) f
  CROSS JOIN LATERAL (VALUES
    ('customer_funds', NULL::uuid, d.gross),
    ('owner_payable', d.owner_id, -(d.gross - f.fee_cents)),
    ('fee_revenue', NULL::uuid, -(f.fee_cents - f.gst_cents)),
    ('gst_payable', NULL::uuid, -f.gst_cents)
  ) AS l(account, owner_id, amount)
  WHERE l.amount <> 0
$$;
--> statement-breakpoint
-- booking.withdrawn of a booking refunded after delivery: besides its payable journal, the fee, GST and owner
-- lines of its refunds' journals are reversed, their sum going back to customer_funds (the customer's money
-- that is left, no longer earned by anyone).
CREATE OR REPLACE FUNCTION ledger_post_withdrawals(p_kind text, p_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  WITH due AS (
    SELECT j.id AS payable_id, j.booking_id
    FROM ledger_journals j
    WHERE j.kind = 'booking.payable' AND j.booking_kind = p_kind AND j.booking_id = ANY(p_ids)
  ), journals AS (
    INSERT INTO ledger_journals (kind, booking_kind, booking_id)
    SELECT 'booking.withdrawn', p_kind, booking_id FROM due
    ON CONFLICT (kind, booking_kind, booking_id) WHERE booking_id IS NOT NULL AND payout_id IS NULL DO NOTHING
    RETURNING id, booking_id
  ), refund_lines AS (
    SELECT w.id AS journal_id, l.account, l.owner_id, l.amount_cents
    FROM journals w
    JOIN refunds r ON r.booking_kind = p_kind AND r.booking_id = w.booking_id AND r.status = 'succeeded'
    JOIN ledger_journals rj ON rj.refund_id = r.id
    JOIN ledger_lines l ON l.journal_id = rj.id AND l.account IN ('fee_revenue', 'gst_payable', 'owner_payable')
  )
  INSERT INTO ledger_lines (journal_id, account, owner_id, amount_cents)
  SELECT j.id, l.account, l.owner_id, -l.amount_cents
  FROM journals j
  JOIN due d ON d.booking_id = j.booking_id
  JOIN ledger_lines l ON l.journal_id = d.payable_id
  UNION ALL
  SELECT journal_id, account, owner_id, -amount_cents FROM refund_lines
  UNION ALL
  SELECT journal_id, 'customer_funds', NULL, sum(amount_cents)::bigint FROM refund_lines GROUP BY journal_id HAVING sum(amount_cents) <> 0
$$;
--> statement-breakpoint
-- The undecidedRefunds work queue (docs/design.md §8.3): refunds made in Stripe's dashboard whose owner share
-- waits for finance's recovery choice; a counter kept by the statements that change the rows, exactly the
-- rows of the Refunds list's filter (recovery = 'undecided').
CREATE TRIGGER refunds_queue_counter_insert AFTER INSERT ON refunds REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_grouped('CASE WHEN recovery = ''undecided'' THEN ''refunds_undecided'' END');
--> statement-breakpoint
CREATE TRIGGER refunds_queue_counter_update AFTER UPDATE ON refunds REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_grouped('CASE WHEN recovery = ''undecided'' THEN ''refunds_undecided'' END');
--> statement-breakpoint
CREATE TRIGGER refunds_queue_counter_delete AFTER DELETE ON refunds REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_grouped('CASE WHEN recovery = ''undecided'' THEN ''refunds_undecided'' END');
--> statement-breakpoint
INSERT INTO stat_counters (name, value) VALUES ('refunds_undecided', 0) ON CONFLICT (name) DO NOTHING;
