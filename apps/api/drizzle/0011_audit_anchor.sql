-- Issue 23, point 2: whoever owns the database can no longer forge the audit chain unseen.
-- Verification now hashes in the app (modules/audit/auditChain.ts), so no database object decides
-- the verdict; audit_entry_hash below only writes new entries, and must give the app's hash.
--
-- 1. Entry hash, format `ute-audit/2`. Every field is framed by its UTF-8 byte length
-- (`\n<bytes>:<text>`, `\n-` for NULL), so text cannot move from one field to the next and NULL
-- differs from ''. Format 1 joined the fields with \x1f, which a target id or request id can hold.
-- jsonb values are their text as PostgreSQL prints them; the app reads that text (before::text),
-- never re-serialises, so no JSON canonical form has to agree. The time is microseconds since the epoch.
CREATE OR REPLACE FUNCTION audit_entry_hash(seq bigint, admin_id uuid, action text, target_type text, target_id text, before jsonb, after jsonb, request_id text, created_at timestamptz, prev_hash text)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT encode(sha256(convert_to('ute-audit/2' || string_agg(
		CASE WHEN field IS NULL THEN E'\n-' ELSE E'\n' || octet_length(convert_to(field, 'UTF8')) || ':' || field END, '' ORDER BY position), 'UTF8')), 'hex')
	FROM unnest(ARRAY[seq::text, admin_id::text, action, target_type, target_id, before::text, after::text, request_id,
		(extract(epoch FROM created_at) * 1000000)::bigint::text, prev_hash]) WITH ORDINALITY AS fields(field, position)
