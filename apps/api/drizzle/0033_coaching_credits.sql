CREATE TABLE "coaching_credits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"source_ref" text,
	"session_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coaching_credits_delta_nonzero" CHECK ("coaching_credits"."delta" <> 0)
);
--> statement-breakpoint
ALTER TABLE "coaching_credits" ADD CONSTRAINT "coaching_credits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_credits" ADD CONSTRAINT "coaching_credits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coaching_credits_user_idx" ON "coaching_credits" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coaching_credits_source_unique" ON "coaching_credits" USING btree ("source_ref") WHERE "coaching_credits"."source_ref" is not null;