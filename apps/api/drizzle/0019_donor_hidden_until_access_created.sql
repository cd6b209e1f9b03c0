ALTER TABLE "center_donor_access" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Access granted before this column existed is not new to anyone.
UPDATE "center_donor_access" SET "created_at" = 'epoch';--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "hidden_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "donors_hidden_until_idx" ON "donors" USING btree ("hidden_until") WHERE "donors"."hidden_until" is not null;