CREATE TABLE "work_items" (
	"queue" text NOT NULL,
	"record_id" uuid NOT NULL,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"assignee_id" uuid,
	"assigned_at" timestamp with time zone,
	"assigned_by" uuid,
	CONSTRAINT "work_items_queue_record_id_pk" PRIMARY KEY("queue","record_id"),
	CONSTRAINT "work_items_queue_check" CHECK ("work_items"."queue" in ('pendingUtes', 'pendingJobs', 'uteBookingsAwaitingPayout', 'jobBookingsAwaitingPayout', 'manualPaymentsAwaitingAcceptance', 'unansweredQueries', 'quotesAwaitingPrice', 'disputesNeedingEvidence')),
	CONSTRAINT "work_items_assignment_whole" CHECK (("work_items"."assignee_id" is null) = ("work_items"."assigned_at" is null))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "work_items" ADD CONSTRAINT "work_items_assignee_id_admins_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_items" ADD CONSTRAINT "work_items_assigned_by_admins_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_items_queue_entered_idx" ON "work_items" USING btree ("queue","entered_at","record_id");--> statement-breakpoint
CREATE INDEX "work_items_assignee_idx" ON "work_items" USING btree ("assignee_id","queue","entered_at") WHERE "work_items"."assignee_id" is not null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('mention', 'payoutFailed', 'webhookFailed', 'disputeEvidenceDue', 'assigned', 'overdue'));--> statement-breakpoint
-- Work items (docs/design.md §15): each row waiting in a work queue, from the moment it entered the
-- queue, kept here in the transaction of the change by the triggers below. The conditions are those
-- of the queues' counters (migrations 0008 and 0021), so a queue's items are exactly its counted rows.
-- A row leaving its queue deletes its item, and its assignment goes with it; a row that stays keeps
-- its entered_at (ON CONFLICT DO NOTHING), however often it is updated.
-- TG_ARGV: the queue, and its condition over a row of the queue's table aliased `q`.
CREATE FUNCTION work_items_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    EXECUTE 'DELETE FROM work_items WHERE queue = $1 AND record_id IN (SELECT q.id FROM old_rows AS q)' USING TG_ARGV[0];
  ELSIF TG_OP = 'UPDATE' THEN
    EXECUTE format(
      'DELETE FROM work_items WHERE queue = $1 AND record_id IN (SELECT q.id FROM old_rows AS q EXCEPT SELECT q.id FROM new_rows AS q WHERE %s)',
      TG_ARGV[1]
    ) USING TG_ARGV[0];
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    EXECUTE format(
      'INSERT INTO work_items (queue, record_id, entered_at) SELECT $1, q.id, now() FROM new_rows AS q WHERE %s ON CONFLICT (queue, record_id) DO NOTHING',
      TG_ARGV[1]
    ) USING TG_ARGV[0];
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER utes_work_items_insert AFTER INSERT ON utes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION work_items_sync('pendingUtes', 'q.deleted_at IS NULL AND q.status NOT IN (''Approved'', ''Rejected'')');
--> statement-breakpoint
CREATE TRIGGER utes_work_items_update AFTER UPDATE ON utes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION work_items_sync('pendingUtes', 'q.deleted_at IS NULL AND q.status NOT IN (''Approved'', ''Rejected'')');
--> statement-breakpoint
CREATE TRIGGER utes_work_items_delete AFTER DELETE ON utes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION work_items_sync('pendingUtes', 'q.deleted_at IS NULL AND q.status NOT IN (''Approved'', ''Rejected'')');
--> statement-breakpoint
CREATE TRIGGER jobs_work_items_insert AFTER INSERT ON jobs REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION work_items_sync('pendingJobs', 'q.deleted_at IS NULL AND q.status NOT IN (''Approved'', ''Rejected'')');
--> statement-breakpoint
CREATE TRIGGER jobs_work_items_update AFTER UPDATE ON jobs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION work_items_sync('pendingJobs', 'q.deleted_at IS NULL AND q.status NOT IN (''Approved'', ''Rejected'')');
--> statement-breakpoint
CREATE TRIGGER jobs_work_items_delete AFTER DELETE ON jobs REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION work_items_sync('pendingJobs', 'q.deleted_at IS NULL AND q.status NOT IN (''Approved'', ''Rejected'')');
--> statement-breakpoint
CREATE TRIGGER ute_bookings_work_items_insert AFTER INSERT ON ute_bookings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION work_items_sync('uteBookingsAwaitingPayout', 'q.deleted_at IS NULL AND q.status = ''delivered'' AND q.transfer_state = ''none''');
--> statement-breakpoint
CREATE TRIGGER ute_bookings_work_items_update AFTER UPDATE ON ute_bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION work_items_sync('uteBookingsAwaitingPayout', 'q.deleted_at IS NULL AND q.status = ''delivered'' AND q.transfer_state = ''none''');
--> statement-breakpoint
CREATE TRIGGER ute_bookings_work_items_delete AFTER DELETE ON ute_bookings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION work_items_sync('uteBookingsAwaitingPayout', 'q.deleted_at IS NULL AND q.status = ''delivered'' AND q.transfer_state = ''none''');
--> statement-breakpoint
CREATE TRIGGER job_bookings_work_items_insert AFTER INSERT ON job_bookings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION work_items_sync('jobBookingsAwaitingPayout', 'q.deleted_at IS NULL AND q.status = ''delivered'' AND q.transfer_state = ''none''');
--> statement-breakpoint
CREATE TRIGGER job_bookings_work_items_update AFTER UPDATE ON job_bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION work_items_sync('jobBookingsAwaitingPayout', 'q.deleted_at IS NULL AND q.status = ''delivered'' AND q.transfer_state = ''none''');
--> statement-breakpoint
CREATE TRIGGER job_bookings_work_items_delete AFTER DELETE ON job_bookings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION work_items_sync('jobBookingsAwaitingPayout', 'q.deleted_at IS NULL AND q.status = ''delivered'' AND q.transfer_state = ''none''');
--> statement-breakpoint
CREATE TRIGGER payments_work_items_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION work_items_sync('manualPaymentsAwaitingAcceptance', 'NOT q.is_stripe AND q.status <> ''inProgress''');
--> statement-breakpoint
CREATE TRIGGER payments_work_items_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION work_items_sync('manualPaymentsAwaitingAcceptance', 'NOT q.is_stripe AND q.status <> ''inProgress''');
--> statement-breakpoint
CREATE TRIGGER payments_work_items_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION work_items_sync('manualPaymentsAwaitingAcceptance', 'NOT q.is_stripe AND q.status <> ''inProgress''');
--> statement-breakpoint
CREATE TRIGGER shipments_work_items_insert AFTER INSERT ON shipments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION work_items_sync('quotesAwaitingPrice', 'q.deleted_at IS NULL AND q.status = ''requested''');
--> statement-breakpoint
CREATE TRIGGER shipments_work_items_update AFTER UPDATE ON shipments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION work_items_sync('quotesAwaitingPrice', 'q.deleted_at IS NULL AND q.status = ''requested''');
--> statement-breakpoint
CREATE TRIGGER shipments_work_items_delete AFTER DELETE ON shipments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION work_items_sync('quotesAwaitingPrice', 'q.deleted_at IS NULL AND q.status = ''requested''');
--> statement-breakpoint
CREATE TRIGGER disputes_work_items_insert AFTER INSERT ON disputes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION work_items_sync('disputesNeedingEvidence', 'q.status IN (''warning_needs_response'', ''needs_response'') AND q.evidence_submitted_at IS NULL');
--> statement-breakpoint
CREATE TRIGGER disputes_work_items_update AFTER UPDATE ON disputes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION work_items_sync('disputesNeedingEvidence', 'q.status IN (''warning_needs_response'', ''needs_response'') AND q.evidence_submitted_at IS NULL');
--> statement-breakpoint
CREATE TRIGGER disputes_work_items_delete AFTER DELETE ON disputes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION work_items_sync('disputesNeedingEvidence', 'q.status IN (''warning_needs_response'', ''needs_response'') AND q.evidence_submitted_at IS NULL');
--> statement-breakpoint
-- A query waits while it is live and has no reply: its items follow both tables (as its counter, 0008).
CREATE TRIGGER customer_queries_work_items_insert AFTER INSERT ON customer_queries REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION work_items_sync('unansweredQueries', 'q.deleted_at IS NULL AND NOT EXISTS (SELECT FROM query_replies AS r WHERE r.query_id = q.id)');
--> statement-breakpoint
CREATE TRIGGER customer_queries_work_items_update AFTER UPDATE ON customer_queries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION work_items_sync('unansweredQueries', 'q.deleted_at IS NULL AND NOT EXISTS (SELECT FROM query_replies AS r WHERE r.query_id = q.id)');
--> statement-breakpoint
CREATE TRIGGER customer_queries_work_items_delete AFTER DELETE ON customer_queries REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION work_items_sync('unansweredQueries', 'q.deleted_at IS NULL AND NOT EXISTS (SELECT FROM query_replies AS r WHERE r.query_id = q.id)');
--> statement-breakpoint
-- A reply takes its query out of the queue; the last reply removed puts a live query back, entering anew.
-- The replies' counter trigger (0008) has locked the queries concerned, so this reads the replies committed before.
CREATE FUNCTION work_items_query_replies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    DELETE FROM work_items WHERE queue = 'unansweredQueries' AND record_id IN (SELECT query_id FROM new_rows);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO work_items (queue, record_id, entered_at)
      SELECT 'unansweredQueries', q.id, now() FROM customer_queries AS q
      WHERE q.id IN (SELECT query_id FROM old_rows) AND q.deleted_at IS NULL
        AND NOT EXISTS (SELECT FROM query_replies AS r WHERE r.query_id = q.id)
      ON CONFLICT (queue, record_id) DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER query_replies_work_items_insert AFTER INSERT ON query_replies REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION work_items_query_replies();
