CREATE TABLE "match_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"actor_user_id" integer,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"donor_id" integer NOT NULL,
	"parent_id" integer NOT NULL,
	"manager_id" integer,
	"donor_center_id" integer NOT NULL,
	"parent_center_id" integer NOT NULL,
	"portfolio_id" integer,
	"queue_type" text DEFAULT 'Fresh' NOT NULL,
	"status" text NOT NULL,
	"queue_position" smallint,
	"cancel_reason" text,
	"donation_cycle_id" integer,
	"requested_at" timestamp with time zone NOT NULL,
	"status_changed_at" timestamp with time zone NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
ALTER TABLE "match_events" ADD CONSTRAINT "match_events_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_events" ADD CONSTRAINT "match_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_donor_id_donors_user_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_donor_center_id_centers_id_fk" FOREIGN KEY ("donor_center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_parent_center_id_centers_id_fk" FOREIGN KEY ("parent_center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_donation_cycle_id_donor_donation_cycles_id_fk" FOREIGN KEY ("donation_cycle_id") REFERENCES "public"."donor_donation_cycles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_events_match_idx" ON "match_events" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "matches_donor_status_idx" ON "matches" USING btree ("donor_id","status");--> statement-breakpoint
CREATE INDEX "matches_parent_status_idx" ON "matches" USING btree ("parent_id","status");--> statement-breakpoint
CREATE INDEX "matches_donor_center_idx" ON "matches" USING btree ("donor_center_id","status_changed_at");--> statement-breakpoint
CREATE INDEX "matches_parent_center_idx" ON "matches" USING btree ("parent_center_id","status_changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "matches_open_pair_unique" ON "matches" USING btree ("donor_id","parent_id") WHERE status in ('Request', 'Pending', 'Confirm', 'Referral Accepted', 'Queued', 'Active');