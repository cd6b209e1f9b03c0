CREATE TABLE "ip_forms" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"center_id" integer NOT NULL,
	"general" jsonb,
	"personal_characteristics" jsonb,
	"fertility_history" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ip_forms" ADD CONSTRAINT "ip_forms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_forms" ADD CONSTRAINT "ip_forms_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;