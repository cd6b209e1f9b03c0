CREATE TABLE "donor_reminders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"donor_id" integer NOT NULL,
	"center_id" integer NOT NULL,
	"sequence" smallint NOT NULL,
	"email_type_id" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_schedules" (
	"center_id" integer PRIMARY KEY NOT NULL,
	"duration_first" smallint NOT NULL,
	"duration_recurring" smallint NOT NULL,
	"total_reminders" smallint NOT NULL,
	"email_flag" boolean DEFAULT false NOT NULL,
	"first_email_type_id" integer NOT NULL,
	"recurring_email_type_id" integer NOT NULL,
	"subject" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_schedules_first_range" CHECK ("email_schedules"."duration_first" between 1 and 7),
	CONSTRAINT "email_schedules_recurring_range" CHECK ("email_schedules"."duration_recurring" between 1 and 7),
	CONSTRAINT "email_schedules_total_range" CHECK ("email_schedules"."total_reminders" between 0 and 7)
);
--> statement-breakpoint
ALTER TABLE "donor_reminders" ADD CONSTRAINT "donor_reminders_donor_id_donors_user_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_reminders" ADD CONSTRAINT "donor_reminders_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_schedules" ADD CONSTRAINT "email_schedules_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_schedules" ADD CONSTRAINT "email_schedules_first_email_type_id_email_types_id_fk" FOREIGN KEY ("first_email_type_id") REFERENCES "public"."email_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_schedules" ADD CONSTRAINT "email_schedules_recurring_email_type_id_email_types_id_fk" FOREIGN KEY ("recurring_email_type_id") REFERENCES "public"."email_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_schedules" ADD CONSTRAINT "email_schedules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "donor_reminders_donor_sequence_unique" ON "donor_reminders" USING btree ("donor_id","sequence");--> statement-breakpoint
CREATE INDEX "donor_reminders_center_idx" ON "donor_reminders" USING btree ("center_id","donor_id");