CREATE TABLE "coaching_calendars" (
	"manager_id" integer PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"slot_minutes" integer NOT NULL,
	"weekly" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"blocked_dates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"meeting_address" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coaching_session_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coaching_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"center_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"holder_id" integer NOT NULL,
	"manager_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"client_time_zone" text NOT NULL,
	"details" text NOT NULL,
	"location" text NOT NULL,
	"status" text DEFAULT 'Requested' NOT NULL,
	"ics_sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" integer,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	CONSTRAINT "coaching_sessions_status" CHECK ("coaching_sessions"."status" in ('Requested', 'Done', 'Cancelled')),
	CONSTRAINT "coaching_sessions_ends_after_start" CHECK ("coaching_sessions"."ends_at" > "coaching_sessions"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "concierge_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"center_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"contact_no" text NOT NULL,
	"newsletter" boolean DEFAULT false NOT NULL,
	"voicemail" boolean DEFAULT false NOT NULL,
	"privacy_accepted_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"assigned_to" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_by" integer,
	"handled_at" timestamp with time zone,
	"handled_note" text DEFAULT '' NOT NULL,
	CONSTRAINT "concierge_requests_status_check" CHECK ("concierge_requests"."status" in ('requested', 'handled'))
);
--> statement-breakpoint
CREATE TABLE "education_resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"center_id" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_tour_views" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"outcome" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_tour_views_outcome_check" CHECK ("site_tour_views"."outcome" in ('finished', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"percent_off" integer NOT NULL,
	"valid_until" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_percent_range" CHECK ("coupons"."percent_off" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "offline_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"bill_id" integer NOT NULL,
	"center_id" integer NOT NULL,
	"mode" text NOT NULL,
	"paid_on" date NOT NULL,
	"message" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"trial_used_at" timestamp with time zone,
	"payment_method_id" text,
	"card_brand" text,
	"card_last4" text,
	"receive_education_email" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"center_id" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"status" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"coupon_code" text,
	"currency" text DEFAULT 'usd' NOT NULL,
	"match_id" integer,
	"subscription_id" integer,
	"provider" text,
	"provider_ref" text,
	"paid_via" text,
	"card_last4" text,
	"failure_message" text,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_by" integer,
	CONSTRAINT "payment_bills_amounts" CHECK ("payment_bills"."total_cents" >= 0 and "payment_bills"."discount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"endpoint" text NOT NULL,
	"status" text NOT NULL,
	"answer" jsonb,
	"claimed_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"center_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_subscription_id" text NOT NULL,
	"status" text NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"price_cents" integer NOT NULL,
	"coupon_code" text,
	"percent_off" integer DEFAULT 0 NOT NULL,
	"trial_end" timestamp with time zone,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"renewal_claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"canceled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "coaching_calendars" ADD CONSTRAINT "coaching_calendars_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_session_comments" ADD CONSTRAINT "coaching_session_comments_session_id_coaching_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."coaching_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_session_comments" ADD CONSTRAINT "coaching_session_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_sessions" ADD CONSTRAINT "coaching_sessions_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_sessions" ADD CONSTRAINT "coaching_sessions_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_sessions" ADD CONSTRAINT "coaching_sessions_holder_id_users_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_sessions" ADD CONSTRAINT "coaching_sessions_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_sessions" ADD CONSTRAINT "coaching_sessions_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_sessions" ADD CONSTRAINT "coaching_sessions_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concierge_requests" ADD CONSTRAINT "concierge_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concierge_requests" ADD CONSTRAINT "concierge_requests_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concierge_requests" ADD CONSTRAINT "concierge_requests_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concierge_requests" ADD CONSTRAINT "concierge_requests_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "education_resources" ADD CONSTRAINT "education_resources_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "education_resources" ADD CONSTRAINT "education_resources_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "education_resources" ADD CONSTRAINT "education_resources_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_tour_views" ADD CONSTRAINT "site_tour_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_payments" ADD CONSTRAINT "offline_payments_bill_id_payment_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."payment_bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_payments" ADD CONSTRAINT "offline_payments_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_payments" ADD CONSTRAINT "offline_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_bills" ADD CONSTRAINT "payment_bills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_bills" ADD CONSTRAINT "payment_bills_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_bills" ADD CONSTRAINT "payment_bills_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_bills" ADD CONSTRAINT "payment_bills_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_bills" ADD CONSTRAINT "payment_bills_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coaching_session_comments_session_idx" ON "coaching_session_comments" USING btree ("session_id","id");--> statement-breakpoint
CREATE INDEX "coaching_session_comments_author_idx" ON "coaching_session_comments" USING btree ("author_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coaching_sessions_manager_start_unique" ON "coaching_sessions" USING btree ("manager_id","starts_at") WHERE "coaching_sessions"."status" <> 'Cancelled';--> statement-breakpoint
CREATE INDEX "coaching_sessions_center_start_idx" ON "coaching_sessions" USING btree ("center_id","starts_at");--> statement-breakpoint
CREATE INDEX "coaching_sessions_client_idx" ON "coaching_sessions" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "coaching_sessions_holder_idx" ON "coaching_sessions" USING btree ("holder_id","starts_at");--> statement-breakpoint
CREATE INDEX "coaching_sessions_done_by_idx" ON "coaching_sessions" USING btree ("done_by");--> statement-breakpoint
CREATE INDEX "coaching_sessions_cancelled_by_idx" ON "coaching_sessions" USING btree ("cancelled_by");--> statement-breakpoint
CREATE UNIQUE INDEX "concierge_requests_user_unique" ON "concierge_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "concierge_requests_center_idx" ON "concierge_requests" USING btree ("center_id","status","created_at");--> statement-breakpoint
CREATE INDEX "education_resources_center_type_idx" ON "education_resources" USING btree ("center_id","type","position","id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_unique" ON "coupons" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "offline_payments_bill_unique" ON "offline_payments" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "offline_payments_center_idx" ON "offline_payments" USING btree ("center_id","paid_on");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_bills_provider_ref_unique" ON "payment_bills" USING btree ("provider","provider_ref") WHERE "payment_bills"."provider_ref" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_bills_match_fee_paid_unique" ON "payment_bills" USING btree ("match_id") WHERE "payment_bills"."kind" = 'match_fee' and "payment_bills"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "payment_bills_user_idx" ON "payment_bills" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_bills_center_idx" ON "payment_bills" USING btree ("center_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_bills_match_idx" ON "payment_bills" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "payment_bills_subscription_idx" ON "payment_bills" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_requests_key_unique" ON "payment_requests" USING btree ("user_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_ref_unique" ON "subscriptions" USING btree ("provider","provider_subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_live_unique" ON "subscriptions" USING btree ("user_id") WHERE "subscriptions"."status" in ('incomplete', 'trialing', 'active', 'past_due');--> statement-breakpoint
CREATE INDEX "subscriptions_center_idx" ON "subscriptions" USING btree ("center_id");--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("current_period_end") WHERE "subscriptions"."status" in ('trialing', 'active', 'past_due');