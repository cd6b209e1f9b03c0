CREATE TABLE "ip_forms" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"general" jsonb,
	"personal_characteristics" jsonb,
	"fertility_history" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "user_pictures" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"new_email" text NOT NULL,
	"code_hash" text NOT NULL,
	"token_hash" text NOT NULL,
	"tries" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"zipcode" text DEFAULT '' NOT NULL,
	"communication_type" text DEFAULT 'Email' NOT NULL,
	"is_message" boolean DEFAULT true NOT NULL,
	"cc_email" text DEFAULT '' NOT NULL,
	"cc_expiry_date" date,
	"searching_for" text DEFAULT '' NOT NULL,
	"voicemail" boolean DEFAULT false NOT NULL,
	"working_with_clinic" boolean DEFAULT false NOT NULL,
	"clinic_detail" text DEFAULT '' NOT NULL,
	"working_with_agency" boolean DEFAULT false NOT NULL,
	"sperm_source" text DEFAULT '' NOT NULL,
	"referral_detail" text DEFAULT '' NOT NULL,
	"referral_other" text DEFAULT '' NOT NULL,
	"receive_education_email" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ip_forms" ADD CONSTRAINT "ip_forms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_reminders" ADD CONSTRAINT "donor_reminders_donor_id_donors_user_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_reminders" ADD CONSTRAINT "donor_reminders_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_schedules" ADD CONSTRAINT "email_schedules_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_schedules" ADD CONSTRAINT "email_schedules_first_email_type_id_email_types_id_fk" FOREIGN KEY ("first_email_type_id") REFERENCES "public"."email_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_schedules" ADD CONSTRAINT "email_schedules_recurring_email_type_id_email_types_id_fk" FOREIGN KEY ("recurring_email_type_id") REFERENCES "public"."email_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_schedules" ADD CONSTRAINT "email_schedules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_pictures" ADD CONSTRAINT "user_pictures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "donor_reminders_donor_sequence_unique" ON "donor_reminders" USING btree ("donor_id","sequence");--> statement-breakpoint
CREATE INDEX "donor_reminders_center_idx" ON "donor_reminders" USING btree ("center_id","donor_id");--> statement-breakpoint
CREATE INDEX "email_changes_user_idx" ON "email_changes" USING btree ("user_id","created_at");