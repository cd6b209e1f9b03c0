CREATE TABLE "donor_search" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"center_id" integer NOT NULL,
	"archived" boolean NOT NULL,
	"availability" text NOT NULL,
	"allowed_for_matching_tool" boolean NOT NULL,
	"eye_color" text,
	"hair_color" text,
	"blood_group" text,
	"religion" text,
	"state" text,
	"city" text,
	"education_level" text,
	"donor_type" text NOT NULL,
	"egg_donation_arrangement" text,
	"heritage" text[] NOT NULL,
	"race_names" text[] NOT NULL,
	"ethnicity_names" text[] NOT NULL,
	"main_race" text,
	"main_ethnicity" text,
	"height_cm" double precision,
	"date_of_birth" date,
	"amh_value" double precision,
	"agency_display_id" text,
	"display_id" text,
	"previous_donor" boolean NOT NULL,
	"proven_fertility" boolean NOT NULL,
	"college_degree" boolean NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone NOT NULL,
	"views_count" integer NOT NULL,
	"act_best" double precision,
	"sat_best" double precision,
	"gpa_best" double precision
);
--> statement-breakpoint
ALTER TABLE "donor_search" ADD CONSTRAINT "donor_search_user_id_donors_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."donors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donor_search_center_availability_idx" ON "donor_search" USING btree ("center_id","availability","date_of_birth","archived","allowed_for_matching_tool");--> statement-breakpoint
CREATE INDEX "donor_search_created_idx" ON "donor_search" USING btree ("created_at","user_id");--> statement-breakpoint
CREATE INDEX "donor_search_dob_idx" ON "donor_search" USING btree ("date_of_birth","user_id");--> statement-breakpoint
CREATE INDEX "donor_search_height_idx" ON "donor_search" USING btree ("height_cm","user_id");--> statement-breakpoint
CREATE INDEX "donor_search_views_idx" ON "donor_search" USING btree ("views_count","user_id");--> statement-breakpoint
CREATE INDEX "donor_search_lat_long_idx" ON "donor_search" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "donor_search_heritage_idx" ON "donor_search" USING gin ("heritage");--> statement-breakpoint
CREATE INDEX "donor_search_race_names_idx" ON "donor_search" USING gin ("race_names");--> statement-breakpoint
CREATE INDEX "donor_search_ethnicity_names_idx" ON "donor_search" USING gin ("ethnicity_names");--> statement-breakpoint
CREATE INDEX "donor_search_display_id_idx" ON "donor_search" USING btree (lower("display_id"));--> statement-breakpoint
CREATE INDEX "donor_search_agency_display_id_idx" ON "donor_search" USING btree (lower("agency_display_id"));
--> statement-breakpoint
-- donor_search is kept by the database alone: a copy of the searched columns of donors, and each
-- donor's best ACT, SAT and GPA.
CREATE FUNCTION "donor_search_copy"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO donor_search ("user_id", "center_id", "archived", "availability", "allowed_for_matching_tool", "eye_color", "hair_color", "blood_group", "religion", "state", "city", "education_level", "donor_type", "egg_donation_arrangement", "heritage", "race_names", "ethnicity_names", "main_race", "main_ethnicity", "height_cm", "date_of_birth", "amh_value", "agency_display_id", "display_id", "previous_donor", "proven_fertility", "college_degree", "latitude", "longitude", "created_at", "views_count", "act_best", "sat_best", "gpa_best")
    VALUES (NEW."user_id", NEW."center_id", NEW."archived", NEW."availability", NEW."allowed_for_matching_tool", NEW."eye_color", NEW."hair_color", NEW."blood_group", NEW."religion", NEW."state", NEW."city", NEW."education_level", NEW."donor_type", NEW."egg_donation_arrangement", NEW."heritage", NEW."race_names", NEW."ethnicity_names", NEW."main_race", NEW."main_ethnicity", NEW."height_cm", NEW."date_of_birth", NEW."amh_value", NEW."agency_display_id", NEW."display_id", NEW."previous_donor", NEW."proven_fertility", NEW."college_degree", NEW."latitude", NEW."longitude", NEW."created_at", NEW."views_count", (SELECT max(score) FROM donor_exam_scores WHERE donor_id = NEW.user_id AND exam = 'ACT'), (SELECT max(score) FROM donor_exam_scores WHERE donor_id = NEW.user_id AND exam = 'SAT'), (SELECT max(gpa) FROM donor_education_records WHERE donor_id = NEW.user_id));
  ELSE
    UPDATE donor_search SET
      "center_id" = NEW."center_id",
      "archived" = NEW."archived",
      "availability" = NEW."availability",
      "allowed_for_matching_tool" = NEW."allowed_for_matching_tool",
      "eye_color" = NEW."eye_color",
      "hair_color" = NEW."hair_color",
      "blood_group" = NEW."blood_group",
      "religion" = NEW."religion",
      "state" = NEW."state",
      "city" = NEW."city",
      "education_level" = NEW."education_level",
      "donor_type" = NEW."donor_type",
      "egg_donation_arrangement" = NEW."egg_donation_arrangement",
      "heritage" = NEW."heritage",
      "race_names" = NEW."race_names",
      "ethnicity_names" = NEW."ethnicity_names",
      "main_race" = NEW."main_race",
      "main_ethnicity" = NEW."main_ethnicity",
      "height_cm" = NEW."height_cm",
      "date_of_birth" = NEW."date_of_birth",
      "amh_value" = NEW."amh_value",
      "agency_display_id" = NEW."agency_display_id",
      "display_id" = NEW."display_id",
      "previous_donor" = NEW."previous_donor",
      "proven_fertility" = NEW."proven_fertility",
      "college_degree" = NEW."college_degree",
      "latitude" = NEW."latitude",
      "longitude" = NEW."longitude",
      "created_at" = NEW."created_at",
      "views_count" = NEW."views_count"
    WHERE user_id = NEW.user_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "donors_search_insert" AFTER INSERT ON "donors" FOR EACH ROW EXECUTE FUNCTION donor_search_copy();--> statement-breakpoint
