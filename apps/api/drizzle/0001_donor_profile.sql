CREATE TABLE "donor_additional_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"donor_id" integer NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"private" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text,
	"uploaded_by" integer
);
--> statement-breakpoint
CREATE TABLE "donor_custom_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"donor_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"question" text NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"tab" text DEFAULT 'miscellaneous' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donor_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"donor_id" integer NOT NULL,
	"date_of_birth" date NOT NULL,
	"baby_gender" text,
	"delivery_type" text,
	"pregnancy_result" text,
	"pregnancy_complications" text,
	"birth_weight_g" integer,
	"birth_length_cm" double precision,
	"medical_issues" text,
	"other_details" text
);
--> statement-breakpoint
CREATE TABLE "donor_diseases" (
	"id" serial PRIMARY KEY NOT NULL,
	"donor_id" integer NOT NULL,
	"disease" text NOT NULL,
	"relation" text NOT NULL,
	"details" text,
	"family_member_id" integer
);
--> statement-breakpoint
CREATE TABLE "donor_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"donor_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"private" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text
);
--> statement-breakpoint
CREATE TABLE "donor_donation_cycles" (
	"id" serial PRIMARY KEY NOT NULL,
	"donor_id" integer NOT NULL,
	"name_of_clinic" text,
	"cycle_date" date,
	"queue_type" text DEFAULT 'Fresh' NOT NULL,
	"eggs_retrieved" smallint,
	"eggs_mature" smallint,
	"eggs_fertilized" smallint,
	"embryos_created" smallint,
	"embryos_transferred" smallint,
	"quality_of_embryos_transferred" text,
	"embryos_frozen" smallint,
	"quality_of_embryos_frozen" text,
	"pgs_pgd_ccs" boolean,
	"normal_count" smallint,
	"abnormal_count" smallint,
	"pregnancy_result" text,
	"eggs_purchased" smallint,
	"other_details" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donor_education_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"donor_id" integer NOT NULL,
	"type" text NOT NULL,
	"institution" text,
	"university" text,
	"subjects" text,
	"enrollment_year" smallint,
	"end_year" smallint,
	"pursuing" boolean DEFAULT false NOT NULL,
	"marks_obtained" double precision,
	"max_marks" double precision,
	"gpa" double precision,
	"other_details" text
);
--> statement-breakpoint
CREATE TABLE "donor_ethnicities" (
	"id" serial PRIMARY KEY NOT NULL,
	"donor_id" integer NOT NULL,
	"name" text NOT NULL,
	"percentage" double precision NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donor_exam_scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"donor_id" integer NOT NULL,
	"education_record_id" integer,
	"exam" text NOT NULL,
	"score" double precision NOT NULL,
	"max_score" double precision,
	"taken_year" smallint
);
--> statement-breakpoint
CREATE TABLE "donor_family_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"donor_id" integer NOT NULL,
	"key" text NOT NULL,
	"answer" boolean NOT NULL,
	"details" text
);
--> statement-breakpoint
CREATE TABLE "donor_family_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"donor_id" integer NOT NULL,
	"relation" text NOT NULL,
	"applicable" boolean DEFAULT true NOT NULL,
	"gender" text,
	"maternal_or_paternal" text,
	"date_of_birth" date,
	"living" boolean DEFAULT true NOT NULL,
	"age_at_death" smallint,
	"death_reason" text,
	"height_cm" double precision,
	"weight_kg" double precision,
	"hair_color" text,
	"eye_color" text,
	"body_type" text,
	"education" text,
	"occupation" text,
	"disease" text,
	"other_details" text,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donor_frozen_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"donor_id" integer NOT NULL,
	"ref_id" text,
	"alt_id" text,
	"frozen_date" date,
	"batch_age" smallint,
	"egg_count" smallint,
	"selection_status" text DEFAULT 'Available' NOT NULL,
	"network_available" boolean DEFAULT false NOT NULL,
	"note" text,
	"selected_by" integer,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donor_medications" (
	"id" serial PRIMARY KEY NOT NULL,
	"donor_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_drug" boolean DEFAULT false NOT NULL,
	"prescribed_by" text,
	"purpose" text,
	"diagnosis" text,
	"dosage" text,
	"how_often" text,
	"side_effects" text,
	"prescribed_on" date,
	"currently_taking" boolean DEFAULT false NOT NULL,
	"date_stopped" date,
	"length_of_time" text,
	"other_details" text
);
--> statement-breakpoint
CREATE TABLE "donor_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"donor_id" integer NOT NULL,
	"manager_id" integer,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donor_pictures" (
	"id" serial PRIMARY KEY NOT NULL,
	"donor_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"private" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"caption" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donor_profiles" (
	"donor_id" integer PRIMARY KEY NOT NULL,
	"ssn_encrypted" text,
	"contact_type" smallint DEFAULT 0 NOT NULL,
	"mobile" text,
	"contact_work" text,
	"contact_home" text,
	"address" text,
	"city_other" text,
	"birth_country" text,
	"birth_state" text,
	"birth_city" text,
	"birth_city_other" text,
	"donor_fee" text,
	"donor_fee_other" text,
	"marital_status" text,
	"occupation" text,
	"number_of_pregnancies" smallint DEFAULT 1 NOT NULL,
	"currently_pregnant" boolean DEFAULT false NOT NULL,
	"breastfeeding" boolean DEFAULT false NOT NULL,
	"child_count" smallint DEFAULT 0 NOT NULL,
	"miscarriages" smallint DEFAULT 0 NOT NULL,
	"abortion_count" smallint DEFAULT 0 NOT NULL,
	"ip_willing_to_work" text[] DEFAULT '{}'::text[] NOT NULL,
	"birth_control" text,
	"contraceptive_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"depo_provera" boolean DEFAULT false NOT NULL,
	"piercing_date" date,
	"has_piercing" boolean DEFAULT false NOT NULL,
	"tattoo_date" date,
	"has_tattoo" boolean DEFAULT false NOT NULL,
	"covid_last_dose_date" date,
	"covid_vaccine_name" text,
	"covid_vaccination_document_id" integer,
	"anxiety_disorder" boolean DEFAULT false NOT NULL,
	"recreational_drugs" boolean DEFAULT false NOT NULL,
	"any_medications" boolean DEFAULT false NOT NULL,
	"transmitted_diseases" text[] DEFAULT '{}'::text[] NOT NULL,
	"health_answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"race_details" text,
	"ethnicity_details" text,
	"body_type" text,
	"dominant_hand" text,
	"personality" text,
	"hobbies" text,
	"sibling_count" smallint DEFAULT 0 NOT NULL,
	"half_sibling_count" smallint DEFAULT 0 NOT NULL,
	"genetic_defect_birth_condition" text,
	"admin_notes" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donor_races" (
	"id" serial PRIMARY KEY NOT NULL,
	"donor_id" integer NOT NULL,
	"name" text NOT NULL,
	"percentage" double precision NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donor_referrals" (
	"id" serial PRIMARY KEY NOT NULL,
	"donor_id" integer NOT NULL,
	"source" text NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "donor_videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"donor_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"private" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"caption" text
);
--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "agency_display_id" text;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "donor_type" text DEFAULT 'Fresh' NOT NULL;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "egg_donation_arrangement" text;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "available_from" date;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "availability_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "date_of_birth" date;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "age_unconfirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "height_cm" double precision;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "weight_kg" double precision;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "bmi" double precision;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "blood_group" text;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "eye_color" text;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "hair_color" text;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "skin_type" text;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "religion" text;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "heritage" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "education_level" text;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "college_degree" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "previous_donor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "proven_fertility" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "amh_value" double precision;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "amh_test_date" date;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "zipcode" text;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "country" text DEFAULT 'United States' NOT NULL;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "compensation" integer;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "priority" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "views_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "queue_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "frozen_queue_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "donation_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "allowed_for_matching_tool" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "is_scraped" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "search_document" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "donor_additional_documents" ADD CONSTRAINT "donor_additional_documents_donor_id_donors_user_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_additional_documents" ADD CONSTRAINT "donor_additional_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_custom_answers" ADD CONSTRAINT "donor_custom_answers_donor_id_donors_user_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_deliveries" ADD CONSTRAINT "donor_deliveries_donor_id_donors_user_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_diseases" ADD CONSTRAINT "donor_diseases_donor_id_donors_user_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_diseases" ADD CONSTRAINT "donor_diseases_family_member_id_donor_family_members_id_fk" FOREIGN KEY ("family_member_id") REFERENCES "public"."donor_family_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_documents" ADD CONSTRAINT "donor_documents_donor_id_donors_user_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_donation_cycles" ADD CONSTRAINT "donor_donation_cycles_donor_id_donors_user_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_education_records" ADD CONSTRAINT "donor_education_records_donor_id_donors_user_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_ethnicities" ADD CONSTRAINT "donor_ethnicities_donor_id_donors_user_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_exam_scores" ADD CONSTRAINT "donor_exam_scores_donor_id_donors_user_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_exam_scores" ADD CONSTRAINT "donor_exam_scores_education_record_id_donor_education_records_id_fk" FOREIGN KEY ("education_record_id") REFERENCES "public"."donor_education_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_family_history" ADD CONSTRAINT "donor_family_history_donor_id_donors_user_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_family_members" ADD CONSTRAINT "donor_family_members_donor_id_donors_user_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_frozen_batches" ADD CONSTRAINT "donor_frozen_batches_donor_id_donors_user_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_frozen_batches" ADD CONSTRAINT "donor_frozen_batches_selected_by_users_id_fk" FOREIGN KEY ("selected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_frozen_batches" ADD CONSTRAINT "donor_frozen_batches_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_medications" ADD CONSTRAINT "donor_medications_donor_id_donors_user_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_notes" ADD CONSTRAINT "donor_notes_donor_id_donors_user_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_notes" ADD CONSTRAINT "donor_notes_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_pictures" ADD CONSTRAINT "donor_pictures_donor_id_donors_user_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_profiles" ADD CONSTRAINT "donor_profiles_donor_id_donors_user_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_profiles" ADD CONSTRAINT "donor_profiles_covid_vaccination_document_id_donor_documents_id_fk" FOREIGN KEY ("covid_vaccination_document_id") REFERENCES "public"."donor_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_races" ADD CONSTRAINT "donor_races_donor_id_donors_user_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_referrals" ADD CONSTRAINT "donor_referrals_donor_id_donors_user_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_videos" ADD CONSTRAINT "donor_videos_donor_id_donors_user_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donor_additional_documents_donor_idx" ON "donor_additional_documents" USING btree ("donor_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "donor_custom_answers_donor_question_unique" ON "donor_custom_answers" USING btree ("donor_id","question_id");--> statement-breakpoint
CREATE INDEX "donor_deliveries_donor_idx" ON "donor_deliveries" USING btree ("donor_id");--> statement-breakpoint
CREATE INDEX "donor_diseases_donor_idx" ON "donor_diseases" USING btree ("donor_id");--> statement-breakpoint
CREATE INDEX "donor_documents_donor_idx" ON "donor_documents" USING btree ("donor_id");--> statement-breakpoint
CREATE INDEX "donor_donation_cycles_donor_idx" ON "donor_donation_cycles" USING btree ("donor_id");--> statement-breakpoint
CREATE INDEX "donor_education_records_donor_idx" ON "donor_education_records" USING btree ("donor_id");--> statement-breakpoint
CREATE INDEX "donor_education_records_gpa_idx" ON "donor_education_records" USING btree ("gpa","donor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "donor_ethnicities_donor_name_unique" ON "donor_ethnicities" USING btree ("donor_id","name");--> statement-breakpoint
CREATE INDEX "donor_ethnicities_name_idx" ON "donor_ethnicities" USING btree ("name","donor_id");--> statement-breakpoint
CREATE INDEX "donor_exam_scores_donor_idx" ON "donor_exam_scores" USING btree ("donor_id");--> statement-breakpoint
CREATE INDEX "donor_exam_scores_exam_score_idx" ON "donor_exam_scores" USING btree ("exam","score","donor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "donor_family_history_donor_key_unique" ON "donor_family_history" USING btree ("donor_id","key");--> statement-breakpoint
CREATE INDEX "donor_family_members_donor_idx" ON "donor_family_members" USING btree ("donor_id");--> statement-breakpoint
CREATE INDEX "donor_frozen_batches_donor_idx" ON "donor_frozen_batches" USING btree ("donor_id");--> statement-breakpoint
CREATE INDEX "donor_medications_donor_idx" ON "donor_medications" USING btree ("donor_id");--> statement-breakpoint
CREATE INDEX "donor_notes_donor_idx" ON "donor_notes" USING btree ("donor_id","created_at");--> statement-breakpoint
CREATE INDEX "donor_pictures_donor_idx" ON "donor_pictures" USING btree ("donor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "donor_pictures_one_default" ON "donor_pictures" USING btree ("donor_id") WHERE "donor_pictures"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "donor_races_donor_name_unique" ON "donor_races" USING btree ("donor_id","name");--> statement-breakpoint
CREATE INDEX "donor_races_name_idx" ON "donor_races" USING btree ("name","donor_id");--> statement-breakpoint
CREATE INDEX "donor_referrals_donor_idx" ON "donor_referrals" USING btree ("donor_id");--> statement-breakpoint
CREATE INDEX "donor_videos_donor_idx" ON "donor_videos" USING btree ("donor_id");--> statement-breakpoint
CREATE INDEX "donors_center_availability_idx" ON "donors" USING btree ("center_id","availability");--> statement-breakpoint
CREATE INDEX "donors_center_created_idx" ON "donors" USING btree ("center_id","created_at");--> statement-breakpoint
CREATE INDEX "donors_dob_idx" ON "donors" USING btree ("date_of_birth");--> statement-breakpoint
CREATE INDEX "donors_height_idx" ON "donors" USING btree ("height_cm");--> statement-breakpoint
CREATE INDEX "donors_views_idx" ON "donors" USING btree ("views_count");--> statement-breakpoint
CREATE INDEX "donors_lat_long_idx" ON "donors" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "donors_heritage_idx" ON "donors" USING gin ("heritage");--> statement-breakpoint
CREATE UNIQUE INDEX "donors_center_agency_display_id_unique" ON "donors" USING btree ("center_id",lower("agency_display_id"));--> statement-breakpoint
CREATE INDEX "donors_search_idx" ON "donors" USING gin (to_tsvector('simple', "search_document"));