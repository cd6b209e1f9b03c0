CREATE TABLE "customized_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"center_id" integer NOT NULL,
	"question" text NOT NULL,
	"question_key" text NOT NULL,
	"type" text DEFAULT 'textarea' NOT NULL,
	"status" text DEFAULT 'public' NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"tab" text DEFAULT 'miscellaneous' NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customized_questions" ADD CONSTRAINT "customized_questions_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customized_questions" ADD CONSTRAINT "customized_questions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customized_questions_center_key_unique" ON "customized_questions" USING btree ("center_id","question_key");--> statement-breakpoint
CREATE INDEX "customized_questions_center_tab_idx" ON "customized_questions" USING btree ("center_id","tab");