--> statement-breakpoint
CREATE TRIGGER query_replies_work_items_update AFTER UPDATE ON query_replies REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION work_items_query_replies();
--> statement-breakpoint
CREATE TRIGGER query_replies_work_items_delete AFTER DELETE ON query_replies REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION work_items_query_replies();
--> statement-breakpoint
-- The rows already waiting (the lock keeps writers out while this runs in the migration). When each
-- entered its queue was never recorded: the best value there is, the row's creation (a dispute's
-- row is made when Stripe opens it), so a backfilled booking's age counts from its booking, not its delivery.
LOCK TABLE utes, jobs, ute_bookings, job_bookings, payments, shipments, customer_queries, query_replies, disputes IN SHARE MODE;
--> statement-breakpoint
INSERT INTO work_items (queue, record_id, entered_at)
  SELECT 'pendingUtes', id, created_at FROM utes WHERE deleted_at IS NULL AND status NOT IN ('Approved', 'Rejected')
  UNION ALL SELECT 'pendingJobs', id, created_at FROM jobs WHERE deleted_at IS NULL AND status NOT IN ('Approved', 'Rejected')
  UNION ALL SELECT 'uteBookingsAwaitingPayout', id, created_at FROM ute_bookings WHERE deleted_at IS NULL AND status = 'delivered' AND transfer_state = 'none'
  UNION ALL SELECT 'jobBookingsAwaitingPayout', id, created_at FROM job_bookings WHERE deleted_at IS NULL AND status = 'delivered' AND transfer_state = 'none'
  UNION ALL SELECT 'manualPaymentsAwaitingAcceptance', id, created_at FROM payments WHERE NOT is_stripe AND status <> 'inProgress'
  UNION ALL SELECT 'unansweredQueries', q.id, q.created_at FROM customer_queries AS q WHERE q.deleted_at IS NULL AND NOT EXISTS (SELECT FROM query_replies AS r WHERE r.query_id = q.id)
  UNION ALL SELECT 'quotesAwaitingPrice', id, created_at FROM shipments WHERE deleted_at IS NULL AND status = 'requested'
  UNION ALL SELECT 'disputesNeedingEvidence', id, created_at FROM disputes WHERE status IN ('warning_needs_response', 'needs_response') AND evidence_submitted_at IS NULL;
