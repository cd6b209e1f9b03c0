ALTER TABLE "donors" ADD COLUMN "race_card" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "ethnicity_card" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- The facts triggers of migration 0004 keep the cards too: the entries as { name, percentage } in
-- the form's order (position, then name), what a search card shows (issue 19: a page of cards read
-- them with two subqueries a card).
CREATE OR REPLACE FUNCTION "donor_race_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE donors d SET race_names = f.names, main_race = f.main, race_card = f.card
  FROM (
    SELECT c.donor_id,
      coalesce((SELECT array_agg(x.name ORDER BY x.name) FROM donor_races x WHERE x.donor_id = c.donor_id), '{}'::text[]) AS names,
      (SELECT x.name FROM donor_races x WHERE x.donor_id = c.donor_id ORDER BY x.percentage DESC, x.position, x.name LIMIT 1) AS main,
      coalesce((SELECT jsonb_agg(jsonb_build_object('name', x.name, 'percentage', x.percentage) ORDER BY x.position, x.name)
        FROM donor_races x WHERE x.donor_id = c.donor_id), '[]'::jsonb) AS card
    FROM (SELECT DISTINCT donor_id FROM changed_rows) c
  ) f
  WHERE d.user_id = f.donor_id
    AND (d.race_names IS DISTINCT FROM f.names OR d.main_race IS DISTINCT FROM f.main OR d.race_card IS DISTINCT FROM f.card);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "donor_ethnicity_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE donors d SET ethnicity_names = f.names, main_ethnicity = f.main, ethnicity_card = f.card
  FROM (
    SELECT c.donor_id,
      coalesce((SELECT array_agg(x.name ORDER BY x.name) FROM donor_ethnicities x WHERE x.donor_id = c.donor_id), '{}'::text[]) AS names,
      (SELECT x.name FROM donor_ethnicities x WHERE x.donor_id = c.donor_id ORDER BY x.percentage DESC, x.position, x.name LIMIT 1) AS main,
      coalesce((SELECT jsonb_agg(jsonb_build_object('name', x.name, 'percentage', x.percentage) ORDER BY x.position, x.name)
        FROM donor_ethnicities x WHERE x.donor_id = c.donor_id), '[]'::jsonb) AS card
    FROM (SELECT DISTINCT donor_id FROM changed_rows) c
  ) f
  WHERE d.user_id = f.donor_id
    AND (d.ethnicity_names IS DISTINCT FROM f.names OR d.main_ethnicity IS DISTINCT FROM f.main OR d.ethnicity_card IS DISTINCT FROM f.card);
  RETURN NULL;
END $$;--> statement-breakpoint
-- The cards of the donors there are, set-based (one pass over each table).
UPDATE donors d SET race_card = r.card
FROM (SELECT donor_id, jsonb_agg(jsonb_build_object('name', name, 'percentage', percentage) ORDER BY position, name) AS card
  FROM donor_races GROUP BY donor_id) r
WHERE d.user_id = r.donor_id;--> statement-breakpoint
UPDATE donors d SET ethnicity_card = e.card
FROM (SELECT donor_id, jsonb_agg(jsonb_build_object('name', name, 'percentage', percentage) ORDER BY position, name) AS card
  FROM donor_ethnicities GROUP BY donor_id) e
WHERE d.user_id = e.donor_id;
