CREATE TABLE "donor_watch_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"watch_id" integer NOT NULL,
	"round" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"emailed" boolean NOT NULL,
	"texted" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donor_watches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"donor_id" integer NOT NULL,
	"queue_type" text DEFAULT 'Fresh' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"armed" boolean DEFAULT true NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "donor_watch_sends" ADD CONSTRAINT "donor_watch_sends_watch_id_donor_watches_id_fk" FOREIGN KEY ("watch_id") REFERENCES "public"."donor_watches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_watches" ADD CONSTRAINT "donor_watches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_watches" ADD CONSTRAINT "donor_watches_donor_id_donors_user_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "donor_watch_sends_round_unique" ON "donor_watch_sends" USING btree ("watch_id","round");--> statement-breakpoint
CREATE UNIQUE INDEX "donor_watches_user_donor_unique" ON "donor_watches" USING btree ("user_id","donor_id");--> statement-breakpoint
CREATE INDEX "donor_watches_donor_idx" ON "donor_watches" USING btree ("donor_id");