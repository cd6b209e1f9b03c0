CREATE INDEX "donor_views_donor_idx" ON "donor_views" USING btree ("donor_id");--> statement-breakpoint
CREATE INDEX "donor_views_user_idx" ON "donor_views" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "donor_diseases_family_member_idx" ON "donor_diseases" USING btree ("family_member_id");--> statement-breakpoint
CREATE INDEX "donor_exam_scores_education_record_idx" ON "donor_exam_scores" USING btree ("education_record_id");--> statement-breakpoint
CREATE INDEX "donor_profiles_covid_document_idx" ON "donor_profiles" USING btree ("covid_vaccination_document_id") WHERE "donor_profiles"."covid_vaccination_document_id" is not null;--> statement-breakpoint
CREATE INDEX "donors_reserved_parent_idx" ON "donors" USING btree ("reserved_parent_id") WHERE "donors"."reserved_parent_id" is not null;--> statement-breakpoint
CREATE INDEX "donors_reserved_manager_idx" ON "donors" USING btree ("reserved_manager_id") WHERE "donors"."reserved_manager_id" is not null;--> statement-breakpoint
CREATE INDEX "user_tokens_user_idx" ON "user_tokens" USING btree ("user_id","purpose");