$$;--> statement-breakpoint
-- 2. Existing chains move to format 2 once. First the format-1 chain is checked with format 1's
-- formula written out here (not with a function the database's owner could have replaced), and the
-- verdict is kept in the log itself: an `audit.rechain` entry, chained in format 2, holds the old
-- head (so a head hash copied before still matches something) and whether the old chain was intact
-- (so a break found now is not hidden by the new hashes). Sequence numbers are kept: a gap stays a gap.
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_immutable";--> statement-breakpoint
DO $$
DECLARE
	entry record;
	head record;
	old_prev text := repeat('0', 64);
	expected_seq bigint := 1;
	broken_seq bigint;
	broken_reason text;
	new_prev text := repeat('0', 64);
	new_hash text;
	new_head_hash text;
	walked_seq bigint := 0;
	walked bigint := 0;
BEGIN
	SELECT "last_seq", "last_hash" INTO head FROM "audit_chain_head" WHERE "id" = 1 FOR UPDATE;
	FOR entry IN SELECT * FROM "audit_log" WHERE "chain_seq" IS NOT NULL ORDER BY "chain_seq" LOOP
		walked := walked + 1;
		IF broken_seq IS NULL THEN
			IF entry."chain_seq" <> expected_seq THEN
				broken_seq := expected_seq;
				broken_reason := 'an entry is missing';
			ELSIF entry."prev_hash" IS DISTINCT FROM old_prev THEN
				broken_seq := entry."chain_seq";
				broken_reason := 'its previous-hash link does not match the entry before it';
			ELSIF entry."hash" IS DISTINCT FROM encode(sha256(convert_to(concat_ws(E'\x1f',
					entry."chain_seq"::text, coalesce(entry."admin_id"::text, ''), entry."action", entry."target_type", coalesce(entry."target_id", ''),
					coalesce(entry."before"::text, ''), coalesce(entry."after"::text, ''), coalesce(entry."request_id", ''),
					(extract(epoch FROM entry."created_at") * 1000000)::bigint::text, entry."prev_hash"), 'UTF8')), 'hex') THEN
				broken_seq := entry."chain_seq";
				broken_reason := 'its content does not match its hash (the entry was changed)';
			END IF;
		END IF;
		old_prev := entry."hash";
		expected_seq := entry."chain_seq" + 1;
		new_hash := audit_entry_hash(entry."chain_seq", entry."admin_id", entry."action", entry."target_type", entry."target_id", entry."before", entry."after", entry."request_id", entry."created_at", new_prev);
		UPDATE "audit_log" SET "prev_hash" = new_prev, "hash" = new_hash WHERE "id" = entry."id";
		new_prev := new_hash;
		IF entry."chain_seq" = head."last_seq" THEN new_head_hash := new_prev; END IF;
		walked_seq := entry."chain_seq";
	END LOOP;
	IF walked = 0 AND head."last_seq" = 0 THEN
		RETURN;
	END IF;
	IF broken_seq IS NULL AND walked_seq < head."last_seq" THEN
		broken_seq := walked_seq + 1;
		broken_reason := 'the last entries are missing';
	ELSIF broken_seq IS NULL AND (walked_seq > head."last_seq" OR old_prev IS DISTINCT FROM head."last_hash") THEN
		broken_seq := least(walked_seq, head."last_seq");
		broken_reason := 'the chain head does not match the last entry';
	END IF;
	-- The head keeps its place: missing last entries stay missing, entries past the head stay past it.
	UPDATE "audit_chain_head" SET "last_hash" = coalesce(new_head_hash, new_prev) WHERE "id" = 1;
	IF walked_seq > head."last_seq" THEN
		RAISE WARNING 'audit_log has entries past its chain head (#%): no audit.rechain entry written', head."last_seq";
		RETURN;
	END IF;
	INSERT INTO "audit_log" ("admin_id", "action", "target_type", "target_id", "before", "after", "request_id")
	VALUES (NULL, 'audit.rechain', 'audit_log', NULL,
		jsonb_build_object('format', 'ute-audit/1', 'seq', head."last_seq", 'hash', head."last_hash", 'isIntact', broken_seq IS NULL,
			'firstBrokenSeq', broken_seq, 'reason', broken_reason),
		jsonb_build_object('format', 'ute-audit/2', 'seq', head."last_seq", 'hash', coalesce(new_head_hash, new_prev)),
		'migration-0011');
END
$$;--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_immutable";--> statement-breakpoint
-- 3. TRUNCATE skips row triggers: a statement trigger refuses it, on the log and on its head.
CREATE OR REPLACE FUNCTION audit_log_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		RAISE EXCEPTION 'audit_log cannot be truncated';
	END IF;
	RAISE EXCEPTION 'audit_log entries cannot be changed or deleted';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION audit_log_immutable();--> statement-breakpoint
-- 4. The chain head only moves forward, one entry at a time, to the entry just written: it cannot
-- be deleted, truncated or wound back (which would let the newest entries be dropped and the rest
-- re-chained). The row trigger checks the step; the deferred one checks at commit that the entry it
-- names exists, with that hash, linked to the previous head (the chain trigger moves the head
-- before its entry is inserted).
CREATE FUNCTION audit_chain_head_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' THEN
		IF NEW."id" = OLD."id" AND NEW."last_seq" = OLD."last_seq" + 1 AND NEW."last_hash" ~ '^[0-9a-f]{64}$' THEN
			RETURN NEW;
		END IF;
		RAISE EXCEPTION 'the audit chain head only moves forward one entry at a time (from #% to #%)', OLD."last_seq", NEW."last_seq";
	END IF;
	RAISE EXCEPTION 'the audit chain head cannot be deleted or truncated';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_chain_head_guard" BEFORE UPDATE OR DELETE ON "audit_chain_head" FOR EACH ROW EXECUTE FUNCTION audit_chain_head_guard();--> statement-breakpoint
CREATE TRIGGER "audit_chain_head_no_truncate" BEFORE TRUNCATE ON "audit_chain_head" FOR EACH STATEMENT EXECUTE FUNCTION audit_chain_head_guard();--> statement-breakpoint
CREATE FUNCTION audit_chain_head_names_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NOT EXISTS (SELECT 1 FROM "audit_log" WHERE "chain_seq" = NEW."last_seq" AND "hash" = NEW."last_hash" AND "prev_hash" = OLD."last_hash") THEN
		RAISE EXCEPTION 'the audit chain head must name the entry just written (#%)', NEW."last_seq";
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit_chain_head_names_entry" AFTER UPDATE ON "audit_chain_head" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_chain_head_names_entry();--> statement-breakpoint
-- 5. The admins a finance reader may pick are those of the money entries (issue 23, 5d): one probe
-- per admin and target type on this index, whatever the size of the log.
CREATE INDEX "audit_log_target_admin_idx" ON "audit_log" USING btree ("target_type", "admin_id");
