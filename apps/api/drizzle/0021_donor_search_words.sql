-- The text search reads the words on donor_search, so a search is one scan of the narrow rows
-- (a broad word used to probe the wide donors row of every candidate). The copy trigger carries them.
ALTER TABLE "donor_search" ADD COLUMN "search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "donor_search_copy"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO donor_search ("user_id", "center_id", "archived", "availability", "allowed_for_matching_tool", "eye_color", "hair_color", "blood_group", "religion", "state", "city", "education_level", "donor_type", "egg_donation_arrangement", "heritage", "race_names", "ethnicity_names", "main_race", "main_ethnicity", "height_cm", "date_of_birth", "amh_value", "agency_display_id", "display_id", "previous_donor", "proven_fertility", "college_degree", "latitude", "longitude", "created_at", "views_count", "act_best", "sat_best", "gpa_best", "search_vector")
    VALUES (NEW."user_id", NEW."center_id", NEW."archived", NEW."availability", NEW."allowed_for_matching_tool", NEW."eye_color", NEW."hair_color", NEW."blood_group", NEW."religion", NEW."state", NEW."city", NEW."education_level", NEW."donor_type", NEW."egg_donation_arrangement", NEW."heritage", NEW."race_names", NEW."ethnicity_names", NEW."main_race", NEW."main_ethnicity", NEW."height_cm", NEW."date_of_birth", NEW."amh_value", NEW."agency_display_id", NEW."display_id", NEW."previous_donor", NEW."proven_fertility", NEW."college_degree", NEW."latitude", NEW."longitude", NEW."created_at", NEW."views_count", (SELECT max(score) FROM donor_exam_scores WHERE donor_id = NEW.user_id AND exam = 'ACT'), (SELECT max(score) FROM donor_exam_scores WHERE donor_id = NEW.user_id AND exam = 'SAT'), (SELECT max(gpa) FROM donor_education_records WHERE donor_id = NEW.user_id), NEW."search_vector");
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
      "views_count" = NEW."views_count",
      "search_vector" = NEW."search_vector"
    WHERE user_id = NEW.user_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "donors_search_update" ON "donors";--> statement-breakpoint
CREATE TRIGGER "donors_search_update" AFTER UPDATE ON "donors" FOR EACH ROW WHEN ((OLD."center_id", OLD."archived", OLD."availability", OLD."allowed_for_matching_tool", OLD."eye_color", OLD."hair_color", OLD."blood_group", OLD."religion", OLD."state", OLD."city", OLD."education_level", OLD."donor_type", OLD."egg_donation_arrangement", OLD."heritage", OLD."race_names", OLD."ethnicity_names", OLD."main_race", OLD."main_ethnicity", OLD."height_cm", OLD."date_of_birth", OLD."amh_value", OLD."agency_display_id", OLD."display_id", OLD."previous_donor", OLD."proven_fertility", OLD."college_degree", OLD."latitude", OLD."longitude", OLD."created_at", OLD."views_count", OLD."search_vector") IS DISTINCT FROM (NEW."center_id", NEW."archived", NEW."availability", NEW."allowed_for_matching_tool", NEW."eye_color", NEW."hair_color", NEW."blood_group", NEW."religion", NEW."state", NEW."city", NEW."education_level", NEW."donor_type", NEW."egg_donation_arrangement", NEW."heritage", NEW."race_names", NEW."ethnicity_names", NEW."main_race", NEW."main_ethnicity", NEW."height_cm", NEW."date_of_birth", NEW."amh_value", NEW."agency_display_id", NEW."display_id", NEW."previous_donor", NEW."proven_fertility", NEW."college_degree", NEW."latitude", NEW."longitude", NEW."created_at", NEW."views_count", NEW."search_vector")) EXECUTE FUNCTION donor_search_copy();--> statement-breakpoint
UPDATE "donor_search" s SET "search_vector" = d."search_vector" FROM "donors" d WHERE d."user_id" = s."user_id";--> statement-breakpoint
CREATE INDEX "donor_search_search_vector_idx" ON "donor_search" USING gin ("search_vector");