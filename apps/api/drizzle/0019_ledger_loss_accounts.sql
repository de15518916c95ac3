-- Issue 27: two platform accounts for the money that goes back: platform_expense (a refund or lost dispute the
-- platform bears) and disputes_pending (what Stripe withdrew for an open dispute). docs/design.md §9.

ALTER TABLE "ledger_lines" DROP CONSTRAINT "ledger_lines_known_account";--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_known_account" CHECK ("ledger_lines"."account" in ('platform_cash', 'customer_funds', 'owner_payable', 'owner_in_transit', 'owner_paid_out', 'fee_revenue', 'gst_payable', 'adjustments', 'platform_expense', 'disputes_pending'));