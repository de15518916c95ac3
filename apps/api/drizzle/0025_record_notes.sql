-- Issue 29, point 3: internal notes on every record (docs/design.md §11). Never deleted: a retraction is a
-- new note pointing at the retracted one. The trigger below holds that even against a bug in the api.
CREATE TABLE "record_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"record_type" text NOT NULL,
	"record_id" text NOT NULL,
	"author_id" uuid NOT NULL,
	"body" text NOT NULL,
	"mentions" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"retracts_note_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	CONSTRAINT "record_notes_record_type_check" CHECK ("record_notes"."record_type" in ('user', 'ute', 'job', 'uteBooking', 'jobBooking', 'payment', 'query', 'quote', 'admin')),
	CONSTRAINT "record_notes_body_length" CHECK (char_length(btrim("record_notes"."body")) between 1 and 4000)
);
--> statement-breakpoint
ALTER TABLE "record_notes" ADD CONSTRAINT "record_notes_author_id_admins_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_notes" ADD CONSTRAINT "record_notes_retracts_note_id_fk" FOREIGN KEY ("retracts_note_id") REFERENCES "public"."record_notes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_notes_record_idx" ON "record_notes" USING btree ("record_type","record_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "record_notes_retracts_idx" ON "record_notes" USING btree ("retracts_note_id");
--> statement-breakpoint
-- Notes are append-only: no DELETE, no TRUNCATE, and an UPDATE may change only body, mentions and
-- edited_at (the author's edit within ten minutes, checked by the api). A retraction points at a note
-- of the same record that is not itself a retraction.
CREATE FUNCTION record_notes_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target record;
BEGIN
  IF TG_OP = 'DELETE' OR TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION 'record notes are never deleted: retract a note with a new one' USING ERRCODE = 'restrict_violation';
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF NEW.id IS DISTINCT FROM OLD.id OR NEW.record_type IS DISTINCT FROM OLD.record_type OR NEW.record_id IS DISTINCT FROM OLD.record_id
      OR NEW.author_id IS DISTINCT FROM OLD.author_id OR NEW.retracts_note_id IS DISTINCT FROM OLD.retracts_note_id
      OR NEW.created_at IS DISTINCT FROM OLD.created_at THEN
      RAISE EXCEPTION 'only the body, mentions and edited_at of a record note may change' USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.retracts_note_id IS NOT NULL THEN
    SELECT record_type, record_id, retracts_note_id INTO target FROM record_notes WHERE id = NEW.retracts_note_id;
    IF NOT FOUND OR target.record_type <> NEW.record_type OR target.record_id <> NEW.record_id OR target.retracts_note_id IS NOT NULL THEN
      RAISE EXCEPTION 'a retraction must point at a note of the same record that is not a retraction' USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER record_notes_guard BEFORE INSERT OR UPDATE OR DELETE ON record_notes FOR EACH ROW EXECUTE FUNCTION record_notes_guard();
--> statement-breakpoint
CREATE TRIGGER record_notes_no_truncate BEFORE TRUNCATE ON record_notes FOR EACH STATEMENT EXECUTE FUNCTION record_notes_guard();
