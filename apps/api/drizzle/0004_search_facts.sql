DROP INDEX "donors_center_created_idx";--> statement-breakpoint
DROP INDEX "donors_center_availability_idx";--> statement-breakpoint
DROP INDEX "donors_dob_idx";--> statement-breakpoint
DROP INDEX "donors_height_idx";--> statement-breakpoint
DROP INDEX "donors_views_idx";--> statement-breakpoint
DROP INDEX "donors_search_idx";--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "archived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "race_names" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "ethnicity_names" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "main_race" text;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "main_ethnicity" text;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
CREATE INDEX "donors_created_idx" ON "donors" USING btree ("created_at","user_id");--> statement-breakpoint
CREATE INDEX "donors_race_names_idx" ON "donors" USING gin ("race_names");--> statement-breakpoint
CREATE INDEX "donors_ethnicity_names_idx" ON "donors" USING gin ("ethnicity_names");--> statement-breakpoint
CREATE INDEX "donors_center_availability_idx" ON "donors" USING btree ("center_id","availability","date_of_birth","archived","allowed_for_matching_tool");--> statement-breakpoint
CREATE INDEX "donors_dob_idx" ON "donors" USING btree ("date_of_birth","user_id");--> statement-breakpoint
CREATE INDEX "donors_height_idx" ON "donors" USING btree ("height_cm","user_id");--> statement-breakpoint
CREATE INDEX "donors_views_idx" ON "donors" USING btree ("views_count","user_id");--> statement-breakpoint
CREATE INDEX "donors_search_idx" ON "donors" USING gin ("search_vector");--> statement-breakpoint
-- donors.race_names/main_race and ethnicity_names/main_ethnicity follow their child tables.
-- Statement-level triggers with transition tables: one UPDATE per statement however many rows,
-- touching only donors whose copy differs (a writer that filled it already causes no update).
CREATE FUNCTION "donor_race_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE donors d SET race_names = f.names, main_race = f.main
  FROM (
    SELECT c.donor_id,
      coalesce((SELECT array_agg(x.name ORDER BY x.name) FROM donor_races x WHERE x.donor_id = c.donor_id), '{}'::text[]) AS names,
      (SELECT x.name FROM donor_races x WHERE x.donor_id = c.donor_id ORDER BY x.percentage DESC, x.position, x.name LIMIT 1) AS main
    FROM (SELECT DISTINCT donor_id FROM changed_rows) c
  ) f
  WHERE d.user_id = f.donor_id
    AND (d.race_names IS DISTINCT FROM f.names OR d.main_race IS DISTINCT FROM f.main);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "donor_ethnicity_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE donors d SET ethnicity_names = f.names, main_ethnicity = f.main
  FROM (
    SELECT c.donor_id,
      coalesce((SELECT array_agg(x.name ORDER BY x.name) FROM donor_ethnicities x WHERE x.donor_id = c.donor_id), '{}'::text[]) AS names,
      (SELECT x.name FROM donor_ethnicities x WHERE x.donor_id = c.donor_id ORDER BY x.percentage DESC, x.position, x.name LIMIT 1) AS main
    FROM (SELECT DISTINCT donor_id FROM changed_rows) c
  ) f
  WHERE d.user_id = f.donor_id
    AND (d.ethnicity_names IS DISTINCT FROM f.names OR d.main_ethnicity IS DISTINCT FROM f.main);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "donor_races_insert_facts" AFTER INSERT ON "donor_races" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION donor_race_facts();--> statement-breakpoint
CREATE TRIGGER "donor_races_update_facts" AFTER UPDATE ON "donor_races" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION donor_race_facts();--> statement-breakpoint
CREATE TRIGGER "donor_races_delete_facts" AFTER DELETE ON "donor_races" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION donor_race_facts();--> statement-breakpoint
CREATE TRIGGER "donor_ethnicities_insert_facts" AFTER INSERT ON "donor_ethnicities" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION donor_ethnicity_facts();--> statement-breakpoint
CREATE TRIGGER "donor_ethnicities_update_facts" AFTER UPDATE ON "donor_ethnicities" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION donor_ethnicity_facts();--> statement-breakpoint
CREATE TRIGGER "donor_ethnicities_delete_facts" AFTER DELETE ON "donor_ethnicities" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION donor_ethnicity_facts();--> statement-breakpoint
-- donors.archived and donors.search_vector follow the donor's account (status, names) and
-- search_document: a row trigger on donors (insert, document change) and one on users.
CREATE FUNCTION "donor_user_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  st text;
  fn text;
  ln text;
BEGIN
  SELECT status, first_name, last_name INTO st, fn, ln FROM users WHERE id = NEW.user_id;
  IF TG_OP = 'INSERT' THEN
    NEW.archived := coalesce(st = 'Archived', false);
  END IF;
  NEW.search_vector := setweight(to_tsvector('simple', coalesce(fn, '')), 'A')
    || setweight(to_tsvector('simple', coalesce(ln, '')), 'B')
    || to_tsvector('simple', NEW.search_document);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "donors_user_facts" BEFORE INSERT OR UPDATE OF search_document ON "donors" FOR EACH ROW EXECUTE FUNCTION donor_user_facts();--> statement-breakpoint
CREATE FUNCTION "user_donor_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE donors SET
    archived = (NEW.status = 'Archived'),
    search_vector = setweight(to_tsvector('simple', coalesce(NEW.first_name, '')), 'A')
      || setweight(to_tsvector('simple', coalesce(NEW.last_name, '')), 'B')
      || to_tsvector('simple', search_document)
  WHERE user_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_donor_facts" AFTER UPDATE OF status, first_name, last_name ON "users" FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name) EXECUTE FUNCTION user_donor_facts();--> statement-breakpoint
-- One pass over existing donors fills every copied fact (the search vector keeps the names that
-- search_document held, now weighted, and drops them from the unweighted part).
UPDATE donors d SET
  archived = (u.status = 'Archived'),
  race_names = coalesce((SELECT array_agg(x.name ORDER BY x.name) FROM donor_races x WHERE x.donor_id = d.user_id), '{}'::text[]),
  main_race = (SELECT x.name FROM donor_races x WHERE x.donor_id = d.user_id ORDER BY x.percentage DESC, x.position, x.name LIMIT 1),
  ethnicity_names = coalesce((SELECT array_agg(x.name ORDER BY x.name) FROM donor_ethnicities x WHERE x.donor_id = d.user_id), '{}'::text[]),
  main_ethnicity = (SELECT x.name FROM donor_ethnicities x WHERE x.donor_id = d.user_id ORDER BY x.percentage DESC, x.position, x.name LIMIT 1),
  search_vector = setweight(to_tsvector('simple', coalesce(u.first_name, '')), 'A')
    || setweight(to_tsvector('simple', coalesce(u.last_name, '')), 'B')
    || ts_delete(to_tsvector('simple', d.search_document),
         tsvector_to_array(to_tsvector('simple', coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, ''))))
FROM users u WHERE u.id = d.user_id;
