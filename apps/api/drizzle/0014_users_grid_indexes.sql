CREATE INDEX "users_parent_idx" ON "users" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "users_center_name_idx" ON "users" USING btree ("center_id",lower("first_name" || ' ' || "last_name"),"id");--> statement-breakpoint
CREATE INDEX "users_center_created_idx" ON "users" USING btree ("center_id","created_at","id");