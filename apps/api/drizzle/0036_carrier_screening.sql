CREATE TABLE "carrier_panels" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"sealed" text NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donor_carrier_genes" (
	"donor_id" integer NOT NULL,
	"gene" text NOT NULL,
	"carrier" boolean NOT NULL,
	CONSTRAINT "donor_carrier_genes_donor_id_gene_pk" PRIMARY KEY("donor_id","gene")
);
--> statement-breakpoint
ALTER TABLE "carrier_panels" ADD CONSTRAINT "carrier_panels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_panels" ADD CONSTRAINT "carrier_panels_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_carrier_genes" ADD CONSTRAINT "donor_carrier_genes_donor_id_donors_user_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_panels_user_kind_unique" ON "carrier_panels" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "donor_carrier_genes_gene_idx" ON "donor_carrier_genes" USING btree ("gene");