CREATE TABLE "job_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"job" text NOT NULL,
	"center_id" integer,
	"status" text NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "field_mapping_donors" (
	"id" serial PRIMARY KEY NOT NULL,
	"mapping_id" integer NOT NULL,
	"donor_id" integer NOT NULL,
	"import_id" integer,
	"percentage" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "field_mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"field" text NOT NULL,
	"source_value" text NOT NULL,
	"source_key" text NOT NULL,
	"mapped_value" text,
	"mapped_by" integer,
	"mapped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_runs" ADD CONSTRAINT "job_runs_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_mapping_donors" ADD CONSTRAINT "field_mapping_donors_mapping_id_field_mappings_id_fk" FOREIGN KEY ("mapping_id") REFERENCES "public"."field_mappings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_mapping_donors" ADD CONSTRAINT "field_mapping_donors_donor_id_donors_user_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_mapping_donors" ADD CONSTRAINT "field_mapping_donors_import_id_donor_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."donor_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_mappings" ADD CONSTRAINT "field_mappings_mapped_by_users_id_fk" FOREIGN KEY ("mapped_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_runs_center_started_idx" ON "job_runs" USING btree ("center_id","started_at");--> statement-breakpoint
CREATE INDEX "job_runs_status_started_idx" ON "job_runs" USING btree ("status","started_at");--> statement-breakpoint
CREATE INDEX "field_mapping_donors_mapping_idx" ON "field_mapping_donors" USING btree ("mapping_id");--> statement-breakpoint
CREATE INDEX "field_mapping_donors_donor_idx" ON "field_mapping_donors" USING btree ("donor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "field_mappings_field_key_unique" ON "field_mappings" USING btree ("field","source_key");--> statement-breakpoint
CREATE INDEX "field_mappings_field_created_idx" ON "field_mappings" USING btree ("field","created_at");