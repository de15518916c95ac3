ALTER TABLE "admins" ADD COLUMN "notification_digest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "digest_sent_on" date;--> statement-breakpoint
-- Live events (docs/design.md §14): every api process LISTENs on admin_events and fans what it hears
-- out to its Server-Sent Event streams. pg_notify is sent at commit, and only if the transaction
-- commits, so a stream never hears of a change that was rolled back. Payloads stay far below
-- NOTIFY's 8,000 bytes: ids and names only, the stream's reader fetches the rest.
--
-- A record changed: every state change writes its audit entry in its own transaction (§8.2), so the
-- audit log is the one place that hears of all of them, of every record type.
CREATE FUNCTION live_events_audit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('admin_events', json_build_object(
    'type', 'record',
    'action', NEW.action,
    'targetType', NEW.target_type,
    'targetId', left(NEW.target_id, 200),
    'status', left(NEW.after ->> 'status', 40),
    'adminId', NEW.admin_id,
    'at', NEW.created_at
  )::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_live_events AFTER INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION live_events_audit();
--> statement-breakpoint
-- A work queue's count moved (the counters of §8.3 named below). The payload is the same for every
-- row, and PostgreSQL sends identical notifications of one transaction once: a bulk approval of 100
-- utes is one event, after which each process reads the counts once.
CREATE FUNCTION live_events_work_queues() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('admin_events', '{"type":"workQueues"}');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER stat_counters_live_events AFTER INSERT OR UPDATE ON stat_counters FOR EACH ROW
  WHEN (NEW.name IN ('utes_pending', 'jobs_pending', 'ute_bookings_awaiting_payout', 'job_bookings_awaiting_payout',
    'payments_manual_awaiting', 'shipments_awaiting_price', 'customer_queries_unanswered', 'disputes_needing_evidence', 'refunds_undecided'))
  EXECUTE FUNCTION live_events_work_queues();
--> statement-breakpoint
-- A notification for one admin (§13): only that admin's streams fetch the inbox again.
CREATE FUNCTION live_events_notification() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('admin_events', json_build_object('type', 'notification', 'recipientId', NEW.recipient_id)::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_live_events AFTER INSERT ON notifications FOR EACH ROW EXECUTE FUNCTION live_events_notification();
--> statement-breakpoint
-- An admin's sessions were revoked (sign-out, password change, an owner's sign-out, deactivation) or
-- their roles changed: that admin's streams check their token again and close if it no longer holds.
CREATE FUNCTION live_events_admin_access() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('admin_events', json_build_object('type', 'access', 'adminId', NEW.id)::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER admins_live_events AFTER UPDATE OF token_version, is_active, roles ON admins FOR EACH ROW
  WHEN (OLD.token_version IS DISTINCT FROM NEW.token_version OR OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.roles IS DISTINCT FROM NEW.roles)
  EXECUTE FUNCTION live_events_admin_access();
