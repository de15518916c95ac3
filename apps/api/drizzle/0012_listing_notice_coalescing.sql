-- Issue 23, 5c: a listing's moderation notices are coalesced. Mails about one thing share a key
-- (`listing:ute:<id>`, `listing:job:<id>`); the first is held for the decision window, later decisions
-- replace it meanwhile (Mailer.enqueueCoalesced), and the index finds a key's latest mails.
ALTER TABLE "mail_outbox" ADD COLUMN "coalesce_key" text;--> statement-breakpoint
CREATE INDEX "mail_outbox_coalesce_idx" ON "mail_outbox" USING btree ("coalesce_key","created_at" DESC NULLS LAST) WHERE "mail_outbox"."coalesce_key" is not null;
