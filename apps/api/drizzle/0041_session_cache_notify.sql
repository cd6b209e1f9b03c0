-- The session cache (issue 19, platform/session-cache.ts): every API process keeps the sessions it
-- checked in memory and drops an entry when what it was read from changes, whichever process or
-- script changed it. A change to a row a session check or the session user (GET /me) reads sends a
-- notification on the channel 'session_cache' at commit: 'u:<user id>' for a user's sessions, the
-- user, their donor row or their portfolios; 'c:<center id>' for a center; '*' for the terms.
-- The session's own last_seen_at, donor_views and captcha columns change on reads and send nothing,
-- except last_seen_at moved back (a script ageing a session): the cache trusts a recent one.
CREATE OR REPLACE FUNCTION "session_cache_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := TG_ARGV[0];
  old_id integer;
  new_id integer;
BEGIN
  IF kind = '*' THEN
    PERFORM pg_notify('session_cache', '*');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN old_id := (to_jsonb(OLD) ->> TG_ARGV[1])::integer; END IF;
  IF TG_OP <> 'DELETE' THEN new_id := (to_jsonb(NEW) ->> TG_ARGV[1])::integer; END IF;
  IF old_id IS NOT NULL THEN PERFORM pg_notify('session_cache', kind || ':' || old_id); END IF;
  IF new_id IS NOT NULL AND new_id IS DISTINCT FROM old_id THEN
    PERFORM pg_notify('session_cache', kind || ':' || new_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_cache_update" AFTER UPDATE ON "sessions" FOR EACH ROW
  WHEN (OLD.ended_at IS DISTINCT FROM NEW.ended_at OR OLD.end_reason IS DISTINCT FROM NEW.end_reason
    OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.switched_from_user_id IS DISTINCT FROM NEW.switched_from_user_id
    OR OLD.token_hash IS DISTINCT FROM NEW.token_hash OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR NEW.last_seen_at < OLD.last_seen_at)
  EXECUTE FUNCTION "session_cache_notify"('u', 'user_id');--> statement-breakpoint
CREATE TRIGGER "sessions_cache_delete" AFTER DELETE ON "sessions" FOR EACH ROW
  EXECUTE FUNCTION "session_cache_notify"('u', 'user_id');--> statement-breakpoint
CREATE TRIGGER "users_cache_update" AFTER UPDATE ON "users" FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION "session_cache_notify"('u', 'id');--> statement-breakpoint
CREATE TRIGGER "users_cache_delete" AFTER DELETE ON "users" FOR EACH ROW
  EXECUTE FUNCTION "session_cache_notify"('u', 'id');--> statement-breakpoint
CREATE TRIGGER "centers_cache_update" AFTER UPDATE ON "centers" FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION "session_cache_notify"('c', 'id');--> statement-breakpoint
CREATE TRIGGER "centers_cache_delete" AFTER DELETE ON "centers" FOR EACH ROW
  EXECUTE FUNCTION "session_cache_notify"('c', 'id');--> statement-breakpoint
-- A donor row is written with its user (registration, an invitation), before any session: its
-- insert sends nothing, so a bulk load of donors sends nothing either.
CREATE TRIGGER "donors_cache_update" AFTER UPDATE ON "donors" FOR EACH ROW
  WHEN (OLD.pre_form_status IS DISTINCT FROM NEW.pre_form_status OR OLD.availability IS DISTINCT FROM NEW.availability
    OR OLD.last_tab IS DISTINCT FROM NEW.last_tab OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION "session_cache_notify"('u', 'user_id');--> statement-breakpoint
CREATE TRIGGER "donors_cache_delete" AFTER DELETE ON "donors" FOR EACH ROW
  EXECUTE FUNCTION "session_cache_notify"('u', 'user_id');--> statement-breakpoint
-- The client's portfolio in use (status, newest first) is the session user's shortlist.
CREATE TRIGGER "portfolios_cache_insert" AFTER INSERT ON "portfolios" FOR EACH ROW
  EXECUTE FUNCTION "session_cache_notify"('u', 'client_id');--> statement-breakpoint
CREATE TRIGGER "portfolios_cache_update" AFTER UPDATE ON "portfolios" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.updated_at IS DISTINCT FROM NEW.updated_at
    OR OLD.client_id IS DISTINCT FROM NEW.client_id)
  EXECUTE FUNCTION "session_cache_notify"('u', 'client_id');--> statement-breakpoint
CREATE TRIGGER "portfolios_cache_delete" AFTER DELETE ON "portfolios" FOR EACH ROW
  EXECUTE FUNCTION "session_cache_notify"('u', 'client_id');--> statement-breakpoint
CREATE TRIGGER "terms_cache_change" AFTER INSERT OR UPDATE OR DELETE ON "terms" FOR EACH STATEMENT
  EXECUTE FUNCTION "session_cache_notify"('*');
