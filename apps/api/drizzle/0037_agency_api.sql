CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"center_id" integer NOT NULL,
	"name" text NOT NULL,
	"scope" text NOT NULL,
	"secret_hash" text NOT NULL,
	"hint" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"status_code" integer,
	"error" text,
	"duration_ms" integer NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"endpoint_id" integer NOT NULL,
	"center_id" integer NOT NULL,
	"event_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"center_id" integer NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"secret_sealed" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "api_key_id" integer;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_secret_hash_unique" ON "api_keys" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "api_keys_center_idx" ON "api_keys" USING btree ("center_id");--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at","id") WHERE "webhook_deliveries"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_center_idx" ON "webhook_endpoints" USING btree ("center_id");--> statement-breakpoint
-- The webhook outbox (issue 24, decision 028): the events are queued by triggers, in the same
-- transaction as the change, whichever service made it. One event id per event; one delivery row
-- per endpoint of the center that subscribed to the event. The data names only ids, the donor's
-- public display id and statuses: what the center's admin sees of the donor or the match.
CREATE FUNCTION "webhook_enqueue"(center integer, kind text, data jsonb, event uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO webhook_deliveries (endpoint_id, center_id, event_id, event_type, payload)
  SELECT e.id, e.center_id, event, kind, data
  FROM webhook_endpoints e
  WHERE e.center_id = center AND kind = ANY (e.events);
END $$;--> statement-breakpoint
CREATE FUNCTION "webhook_donor_status"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM webhook_enqueue(NEW.center_id, 'donor.status_changed', jsonb_build_object(
    'donor_id', NEW.user_id, 'display_id', NEW.display_id,
    'previous_status', OLD.availability, 'status', NEW.availability), gen_random_uuid());
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "donors_webhook_status" AFTER UPDATE OF "availability" ON "donors" FOR EACH ROW WHEN (OLD.availability IS DISTINCT FROM NEW.availability) EXECUTE FUNCTION webhook_donor_status();--> statement-breakpoint
-- A match goes to the donor's center and, when the parent is of another center, to the parent's too.
CREATE FUNCTION "webhook_match"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := CASE WHEN TG_OP = 'INSERT' THEN 'match.requested' ELSE 'match.completed' END;
  event uuid := gen_random_uuid();
  data jsonb := jsonb_build_object(
    'match_id', NEW.id, 'donor_id', NEW.donor_id,
    'display_id', (SELECT d.display_id FROM donors d WHERE d.user_id = NEW.donor_id),
    'parent_id', NEW.parent_id, 'donor_center_id', NEW.donor_center_id,
    'parent_center_id', NEW.parent_center_id, 'status', NEW.status, 'requested_at', NEW.requested_at);
BEGIN
  PERFORM webhook_enqueue(NEW.donor_center_id, kind, data, event);
  IF NEW.parent_center_id <> NEW.donor_center_id THEN
    PERFORM webhook_enqueue(NEW.parent_center_id, kind, data, event);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "matches_webhook_requested" AFTER INSERT ON "matches" FOR EACH ROW EXECUTE FUNCTION webhook_match();--> statement-breakpoint
CREATE TRIGGER "matches_webhook_completed" AFTER UPDATE OF "status" ON "matches" FOR EACH ROW WHEN (NEW.status = 'Completed' AND OLD.status IS DISTINCT FROM 'Completed') EXECUTE FUNCTION webhook_match();
