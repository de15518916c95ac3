-- Each owner's balances as their ledger lines sum them (db/tables/ledger.table.ts, docs/design.md §9.2):
-- kept by a statement trigger on ledger_lines in the transaction that writes the lines, so Balances
-- reads one row per owner instead of summing every line (about 0.8 s at 2M lines before this).
CREATE TABLE "ledger_owner_balances" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"payable_cents" bigint NOT NULL,
	"in_transit_cents" bigint NOT NULL,
	"paid_out_cents" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "ledger_owner_balances" (owner_id, payable_cents, in_transit_cents, paid_out_cents)
  SELECT owner_id,
    -coalesce(sum(amount_cents) FILTER (WHERE account IN ('owner_payable', 'adjustments')), 0),
    -coalesce(sum(amount_cents) FILTER (WHERE account = 'owner_in_transit'), 0),
    -coalesce(sum(amount_cents) FILTER (WHERE account = 'owner_paid_out'), 0)
  FROM ledger_lines WHERE owner_id IS NOT NULL GROUP BY owner_id;--> statement-breakpoint
CREATE INDEX "ledger_owner_balances_payable_idx" ON "ledger_owner_balances" USING btree ("payable_cents" DESC NULLS LAST,"owner_id");--> statement-breakpoint
CREATE INDEX "ledger_owner_balances_in_transit_idx" ON "ledger_owner_balances" USING btree ("in_transit_cents" DESC NULLS LAST,"owner_id");--> statement-breakpoint
CREATE INDEX "ledger_owner_balances_paid_out_idx" ON "ledger_owner_balances" USING btree ("paid_out_cents" DESC NULLS LAST,"owner_id");--> statement-breakpoint
-- Adds each statement's sums per owner, owners in id order (two transactions touching the same owners lock them in one order).
CREATE FUNCTION ledger_owner_balances_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_owner_balances AS b (owner_id, payable_cents, in_transit_cents, paid_out_cents)
    SELECT owner_id,
      -coalesce(sum(amount_cents) FILTER (WHERE account IN ('owner_payable', 'adjustments')), 0),
    -coalesce(sum(amount_cents) FILTER (WHERE account = 'owner_in_transit'), 0),
    -coalesce(sum(amount_cents) FILTER (WHERE account = 'owner_paid_out'), 0)
    FROM new_lines WHERE owner_id IS NOT NULL GROUP BY owner_id ORDER BY owner_id
  ON CONFLICT (owner_id) DO UPDATE SET
    payable_cents = b.payable_cents + excluded.payable_cents,
    in_transit_cents = b.in_transit_cents + excluded.in_transit_cents,
    paid_out_cents = b.paid_out_cents + excluded.paid_out_cents;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER ledger_lines_owner_balances AFTER INSERT ON ledger_lines REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION ledger_owner_balances_add();--> statement-breakpoint
-- Only that trigger writes the cache: a write from anywhere else (trigger depth 1: this guard is the first trigger) is refused.
CREATE FUNCTION ledger_owner_balances_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'ledger_owner_balances is kept by the ledger: write ledger lines instead' USING ERRCODE = 'raise_exception';
  END IF;
  RETURN CASE TG_OP WHEN 'DELETE' THEN OLD ELSE NEW END;
END $$;--> statement-breakpoint
CREATE TRIGGER ledger_owner_balances_guard BEFORE INSERT OR UPDATE OR DELETE ON ledger_owner_balances FOR EACH ROW EXECUTE FUNCTION ledger_owner_balances_guard();--> statement-breakpoint
CREATE FUNCTION ledger_owner_balances_no_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_owner_balances is kept by the ledger: it cannot be truncated';
END $$;--> statement-breakpoint
CREATE TRIGGER ledger_owner_balances_no_truncate BEFORE TRUNCATE ON ledger_owner_balances FOR EACH STATEMENT EXECUTE FUNCTION ledger_owner_balances_no_truncate();
