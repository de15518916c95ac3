CREATE TABLE "admin_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_invites_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "admin_recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "admin_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "roles" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "admin_invites" ADD CONSTRAINT "admin_invites_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_recovery_codes" ADD CONSTRAINT "admin_recovery_codes_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_invites_admin_idx" ON "admin_invites" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "admin_recovery_codes_admin_idx" ON "admin_recovery_codes" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_admin_idx" ON "audit_log" USING btree ("admin_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_chain_seq_unique" UNIQUE("chain_seq");--> statement-breakpoint
-- Every admin made before roles existed could do everything: they become owners.
UPDATE "admins" SET "roles" = ARRAY['owner'];--> statement-breakpoint
ALTER TABLE "admins" DROP COLUMN "role";--> statement-breakpoint
-- The audit log's hash chain (docs and SECURITY.md, "Audit log"). Written by a trigger, so every
-- writer (the app, a CLI, a later module) chains its entries the same way and none can forget to.
-- The one-row head is locked by each insert until its transaction ends: the chain is the order in
-- which entries were committed, with no gaps and no forks, whatever the ids' order.
CREATE TABLE "audit_chain_head" (
	"id" integer PRIMARY KEY CHECK ("id" = 1),
	"last_seq" bigint NOT NULL,
	"last_hash" text NOT NULL
);--> statement-breakpoint
INSERT INTO "audit_chain_head" VALUES (1, 0, repeat('0', 64));--> statement-breakpoint
-- The content an entry's hash covers, in one canonical text. jsonb prints its keys in one order.
CREATE FUNCTION audit_entry_hash(seq bigint, admin_id uuid, action text, target_type text, target_id text, before jsonb, after jsonb, request_id text, created_at timestamptz, prev_hash text)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT encode(sha256(convert_to(concat_ws(E'\x1f',
		seq::text, coalesce(admin_id::text, ''), action, target_type, coalesce(target_id, ''),
		coalesce(before::text, ''), coalesce(after::text, ''), coalesce(request_id, ''),
		(extract(epoch FROM created_at) * 1000000)::bigint::text, prev_hash), 'UTF8')), 'hex')
$$;--> statement-breakpoint
CREATE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	head record;
BEGIN
	SELECT "last_seq", "last_hash" INTO head FROM "audit_chain_head" WHERE "id" = 1 FOR UPDATE;
	NEW."chain_seq" := head.last_seq + 1;
	NEW."prev_hash" := head.last_hash;
	NEW."hash" := audit_entry_hash(NEW."chain_seq", NEW."admin_id", NEW."action", NEW."target_type", NEW."target_id", NEW."before", NEW."after", NEW."request_id", NEW."created_at", NEW."prev_hash");
	UPDATE "audit_chain_head" SET "last_seq" = NEW."chain_seq", "last_hash" = NEW."hash" WHERE "id" = 1;
	RETURN NEW;
END
$$;--> statement-breakpoint
-- Entries made before the chain existed are chained now, in id order.
DO $$
DECLARE
	entry record;
	prev text := repeat('0', 64);
	seq bigint := 0;
BEGIN
	FOR entry IN SELECT * FROM "audit_log" ORDER BY "id" LOOP
		seq := seq + 1;
		UPDATE "audit_log" SET "chain_seq" = seq, "prev_hash" = prev,
			"hash" = audit_entry_hash(seq, entry."admin_id", entry."action", entry."target_type", entry."target_id", entry."before", entry."after", entry."request_id", entry."created_at", prev)
		WHERE "id" = entry."id" RETURNING "hash" INTO prev;
	END LOOP;
	UPDATE "audit_chain_head" SET "last_seq" = seq, "last_hash" = prev WHERE "id" = 1;
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_chain" BEFORE INSERT ON "audit_log" FOR EACH ROW EXECUTE FUNCTION audit_log_chain();--> statement-breakpoint
-- The app never changes or deletes an entry; this makes a mistake in code fail loudly. Someone
-- with the database owner's rights can still disable it: the chain is what shows their edit.
CREATE FUNCTION audit_log_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'audit_log entries cannot be changed or deleted';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_immutable" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION audit_log_immutable();
