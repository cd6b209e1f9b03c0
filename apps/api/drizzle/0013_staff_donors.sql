CREATE TABLE "donor_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"center_id" integer NOT NULL,
	"created_by" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"files" jsonb NOT NULL,
	"file_names" text[] NOT NULL,
	"imported_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"rejected" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "reserved_parent_id" integer;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "reserved_manager_id" integer;--> statement-breakpoint
ALTER TABLE "donor_imports" ADD CONSTRAINT "donor_imports_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_imports" ADD CONSTRAINT "donor_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "donor_imports_one_running" ON "donor_imports" USING btree ("center_id") WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "donor_imports_center_idx" ON "donor_imports" USING btree ("center_id","created_at");--> statement-breakpoint
ALTER TABLE "donors" ADD CONSTRAINT "donors_reserved_parent_id_users_id_fk" FOREIGN KEY ("reserved_parent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donors" ADD CONSTRAINT "donors_reserved_manager_id_users_id_fk" FOREIGN KEY ("reserved_manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donors_center_created_idx" ON "donors" USING btree ("center_id","created_at","user_id");--> statement-breakpoint
CREATE INDEX "donors_center_priority_idx" ON "donors" USING btree ("center_id","priority","user_id");