ALTER TABLE "center_donor_access" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Access granted before this column existed is not new to anyone.
UPDATE "center_donor_access" SET "created_at" = 'epoch';
