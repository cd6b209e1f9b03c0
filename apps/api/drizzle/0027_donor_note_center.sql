DROP INDEX "donor_notes_donor_idx";--> statement-breakpoint
ALTER TABLE "donor_notes" ADD COLUMN "center_id" integer;--> statement-breakpoint
-- Until now only staff of the donor's own center could write notes: a note belongs to its
-- author's center, or (author removed) to the donor's.
UPDATE "donor_notes" SET "center_id" = coalesce(
  (SELECT "center_id" FROM "users" WHERE "users"."id" = "donor_notes"."manager_id"),
  (SELECT "center_id" FROM "donors" WHERE "donors"."user_id" = "donor_notes"."donor_id")
);--> statement-breakpoint
ALTER TABLE "donor_notes" ALTER COLUMN "center_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "donor_notes" ADD CONSTRAINT "donor_notes_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donor_notes_donor_center_idx" ON "donor_notes" USING btree ("donor_id","center_id","created_at");
