-- Each process keeps the donor search in memory (modules/search/search.index.ts) and, before a
-- search, reads the donor_search rows written since its last look: every write stamps the row
-- with its transaction id, and a deleted row leaves its id in donor_search_removed.
CREATE TABLE "donor_search_removed" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"changed_xid" "xid8" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "donor_search" ADD COLUMN "changed_xid" "xid8" DEFAULT '0'::xid8 NOT NULL;--> statement-breakpoint
CREATE INDEX "donor_search_removed_changed_xid_idx" ON "donor_search_removed" USING btree ("changed_xid");--> statement-breakpoint
CREATE INDEX "donor_search_changed_xid_idx" ON "donor_search" USING btree ("changed_xid");--> statement-breakpoint
CREATE FUNCTION "donor_search_stamp"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."changed_xid" := pg_current_xact_id();
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "donor_search_stamp" BEFORE INSERT OR UPDATE ON "donor_search" FOR EACH ROW EXECUTE FUNCTION donor_search_stamp();--> statement-breakpoint
CREATE FUNCTION "donor_search_removed_log"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO donor_search_removed ("user_id", "changed_xid") VALUES (OLD."user_id", pg_current_xact_id())
    ON CONFLICT ("user_id") DO UPDATE SET "changed_xid" = excluded."changed_xid";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "donor_search_removed_log" AFTER DELETE ON "donor_search" FOR EACH ROW EXECUTE FUNCTION donor_search_removed_log();
