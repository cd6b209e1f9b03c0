CREATE TABLE "ip_queries" (
	"id" serial PRIMARY KEY NOT NULL,
	"center_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"donor_id" integer,
	"query_type" text NOT NULL,
	"query" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portfolio_donors" (
	"portfolio_id" integer NOT NULL,
	"donor_id" integer NOT NULL,
	"position" integer NOT NULL,
	"feedback" text,
	"feedback_at" timestamp with time zone,
	"added_by" integer,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portfolio_donors_portfolio_id_donor_id_pk" PRIMARY KEY("portfolio_id","donor_id")
);
--> statement-breakpoint
CREATE TABLE "portfolio_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"portfolio_id" integer NOT NULL,
	"donor_id" integer,
	"user_id" integer,
	"note" text NOT NULL,
	"is_overall" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portfolio_shares" (
	"portfolio_id" integer NOT NULL,
	"manager_id" integer NOT NULL,
	"shared_by" integer,
	"shared_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portfolio_shares_portfolio_id_manager_id_pk" PRIMARY KEY("portfolio_id","manager_id")
);
--> statement-breakpoint
CREATE TABLE "portfolios" (
	"id" serial PRIMARY KEY NOT NULL,
	"center_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"client_id" integer,
	"manager_id" integer,
	"created_by" integer,
	"first_viewed_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ip_queries" ADD CONSTRAINT "ip_queries_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_queries" ADD CONSTRAINT "ip_queries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_queries" ADD CONSTRAINT "ip_queries_donor_id_donors_user_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_donors" ADD CONSTRAINT "portfolio_donors_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_donors" ADD CONSTRAINT "portfolio_donors_donor_id_donors_user_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_donors" ADD CONSTRAINT "portfolio_donors_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_notes" ADD CONSTRAINT "portfolio_notes_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_notes" ADD CONSTRAINT "portfolio_notes_donor_id_donors_user_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_notes" ADD CONSTRAINT "portfolio_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_shares" ADD CONSTRAINT "portfolio_shares_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_shares" ADD CONSTRAINT "portfolio_shares_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_shares" ADD CONSTRAINT "portfolio_shares_shared_by_users_id_fk" FOREIGN KEY ("shared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolios" ADD CONSTRAINT "portfolios_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolios" ADD CONSTRAINT "portfolios_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolios" ADD CONSTRAINT "portfolios_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolios" ADD CONSTRAINT "portfolios_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ip_queries_user_idx" ON "ip_queries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "portfolio_donors_donor_idx" ON "portfolio_donors" USING btree ("donor_id");--> statement-breakpoint
CREATE INDEX "portfolio_notes_portfolio_idx" ON "portfolio_notes" USING btree ("portfolio_id","created_at");--> statement-breakpoint
CREATE INDEX "portfolio_shares_manager_idx" ON "portfolio_shares" USING btree ("manager_id");--> statement-breakpoint
CREATE INDEX "portfolios_center_status_idx" ON "portfolios" USING btree ("center_id","status");--> statement-breakpoint
CREATE INDEX "portfolios_client_idx" ON "portfolios" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "portfolios_manager_idx" ON "portfolios" USING btree ("manager_id");