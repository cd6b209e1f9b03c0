CREATE INDEX "audit_donor_idx" ON "audit_log" USING btree ((CASE WHEN "entity_type" = 'donor' THEN "entity_id" WHEN "entity_type" = 'match' THEN "details"->>'donorId' END),"at","id") WHERE (CASE WHEN "audit_log"."entity_type" = 'donor' THEN "audit_log"."entity_id" WHEN "audit_log"."entity_type" = 'match' THEN "audit_log"."details"->>'donorId' END) IS NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_donor_at_idx" ON "audit_log" USING btree ("at","id") WHERE (CASE WHEN "audit_log"."entity_type" = 'donor' THEN "audit_log"."entity_id" WHEN "audit_log"."entity_type" = 'match' THEN "audit_log"."details"->>'donorId' END) IS NOT NULL;--> statement-breakpoint
-- The audit log is append-only: rows are inserted (platform/audit.ts) and never changed or removed.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_change" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
