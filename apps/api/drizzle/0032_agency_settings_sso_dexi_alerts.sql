CREATE TABLE "fee_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"options" text NOT NULL,
	"option_key" text NOT NULL,
	"center_id" integer,
	"comment" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "twilio_number_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"center_id" integer NOT NULL,
	"requested_by" integer,
	"requested_number" text,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dexi_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"center_id" integer NOT NULL,
	"started_by" integer,
	"source" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"import_id" integer,
	"file_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dexi_sources" (
	"center_id" integer PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'folder' NOT NULL,
	"url" text,
	"api_key_sealed" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_sign_in" (
	"center_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"issuer" text NOT NULL,
	"keys" jsonb NOT NULL,
	"algorithms" text[] NOT NULL,
	"login_url" text NOT NULL,
	"password_login" boolean DEFAULT true NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_used_tokens" (
	"center_id" integer NOT NULL,
	"jti" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sso_used_tokens_center_id_jti_pk" PRIMARY KEY("center_id","jti")
);
--> statement-breakpoint
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
ALTER TABLE "donor_imports" ADD COLUMN "updates_existing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "donor_imports" ADD COLUMN "updated_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_options" ADD CONSTRAINT "fee_options_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_options" ADD CONSTRAINT "fee_options_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "twilio_number_requests" ADD CONSTRAINT "twilio_number_requests_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "twilio_number_requests" ADD CONSTRAINT "twilio_number_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "twilio_number_requests" ADD CONSTRAINT "twilio_number_requests_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dexi_runs" ADD CONSTRAINT "dexi_runs_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dexi_runs" ADD CONSTRAINT "dexi_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dexi_runs" ADD CONSTRAINT "dexi_runs_import_id_donor_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."donor_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dexi_sources" ADD CONSTRAINT "dexi_sources_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dexi_sources" ADD CONSTRAINT "dexi_sources_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_sign_in" ADD CONSTRAINT "partner_sign_in_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_sign_in" ADD CONSTRAINT "partner_sign_in_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_used_tokens" ADD CONSTRAINT "sso_used_tokens_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_alert_digests" ADD CONSTRAINT "search_alert_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_alert_donors" ADD CONSTRAINT "search_alert_donors_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_alert_donors" ADD CONSTRAINT "search_alert_donors_donor_id_donors_user_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_alert_donors" ADD CONSTRAINT "search_alert_donors_digest_id_search_alert_digests_id_fk" FOREIGN KEY ("digest_id") REFERENCES "public"."search_alert_digests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_alerts" ADD CONSTRAINT "search_alerts_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_alerts" ADD CONSTRAINT "search_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_options_scope_key_unique" ON "fee_options" USING btree (coalesce("center_id", 0),"option_key");--> statement-breakpoint
CREATE INDEX "fee_options_center_idx" ON "fee_options" USING btree ("center_id");--> statement-breakpoint
CREATE UNIQUE INDEX "twilio_number_requests_pending_unique" ON "twilio_number_requests" USING btree ("center_id") WHERE "twilio_number_requests"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "dexi_runs_one_active" ON "dexi_runs" USING btree ("center_id") WHERE status in ('queued', 'fetching');--> statement-breakpoint
CREATE INDEX "dexi_runs_center_idx" ON "dexi_runs" USING btree ("center_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_sign_in_issuer" ON "partner_sign_in" USING btree (lower("issuer"));--> statement-breakpoint
CREATE INDEX "sso_used_tokens_expiry" ON "sso_used_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "search_alert_digests_user_day_unique" ON "search_alert_digests" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "search_alert_donors_donor_idx" ON "search_alert_donors" USING btree ("donor_id");--> statement-breakpoint
CREATE INDEX "search_alert_donors_digest_idx" ON "search_alert_donors" USING btree ("digest_id");--> statement-breakpoint
CREATE INDEX "search_alerts_user_idx" ON "search_alerts" USING btree ("user_id");