CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"record_type" text NOT NULL,
	"record_id" text NOT NULL,
	"note_id" uuid,
	"event_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('mention', 'payoutFailed', 'webhookFailed', 'disputeEvidenceDue')),
	CONSTRAINT "notifications_title_length" CHECK (char_length("notifications"."title") between 1 and 300)
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_id_admins_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_recipient_event_idx" ON "notifications" USING btree ("recipient_id","event_key");--> statement-breakpoint
CREATE INDEX "notifications_recipient_created_idx" ON "notifications" USING btree ("recipient_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("recipient_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
-- Notifications (docs/design.md §13): the system events of the inbox are written here, in the
-- transaction of the change, so no money code path knows about notifications. Each goes to the active
-- admins whose roles open the record's list (owners open every list): the roles passed below are
-- those of the contract's NOTIFICATION_RECORD_LISTS (ute/job bookings and webhook events: finance),
-- which notifications.routes.test.ts checks. The unique (recipient_id, event_key) makes each event
-- notify each admin at most once.
CREATE FUNCTION notify_admins_with_roles(list_roles text[], p_kind text, p_title text, p_record_type text, p_record_id text, p_event_key text)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO notifications (recipient_id, kind, title, record_type, record_id, event_key)
  SELECT a.id, p_kind, left(p_title, 300), p_record_type, p_record_id, p_event_key
  FROM admins a
  WHERE a.is_active AND a.roles && (list_roles || ARRAY['owner'])
  ON CONFLICT (recipient_id, event_key) DO NOTHING;
$$;
--> statement-breakpoint
-- A payout whose status becomes failed (payouts.status: pending | succeeded | failed), inserted so or
-- moved there: the booking's screen (ute or job bookings) is finance's.
CREATE FUNCTION notifications_payout_failed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  reference text;
BEGIN
  IF NEW.booking_kind = 'job' THEN
    SELECT job_booking_id INTO reference FROM job_bookings WHERE id = NEW.booking_id;
  ELSE
    SELECT ute_booking_id INTO reference FROM ute_bookings WHERE id = NEW.booking_id;
  END IF;
  PERFORM notify_admins_with_roles(
    ARRAY['finance'],
    'payoutFailed',
    'Payout failed for ' || CASE WHEN NEW.booking_kind = 'job' THEN 'job booking ' ELSE 'ute booking ' END || coalesce(reference, NEW.booking_id::text),
    CASE WHEN NEW.booking_kind = 'job' THEN 'jobBooking' ELSE 'uteBooking' END,
    NEW.booking_id::text,
    'payoutFailed:' || NEW.id::text
  );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payouts_failed_notify_insert AFTER INSERT ON payouts FOR EACH ROW WHEN (NEW.status = 'failed') EXECUTE FUNCTION notifications_payout_failed();
--> statement-breakpoint
CREATE TRIGGER payouts_failed_notify_update AFTER UPDATE OF status ON payouts FOR EACH ROW WHEN (NEW.status = 'failed' AND OLD.status IS DISTINCT FROM 'failed') EXECUTE FUNCTION notifications_payout_failed();
--> statement-breakpoint
-- A Stripe event whose state becomes failed (stripe_events.state: received | processed | ignored |
-- failed, migration 0014): the Webhooks screen is finance's.
CREATE FUNCTION notifications_webhook_failed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_admins_with_roles(ARRAY['finance'], 'webhookFailed', 'Webhook event failed: ' || NEW.type, 'webhookEvent', NEW.id, 'webhookFailed:' || NEW.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER stripe_events_failed_notify_insert AFTER INSERT ON stripe_events FOR EACH ROW WHEN (NEW.state = 'failed') EXECUTE FUNCTION notifications_webhook_failed();
--> statement-breakpoint
CREATE TRIGGER stripe_events_failed_notify_update AFTER UPDATE OF state ON stripe_events FOR EACH ROW WHEN (NEW.state = 'failed' AND OLD.state IS DISTINCT FROM 'failed') EXECUTE FUNCTION notifications_webhook_failed();
