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
ALTER TABLE "donor_imports" ADD COLUMN "updates_existing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "donor_imports" ADD COLUMN "updated_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "dexi_runs" ADD CONSTRAINT "dexi_runs_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dexi_runs" ADD CONSTRAINT "dexi_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dexi_runs" ADD CONSTRAINT "dexi_runs_import_id_donor_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."donor_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dexi_sources" ADD CONSTRAINT "dexi_sources_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dexi_sources" ADD CONSTRAINT "dexi_sources_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_sign_in" ADD CONSTRAINT "partner_sign_in_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_sign_in" ADD CONSTRAINT "partner_sign_in_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_used_tokens" ADD CONSTRAINT "sso_used_tokens_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dexi_runs_one_active" ON "dexi_runs" USING btree ("center_id") WHERE status in ('queued', 'fetching');--> statement-breakpoint
CREATE INDEX "dexi_runs_center_idx" ON "dexi_runs" USING btree ("center_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_sign_in_issuer" ON "partner_sign_in" USING btree (lower("issuer"));--> statement-breakpoint
CREATE INDEX "sso_used_tokens_expiry" ON "sso_used_tokens" USING btree ("expires_at");