-- Saved views on the lists (docs/design.md §12). A list's URL query under a name, private
-- to its creator or shared with the team; one name per creator and list whatever its case. The ten-per-list
-- limit is the api's (it counts under a lock of the creator's admin row).
CREATE TABLE "saved_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list" text NOT NULL,
	"creator_id" uuid NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"is_shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_views_list_check" CHECK ("saved_views"."list" in ('utes', 'jobs', 'users', 'uteBookings', 'jobBookings', 'payments', 'queries', 'quotes')),
	CONSTRAINT "saved_views_name_length" CHECK (char_length(btrim("saved_views"."name")) between 1 and 60),
	CONSTRAINT "saved_views_query_shape" CHECK (char_length("saved_views"."query") <= 1000 and ("saved_views"."query" = '' or left("saved_views"."query", 1) = '?'))
);
--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_creator_id_admins_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_creator_list_name_idx" ON "saved_views" USING btree ("creator_id","list",lower("name"));--> statement-breakpoint
CREATE INDEX "saved_views_list_shared_idx" ON "saved_views" USING btree ("list","is_shared");
