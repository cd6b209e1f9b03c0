CREATE TABLE "donor_preforms" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"center_id" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"eligible" boolean NOT NULL,
	"reasons" text[] NOT NULL,
	"disqualifying_question_ids" integer[] NOT NULL,
	"bmi" double precision NOT NULL,
	"auto_rejection" boolean NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "donor_preforms" ADD CONSTRAINT "donor_preforms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_preforms" ADD CONSTRAINT "donor_preforms_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;