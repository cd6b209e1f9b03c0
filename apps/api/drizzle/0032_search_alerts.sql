CREATE TABLE "search_alert_digests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"donors" integer NOT NULL,
	"searches" integer NOT NULL,
	"emailed" boolean NOT NULL,
	"texted" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_alert_donors" (
	"saved_search_id" integer NOT NULL,
	"donor_id" integer NOT NULL,
	"digest_id" integer NOT NULL,
	CONSTRAINT "search_alert_donors_saved_search_id_donor_id_pk" PRIMARY KEY("saved_search_id","donor_id")
);
--> statement-breakpoint
CREATE TABLE "search_alerts" (
	"saved_search_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"enabled_at" timestamp with time zone NOT NULL,
	"seen" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_alert_digests" ADD CONSTRAINT "search_alert_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_alert_donors" ADD CONSTRAINT "search_alert_donors_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_alert_donors" ADD CONSTRAINT "search_alert_donors_donor_id_donors_user_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_alert_donors" ADD CONSTRAINT "search_alert_donors_digest_id_search_alert_digests_id_fk" FOREIGN KEY ("digest_id") REFERENCES "public"."search_alert_digests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_alerts" ADD CONSTRAINT "search_alerts_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_alerts" ADD CONSTRAINT "search_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "search_alert_digests_user_day_unique" ON "search_alert_digests" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "search_alert_donors_donor_idx" ON "search_alert_donors" USING btree ("donor_id");--> statement-breakpoint
CREATE INDEX "search_alert_donors_digest_idx" ON "search_alert_donors" USING btree ("digest_id");--> statement-breakpoint
CREATE INDEX "search_alerts_user_idx" ON "search_alerts" USING btree ("user_id");