CREATE TRIGGER "donors_search_update" AFTER UPDATE ON "donors" FOR EACH ROW WHEN ((OLD."center_id", OLD."archived", OLD."availability", OLD."allowed_for_matching_tool", OLD."eye_color", OLD."hair_color", OLD."blood_group", OLD."religion", OLD."state", OLD."city", OLD."education_level", OLD."donor_type", OLD."egg_donation_arrangement", OLD."heritage", OLD."race_names", OLD."ethnicity_names", OLD."main_race", OLD."main_ethnicity", OLD."height_cm", OLD."date_of_birth", OLD."amh_value", OLD."agency_display_id", OLD."display_id", OLD."previous_donor", OLD."proven_fertility", OLD."college_degree", OLD."latitude", OLD."longitude", OLD."created_at", OLD."views_count") IS DISTINCT FROM (NEW."center_id", NEW."archived", NEW."availability", NEW."allowed_for_matching_tool", NEW."eye_color", NEW."hair_color", NEW."blood_group", NEW."religion", NEW."state", NEW."city", NEW."education_level", NEW."donor_type", NEW."egg_donation_arrangement", NEW."heritage", NEW."race_names", NEW."ethnicity_names", NEW."main_race", NEW."main_ethnicity", NEW."height_cm", NEW."date_of_birth", NEW."amh_value", NEW."agency_display_id", NEW."display_id", NEW."previous_donor", NEW."proven_fertility", NEW."college_degree", NEW."latitude", NEW."longitude", NEW."created_at", NEW."views_count")) EXECUTE FUNCTION donor_search_copy();--> statement-breakpoint
CREATE FUNCTION "donor_search_exams"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE donor_search s SET
    act_best = (SELECT max(score) FROM donor_exam_scores e WHERE e.donor_id = s.user_id AND e.exam = 'ACT'),
    sat_best = (SELECT max(score) FROM donor_exam_scores e WHERE e.donor_id = s.user_id AND e.exam = 'SAT')
  WHERE s.user_id IN (SELECT DISTINCT donor_id FROM changed_rows);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "donor_exam_scores_insert_search" AFTER INSERT ON "donor_exam_scores" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION donor_search_exams();--> statement-breakpoint
CREATE TRIGGER "donor_exam_scores_update_search" AFTER UPDATE ON "donor_exam_scores" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION donor_search_exams();--> statement-breakpoint
CREATE TRIGGER "donor_exam_scores_delete_search" AFTER DELETE ON "donor_exam_scores" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION donor_search_exams();--> statement-breakpoint
CREATE FUNCTION "donor_search_gpa"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE donor_search s SET
    gpa_best = (SELECT max(gpa) FROM donor_education_records e WHERE e.donor_id = s.user_id)
  WHERE s.user_id IN (SELECT DISTINCT donor_id FROM changed_rows);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "donor_education_records_insert_search" AFTER INSERT ON "donor_education_records" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION donor_search_gpa();--> statement-breakpoint
CREATE TRIGGER "donor_education_records_update_search" AFTER UPDATE ON "donor_education_records" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION donor_search_gpa();--> statement-breakpoint
CREATE TRIGGER "donor_education_records_delete_search" AFTER DELETE ON "donor_education_records" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION donor_search_gpa();--> statement-breakpoint
INSERT INTO donor_search ("user_id", "center_id", "archived", "availability", "allowed_for_matching_tool", "eye_color", "hair_color", "blood_group", "religion", "state", "city", "education_level", "donor_type", "egg_donation_arrangement", "heritage", "race_names", "ethnicity_names", "main_race", "main_ethnicity", "height_cm", "date_of_birth", "amh_value", "agency_display_id", "display_id", "previous_donor", "proven_fertility", "college_degree", "latitude", "longitude", "created_at", "views_count", "act_best", "sat_best", "gpa_best")
SELECT d."user_id", d."center_id", d."archived", d."availability", d."allowed_for_matching_tool", d."eye_color", d."hair_color", d."blood_group", d."religion", d."state", d."city", d."education_level", d."donor_type", d."egg_donation_arrangement", d."heritage", d."race_names", d."ethnicity_names", d."main_race", d."main_ethnicity", d."height_cm", d."date_of_birth", d."amh_value", d."agency_display_id", d."display_id", d."previous_donor", d."proven_fertility", d."college_degree", d."latitude", d."longitude", d."created_at", d."views_count", (SELECT max(score) FROM donor_exam_scores WHERE donor_id = d.user_id AND exam = 'ACT'), (SELECT max(score) FROM donor_exam_scores WHERE donor_id = d.user_id AND exam = 'SAT'), (SELECT max(gpa) FROM donor_education_records WHERE donor_id = d.user_id)
FROM donors d;
