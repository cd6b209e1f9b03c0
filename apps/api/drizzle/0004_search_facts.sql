DROP INDEX "donors_center_availability_idx";--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "archived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "race_names" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "ethnicity_names" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "main_race" text;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "main_ethnicity" text;--> statement-breakpoint
CREATE INDEX "donors_race_names_idx" ON "donors" USING gin ("race_names");--> statement-breakpoint
CREATE INDEX "donors_ethnicity_names_idx" ON "donors" USING gin ("ethnicity_names");--> statement-breakpoint
CREATE INDEX "donors_center_availability_idx" ON "donors" USING btree ("center_id","availability","date_of_birth","archived","allowed_for_matching_tool");--> statement-breakpoint
-- donors.race_names/main_race and ethnicity_names/main_ethnicity follow their child tables.
-- Statement-level triggers with transition tables: one UPDATE per statement however many rows.
CREATE FUNCTION "donor_race_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE donors d SET
    race_names = coalesce((SELECT array_agg(x.name ORDER BY x.name) FROM donor_races x WHERE x.donor_id = d.user_id), '{}'::text[]),
    main_race = (SELECT x.name FROM donor_races x WHERE x.donor_id = d.user_id ORDER BY x.percentage DESC, x.position, x.name LIMIT 1)
  WHERE d.user_id IN (SELECT donor_id FROM changed_rows);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "donor_ethnicity_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE donors d SET
    ethnicity_names = coalesce((SELECT array_agg(x.name ORDER BY x.name) FROM donor_ethnicities x WHERE x.donor_id = d.user_id), '{}'::text[]),
    main_ethnicity = (SELECT x.name FROM donor_ethnicities x WHERE x.donor_id = d.user_id ORDER BY x.percentage DESC, x.position, x.name LIMIT 1)
  WHERE d.user_id IN (SELECT donor_id FROM changed_rows);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "donor_races_insert_facts" AFTER INSERT ON "donor_races" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION donor_race_facts();--> statement-breakpoint
CREATE TRIGGER "donor_races_update_facts" AFTER UPDATE ON "donor_races" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION donor_race_facts();--> statement-breakpoint
CREATE TRIGGER "donor_races_delete_facts" AFTER DELETE ON "donor_races" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION donor_race_facts();--> statement-breakpoint
CREATE TRIGGER "donor_ethnicities_insert_facts" AFTER INSERT ON "donor_ethnicities" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION donor_ethnicity_facts();--> statement-breakpoint
CREATE TRIGGER "donor_ethnicities_update_facts" AFTER UPDATE ON "donor_ethnicities" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION donor_ethnicity_facts();--> statement-breakpoint
CREATE TRIGGER "donor_ethnicities_delete_facts" AFTER DELETE ON "donor_ethnicities" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION donor_ethnicity_facts();--> statement-breakpoint
UPDATE donors d SET
  race_names = coalesce((SELECT array_agg(x.name ORDER BY x.name) FROM donor_races x WHERE x.donor_id = d.user_id), '{}'::text[]),
  main_race = (SELECT x.name FROM donor_races x WHERE x.donor_id = d.user_id ORDER BY x.percentage DESC, x.position, x.name LIMIT 1),
  ethnicity_names = coalesce((SELECT array_agg(x.name ORDER BY x.name) FROM donor_ethnicities x WHERE x.donor_id = d.user_id), '{}'::text[]),
  main_ethnicity = (SELECT x.name FROM donor_ethnicities x WHERE x.donor_id = d.user_id ORDER BY x.percentage DESC, x.position, x.name LIMIT 1);
--> statement-breakpoint
-- donors.archived follows users.status.
CREATE FUNCTION "donor_archived_from_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE donors SET archived = (NEW.status = 'Archived')
  WHERE user_id = NEW.id AND archived IS DISTINCT FROM (NEW.status = 'Archived');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_status_donor_archived" AFTER UPDATE OF status ON "users" FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION donor_archived_from_user();--> statement-breakpoint
CREATE FUNCTION "donor_archived_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.archived := coalesce((SELECT u.status = 'Archived' FROM users u WHERE u.id = NEW.user_id), false);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "donors_archived_on_insert" BEFORE INSERT ON "donors" FOR EACH ROW EXECUTE FUNCTION donor_archived_on_insert();--> statement-breakpoint
UPDATE donors d SET archived = true FROM users u WHERE u.id = d.user_id AND u.status = 'Archived';
