CREATE INDEX "donor_search_eye_color_idx" ON "donor_search" USING btree ("eye_color","center_id");--> statement-breakpoint
CREATE INDEX "donor_search_hair_color_idx" ON "donor_search" USING btree ("hair_color","center_id");--> statement-breakpoint
CREATE INDEX "donor_search_blood_group_idx" ON "donor_search" USING btree ("blood_group","center_id");--> statement-breakpoint
CREATE INDEX "donor_search_religion_idx" ON "donor_search" USING btree ("religion","center_id");--> statement-breakpoint
CREATE INDEX "donor_search_state_idx" ON "donor_search" USING btree ("state","center_id");--> statement-breakpoint
CREATE INDEX "donor_search_education_level_idx" ON "donor_search" USING btree ("education_level","center_id");--> statement-breakpoint
CREATE INDEX "donor_search_act_best_idx" ON "donor_search" USING btree ("act_best");--> statement-breakpoint
CREATE INDEX "donor_search_sat_best_idx" ON "donor_search" USING btree ("sat_best");--> statement-breakpoint
CREATE INDEX "donor_search_gpa_best_idx" ON "donor_search" USING btree ("gpa_best");--> statement-breakpoint
CREATE INDEX "donor_search_amh_value_idx" ON "donor_search" USING btree ("amh_value");