CREATE TABLE "ledger_journals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"booking_kind" text,
	"booking_id" uuid,
	"payout_id" uuid,
	"payment_id" uuid,
	"memo" text,
	"admin_id" uuid,
	"request_id" text,
	"created_txid" bigint DEFAULT txid_current() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"journal_id" uuid NOT NULL,
	"account" text NOT NULL,
	"owner_id" uuid,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_lines_amount_nonzero" CHECK ("ledger_lines"."amount_cents" <> 0),
	CONSTRAINT "ledger_lines_owner_accounts" CHECK (("ledger_lines"."account" in ('owner_payable', 'owner_in_transit', 'owner_paid_out', 'adjustments')) = ("ledger_lines"."owner_id" is not null)),
	CONSTRAINT "ledger_lines_known_account" CHECK ("ledger_lines"."account" in ('platform_cash', 'customer_funds', 'owner_payable', 'owner_in_transit', 'owner_paid_out', 'fee_revenue', 'gst_payable', 'adjustments'))
);
--> statement-breakpoint
CREATE TABLE "platform_fees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_kind" text NOT NULL,
	"percent_bps" integer NOT NULL,
	"fixed_cents" integer NOT NULL,
	"admin_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_fees_percent_range" CHECK ("platform_fees"."percent_bps" between 0 and 10000),
	CONSTRAINT "platform_fees_fixed_range" CHECK ("platform_fees"."fixed_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD CONSTRAINT "ledger_journals_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_journal_id_ledger_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_fees" ADD CONSTRAINT "platform_fees_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_journals_booking_once_idx" ON "ledger_journals" USING btree ("kind","booking_kind","booking_id") WHERE "ledger_journals"."booking_id" is not null and "ledger_journals"."payout_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_journals_payout_once_idx" ON "ledger_journals" USING btree ("kind","payout_id") WHERE "ledger_journals"."payout_id" is not null and "ledger_journals"."kind" <> 'payout.reversed';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_journals_payment_once_idx" ON "ledger_journals" USING btree ("kind","payment_id") WHERE "ledger_journals"."payment_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_journals_booking_idx" ON "ledger_journals" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "ledger_lines_journal_idx" ON "ledger_lines" USING btree ("journal_id");--> statement-breakpoint
CREATE INDEX "ledger_lines_owner_idx" ON "ledger_lines" USING btree ("owner_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "ledger_lines"."owner_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_lines_account_idx" ON "ledger_lines" USING btree ("account","created_at");--> statement-breakpoint
CREATE INDEX "platform_fees_kind_idx" ON "platform_fees" USING btree ("booking_kind","created_at" DESC NULLS LAST);--> statement-breakpoint
-- Issue 26: the double-entry ledger (docs/design.md §9). Signed integer cents (debit +, credit -).
-- The database itself keeps it whole: a journal whose lines do not sum to zero (or has fewer than two)
-- cannot be committed, lines can only be added in the transaction that wrote their journal, and
-- nothing is ever updated, deleted or truncated (a correction is a new reversing journal).
CREATE FUNCTION ledger_journal_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
  line_count int;
BEGIN
  SELECT coalesce(sum(amount_cents), 0), count(*) INTO total, line_count FROM ledger_lines WHERE journal_id = NEW.id;
  IF line_count < 2 OR total <> 0 THEN
    RAISE EXCEPTION 'ledger journal % (%) does not balance: % lines summing to % cents', NEW.id, NEW.kind, line_count, total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_journals_balanced AFTER INSERT ON ledger_journals DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_journal_balanced();
--> statement-breakpoint
CREATE FUNCTION ledger_lines_in_journal_transaction() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n JOIN ledger_journals j ON j.id = n.journal_id WHERE j.created_txid <> txid_current()) THEN
    RAISE EXCEPTION 'ledger lines can be added only in the transaction that wrote their journal' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_lines_same_transaction AFTER INSERT ON ledger_lines REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_lines_in_journal_transaction();
--> statement-breakpoint
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % is refused; write a reversing journal instead', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_journals_append_only BEFORE UPDATE OR DELETE ON ledger_journals FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_journals_no_truncate BEFORE TRUNCATE ON ledger_journals FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_lines_append_only BEFORE UPDATE OR DELETE ON ledger_lines FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_lines_no_truncate BEFORE TRUNCATE ON ledger_lines FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- The platform's fee on a booking's gross (GST inclusive) and the GST in it: the newest fee row of the
-- kind, percent rounded to the cent (half up) plus the fixed part, never more than the gross. GST is 1/11
-- of the GST-inclusive fee, rounded to the nearest cent, half a cent up (A New Tax System (Goods and
-- Services Tax) Act 1999 s 9-70 and s 9-75, GST = 1/11 of the price of a taxable supply; ATO "Rounding
-- of GST amounts": round to the nearest cent, 0.5 up). Written once here: the api reads the journal.
CREATE FUNCTION ledger_fee_of(p_booking_kind text, p_gross_cents bigint, OUT fee_cents bigint, OUT gst_cents bigint) LANGUAGE sql STABLE AS $$
  SELECT f.fee, round(f.fee / 11.0)::bigint
  FROM (
    SELECT coalesce((
      SELECT least(p_gross_cents, round(p_gross_cents * pf.percent_bps / 10000.0)::bigint + pf.fixed_cents)
      FROM platform_fees pf WHERE pf.booking_kind = p_booking_kind ORDER BY pf.created_at DESC LIMIT 1
    ), 0) AS fee
  ) f
$$;
--> statement-breakpoint
-- booking.payable: the booking is delivered, so the customer's money is earned: the owner's share is
-- payable, the fee is revenue and its GST is owed. Once per booking (skipped when already journalled).
CREATE FUNCTION ledger_post_payables(p_kind text, p_ids uuid[], p_owner_ids uuid[], p_amounts numeric[]) RETURNS void LANGUAGE sql AS $$
  WITH due AS (
    SELECT u.id, u.owner_id, round(u.amount * 100)::bigint AS gross
    FROM unnest(p_ids, p_owner_ids, p_amounts) AS u(id, owner_id, amount)
    WHERE round(u.amount * 100) > 0
      AND NOT EXISTS (SELECT 1 FROM ledger_journals j WHERE j.kind = 'booking.payable' AND j.booking_kind = p_kind AND j.booking_id = u.id)
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
-- payout.before-ledger: a booking that was already paid out when it reached the ledger (the backfill,
-- or a booking imported as transferred): its payable share goes straight to paid out.
CREATE FUNCTION ledger_post_paid_before_ledger(p_kind text, p_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  WITH due AS (
    SELECT j.booking_id, l.owner_id, -l.amount_cents AS net
    FROM ledger_journals j
    JOIN ledger_lines l ON l.journal_id = j.id AND l.account = 'owner_payable'
    WHERE j.kind = 'booking.payable' AND j.booking_kind = p_kind AND j.booking_id = ANY(p_ids)
      AND NOT EXISTS (SELECT 1 FROM ledger_journals x WHERE x.kind = 'payout.before-ledger' AND x.booking_kind = p_kind AND x.booking_id = j.booking_id)
  ), journals AS (
    INSERT INTO ledger_journals (kind, booking_kind, booking_id)
    SELECT 'payout.before-ledger', p_kind, booking_id FROM due
    ON CONFLICT (kind, booking_kind, booking_id) WHERE booking_id IS NOT NULL AND payout_id IS NULL DO NOTHING
    RETURNING id, booking_id
  )
  INSERT INTO ledger_lines (journal_id, account, owner_id, amount_cents)
  SELECT j.id, l.account, d.owner_id, l.amount
  FROM journals j
  JOIN due d ON d.booking_id = j.booking_id
  CROSS JOIN LATERAL (VALUES ('owner_payable', d.net), ('owner_paid_out', -d.net)) AS l(account, amount)
$$;
--> statement-breakpoint
-- booking.withdrawn: a delivered booking deleted before any payout: its payable journal is reversed
-- line by line (fee and GST included), so the owner is no longer owed for it.
CREATE FUNCTION ledger_post_withdrawals(p_kind text, p_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  WITH due AS (
    SELECT j.id AS payable_id, j.booking_id
    FROM ledger_journals j
    WHERE j.kind = 'booking.payable' AND j.booking_kind = p_kind AND j.booking_id = ANY(p_ids)
  ), journals AS (
    INSERT INTO ledger_journals (kind, booking_kind, booking_id)
    SELECT 'booking.withdrawn', p_kind, booking_id FROM due
    ON CONFLICT (kind, booking_kind, booking_id) WHERE booking_id IS NOT NULL AND payout_id IS NULL DO NOTHING
    RETURNING id, booking_id
  )
  INSERT INTO ledger_lines (journal_id, account, owner_id, amount_cents)
  SELECT j.id, l.account, l.owner_id, -l.amount_cents
  FROM journals j
  JOIN due d ON d.booking_id = j.booking_id
  JOIN ledger_lines l ON l.journal_id = d.payable_id
$$;
--> statement-breakpoint
-- Bookings are written by the customer app too, so the database journals their money events in the
-- same transaction as the change, whoever makes it: delivered (inserted so, or updated to it) makes the
-- booking payable; one inserted already transferred was paid before it reached us; deleting a delivered
-- booking that was never paid out withdraws its payable journal. A deleted booking is payable only if
-- it was paid out (its money moved before the deletion).
CREATE FUNCTION ledger_bookings_journal() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  booking_kind text := TG_ARGV[0];
  ids uuid[];
  owner_ids uuid[];
  amounts numeric[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.id), array_agg(n.owner_id), array_agg(n.amount) INTO ids, owner_ids, amounts
    FROM new_rows n WHERE n.status = 'delivered' AND (n.deleted_at IS NULL OR n.transfer_state <> 'none');
  ELSE
    SELECT array_agg(n.id), array_agg(n.owner_id), array_agg(n.amount) INTO ids, owner_ids, amounts
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.status = 'delivered' AND o.status IS DISTINCT FROM 'delivered' AND (n.deleted_at IS NULL OR n.transfer_state <> 'none');
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM ledger_post_payables(booking_kind, ids, owner_ids, amounts);
  END IF;
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(n.id) INTO ids FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE o.deleted_at IS NULL AND n.deleted_at IS NOT NULL AND n.transfer_state = 'none';
    IF ids IS NOT NULL THEN
      PERFORM ledger_post_withdrawals(booking_kind, ids);
    END IF;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.id) INTO ids FROM new_rows n WHERE n.status = 'delivered' AND n.transfer_state = 'transferred';
    IF ids IS NOT NULL THEN
      PERFORM ledger_post_paid_before_ledger(booking_kind, ids);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- payment.received: a Stripe payment that succeeded, or a manual (bank) payment an admin accepted.
CREATE FUNCTION ledger_payments_journal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH received AS (
    SELECT n.id, n.amount_cents::bigint AS amount
    FROM new_rows n
    WHERE n.amount_cents > 0
      AND ((n.is_stripe AND n.status = 'succeeded') OR (NOT n.is_stripe AND n.status = 'inProgress'))
      AND NOT EXISTS (SELECT 1 FROM ledger_journals j WHERE j.kind = 'payment.received' AND j.payment_id = n.id)
  ), journals AS (
    INSERT INTO ledger_journals (kind, payment_id)
    SELECT 'payment.received', id FROM received
    ON CONFLICT (kind, payment_id) WHERE payment_id IS NOT NULL DO NOTHING
    RETURNING id, payment_id
  )
  INSERT INTO ledger_lines (journal_id, account, owner_id, amount_cents)
  SELECT j.id, l.account, NULL, l.amount
  FROM journals j
  JOIN received r ON r.id = j.payment_id
  CROSS JOIN LATERAL (VALUES ('platform_cash', r.amount), ('customer_funds', -r.amount)) AS l(account, amount);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The backfill: journals for the money already here, so balances are right on day one (no fee before
-- the fee model existed). Payments, then delivered bookings, then the payouts in their order, then the
-- bookings marked transferred with no payout row (paid before payouts were recorded).
INSERT INTO ledger_journals (kind, payment_id, created_at)
SELECT 'payment.received', p.id, p.created_at FROM payments p
WHERE p.amount_cents > 0 AND ((p.is_stripe AND p.status = 'succeeded') OR (NOT p.is_stripe AND p.status = 'inProgress'));
--> statement-breakpoint
INSERT INTO ledger_lines (journal_id, account, owner_id, amount_cents, created_at)
SELECT j.id, l.account, NULL, l.amount, j.created_at
FROM ledger_journals j
JOIN payments p ON p.id = j.payment_id
CROSS JOIN LATERAL (VALUES ('platform_cash', p.amount_cents::bigint), ('customer_funds', -p.amount_cents::bigint)) AS l(account, amount)
WHERE j.kind = 'payment.received';
--> statement-breakpoint
SELECT ledger_post_payables('ute', array_agg(id), array_agg(owner_id), array_agg(amount)) FROM ute_bookings WHERE status = 'delivered' AND (deleted_at IS NULL OR transfer_state <> 'none') HAVING count(*) > 0;
--> statement-breakpoint
SELECT ledger_post_payables('job', array_agg(id), array_agg(owner_id), array_agg(amount)) FROM job_bookings WHERE status = 'delivered' AND (deleted_at IS NULL OR transfer_state <> 'none') HAVING count(*) > 0;
--> statement-breakpoint
INSERT INTO ledger_journals (kind, booking_kind, booking_id, payout_id, admin_id, created_at)
SELECT step.kind, p.booking_kind, p.booking_id, p.id, p.admin_id, step.at
FROM payouts p
CROSS JOIN LATERAL (VALUES
  (CASE WHEN p.method = 'manual' THEN 'payout.manual' ELSE 'payout.started' END, p.created_at),
  (CASE WHEN p.method <> 'manual' AND p.status = 'succeeded' THEN 'payout.succeeded' WHEN p.method <> 'manual' AND p.status = 'failed' THEN 'payout.failed' END, coalesce(p.completed_at, p.created_at))
) AS step(kind, at)
WHERE step.kind IS NOT NULL AND p.amount_cents > 0 AND (p.method <> 'manual' OR p.status = 'succeeded');
--> statement-breakpoint
INSERT INTO ledger_lines (journal_id, account, owner_id, amount_cents, created_at)
SELECT j.id, l.account, p.owner_id, l.amount, j.created_at
FROM ledger_journals j
JOIN payouts p ON p.id = j.payout_id
CROSS JOIN LATERAL (VALUES
  (CASE j.kind WHEN 'payout.started' THEN 'owner_payable' WHEN 'payout.manual' THEN 'owner_payable' ELSE 'owner_in_transit' END, p.amount_cents::bigint),
  (CASE j.kind WHEN 'payout.started' THEN 'owner_in_transit' WHEN 'payout.failed' THEN 'owner_payable' ELSE 'owner_paid_out' END, -p.amount_cents::bigint)
) AS l(account, amount)
WHERE j.payout_id IS NOT NULL;
--> statement-breakpoint
SELECT ledger_post_paid_before_ledger('ute', array_agg(b.id)) FROM ute_bookings b
WHERE b.status = 'delivered' AND b.transfer_state = 'transferred'
  AND NOT EXISTS (SELECT 1 FROM payouts p WHERE p.booking_kind = 'ute' AND p.booking_id = b.id AND p.status = 'succeeded')
HAVING count(*) > 0;
--> statement-breakpoint
SELECT ledger_post_paid_before_ledger('job', array_agg(b.id)) FROM job_bookings b
WHERE b.status = 'delivered' AND b.transfer_state = 'transferred'
  AND NOT EXISTS (SELECT 1 FROM payouts p WHERE p.booking_kind = 'job' AND p.booking_id = b.id AND p.status = 'succeeded')
HAVING count(*) > 0;
--> statement-breakpoint
CREATE TRIGGER ute_bookings_ledger_insert AFTER INSERT ON ute_bookings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_bookings_journal('ute');
--> statement-breakpoint
CREATE TRIGGER ute_bookings_ledger_update AFTER UPDATE ON ute_bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_bookings_journal('ute');
--> statement-breakpoint
CREATE TRIGGER job_bookings_ledger_insert AFTER INSERT ON job_bookings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_bookings_journal('job');
--> statement-breakpoint
CREATE TRIGGER job_bookings_ledger_update AFTER UPDATE ON job_bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_bookings_journal('job');
--> statement-breakpoint
CREATE TRIGGER payments_ledger_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_payments_journal();
--> statement-breakpoint
CREATE TRIGGER payments_ledger_update AFTER UPDATE ON payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_payments_journal();
