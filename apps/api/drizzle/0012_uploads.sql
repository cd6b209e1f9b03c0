CREATE TABLE "donor_upload_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"donor_id" integer NOT NULL,
	"area" text DEFAULT 'video' NOT NULL,
	"original_name" text NOT NULL,
	"extension" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"chunk_size" integer NOT NULL,
	"total_chunks" integer NOT NULL,
	"status" text DEFAULT 'uploading' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donor_upload_state" (
	"donor_id" integer PRIMARY KEY NOT NULL,
	"image_guidelines_accepted_at" timestamp with time zone,
	"last_visited_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "donor_upload_sessions" ADD CONSTRAINT "donor_upload_sessions_donor_id_donors_user_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_upload_sessions" ADD CONSTRAINT "donor_upload_sessions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_upload_state" ADD CONSTRAINT "donor_upload_state_donor_id_donors_user_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donor_upload_sessions_donor_idx" ON "donor_upload_sessions" USING btree ("donor_id");