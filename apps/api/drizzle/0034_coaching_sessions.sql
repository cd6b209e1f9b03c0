CREATE TABLE "coaching_calendars" (
	"manager_id" integer PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"slot_minutes" integer NOT NULL,
	"weekly" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"blocked_dates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"meeting_address" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coaching_session_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coaching_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"center_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"holder_id" integer NOT NULL,
	"manager_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"client_time_zone" text NOT NULL,
	"details" text NOT NULL,
	"location" text NOT NULL,
	"status" text DEFAULT 'Requested' NOT NULL,
	"ics_sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" integer,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	CONSTRAINT "coaching_sessions_status" CHECK ("coaching_sessions"."status" in ('Requested', 'Done', 'Cancelled')),
	CONSTRAINT "coaching_sessions_ends_after_start" CHECK ("coaching_sessions"."ends_at" > "coaching_sessions"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "coaching_calendars" ADD CONSTRAINT "coaching_calendars_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_session_comments" ADD CONSTRAINT "coaching_session_comments_session_id_coaching_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."coaching_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_session_comments" ADD CONSTRAINT "coaching_session_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_sessions" ADD CONSTRAINT "coaching_sessions_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_sessions" ADD CONSTRAINT "coaching_sessions_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_sessions" ADD CONSTRAINT "coaching_sessions_holder_id_users_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_sessions" ADD CONSTRAINT "coaching_sessions_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_sessions" ADD CONSTRAINT "coaching_sessions_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_sessions" ADD CONSTRAINT "coaching_sessions_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coaching_session_comments_session_idx" ON "coaching_session_comments" USING btree ("session_id","id");--> statement-breakpoint
CREATE INDEX "coaching_session_comments_author_idx" ON "coaching_session_comments" USING btree ("author_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coaching_sessions_manager_start_unique" ON "coaching_sessions" USING btree ("manager_id","starts_at") WHERE "coaching_sessions"."status" <> 'Cancelled';--> statement-breakpoint
CREATE INDEX "coaching_sessions_center_start_idx" ON "coaching_sessions" USING btree ("center_id","starts_at");--> statement-breakpoint
CREATE INDEX "coaching_sessions_client_idx" ON "coaching_sessions" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "coaching_sessions_holder_idx" ON "coaching_sessions" USING btree ("holder_id","starts_at");--> statement-breakpoint
CREATE INDEX "coaching_sessions_done_by_idx" ON "coaching_sessions" USING btree ("done_by");--> statement-breakpoint
CREATE INDEX "coaching_sessions_cancelled_by_idx" ON "coaching_sessions" USING btree ("cancelled_by");