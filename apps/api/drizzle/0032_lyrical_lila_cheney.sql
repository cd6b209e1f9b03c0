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
ALTER TABLE "fee_options" ADD CONSTRAINT "fee_options_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_options" ADD CONSTRAINT "fee_options_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "twilio_number_requests" ADD CONSTRAINT "twilio_number_requests_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "twilio_number_requests" ADD CONSTRAINT "twilio_number_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "twilio_number_requests" ADD CONSTRAINT "twilio_number_requests_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_options_scope_key_unique" ON "fee_options" USING btree (coalesce("center_id", 0),"option_key");--> statement-breakpoint
CREATE INDEX "fee_options_center_idx" ON "fee_options" USING btree ("center_id");--> statement-breakpoint
CREATE UNIQUE INDEX "twilio_number_requests_pending_unique" ON "twilio_number_requests" USING btree ("center_id") WHERE "twilio_number_requests"."status" = 'pending';