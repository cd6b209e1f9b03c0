CREATE TABLE "phone_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"center_id" integer,
	"ip" text NOT NULL,
	"ok" smallint NOT NULL,
	"code_hash" text,
	"expires_at" timestamp with time zone,
	"tries" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "text_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"center_id" integer NOT NULL,
	"to_user_id" integer,
	"to_number" text NOT NULL,
	"sealed_content" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"provider_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "centers" ADD COLUMN "twilio_phone_number" text;--> statement-breakpoint
ALTER TABLE "centers" ADD COLUMN "twilio_account_sid" text;--> statement-breakpoint
ALTER TABLE "centers" ADD COLUMN "twilio_auth_token" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "receive_text_notification" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mobile_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_outbox" ADD CONSTRAINT "text_outbox_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_outbox" ADD CONSTRAINT "text_outbox_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_codes_phone_idx" ON "phone_codes" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "phone_codes_ip_idx" ON "phone_codes" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "phone_codes_center_idx" ON "phone_codes" USING btree ("center_id");--> statement-breakpoint
CREATE INDEX "text_outbox_due_idx" ON "text_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "text_outbox_center_idx" ON "text_outbox" USING btree ("center_id","id");--> statement-breakpoint
CREATE INDEX "text_outbox_to_user_idx" ON "text_outbox" USING btree ("to_user_id");