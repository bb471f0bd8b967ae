-- Written so that it can run twice (OR REPLACE): its journal entry was once dated before 0015's, so
-- a database migrated to 0015 skipped it; dated after 0015 now, it runs there, and runs again,
-- changing nothing, where it had already run (test/db/migration-order.test.ts).
-- Facts each instance keeps in its own memory (lib/db/shared-cache.ts) are forgotten everywhere when
-- their rows change: a trigger NOTIFYs `dashboard_cache` with the tag of what changed, and every
-- instance LISTENs. TG_ARGV: the tag's prefix and the column whose value follows it.
CREATE OR REPLACE FUNCTION dashboard_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r json;
BEGIN
  IF TG_OP = 'DELETE' THEN r := row_to_json(OLD); ELSE r := row_to_json(NEW); END IF;
  PERFORM pg_notify('dashboard_cache', TG_ARGV[0] || ':' || coalesce(r ->> TG_ARGV[1], ''));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- An organisation's credentials (the API context keeps the active one of each environment).
CREATE OR REPLACE TRIGGER api_credentials_cache AFTER INSERT OR UPDATE OR DELETE ON api_credentials FOR EACH ROW EXECUTE FUNCTION dashboard_cache_notify('org', 'organization_id');
--> statement-breakpoint
-- A shared account read (balance, profile, limits, fees): its version is when it expires (epoch
-- ms), so an instance keeps the copy it wrote itself and drops any other (an expiry by a webhook
-- included).
CREATE OR REPLACE FUNCTION api_read_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r api_read_cache;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  PERFORM pg_notify('dashboard_cache', 'read:' || r.credential_id || ':' || r.key || ':' || floor(extract(epoch FROM r.expires_at) * 1000)::bigint);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER api_read_cache_cache AFTER INSERT OR UPDATE OR DELETE ON api_read_cache FOR EACH ROW EXECUTE FUNCTION api_read_cache_notify();
--> statement-breakpoint
-- The navigation's badges (open infractions due soon, requests waiting for approval): the same for
-- every member of an organisation until one of these rows changes.
CREATE OR REPLACE TRIGGER payouts_cache AFTER INSERT OR UPDATE OR DELETE ON payouts FOR EACH ROW EXECUTE FUNCTION dashboard_cache_notify('badges', 'organization_id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER payout_batches_cache AFTER INSERT OR UPDATE OR DELETE ON payout_batches FOR EACH ROW EXECUTE FUNCTION dashboard_cache_notify('badges', 'organization_id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER infractions_cache AFTER INSERT OR UPDATE OR DELETE ON infractions FOR EACH ROW EXECUTE FUNCTION dashboard_cache_notify('badges', 'organization_id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER infraction_settings_cache AFTER INSERT OR UPDATE OR DELETE ON infraction_settings FOR EACH ROW EXECUTE FUNCTION dashboard_cache_notify('badges', 'organization_id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER infraction_alerts_cache AFTER INSERT OR UPDATE OR DELETE ON infraction_alerts FOR EACH ROW EXECUTE FUNCTION dashboard_cache_notify('badges', 'organization_id');
--> statement-breakpoint
-- What the Overview reads from the mirror (its figures, latest transactions, failed payouts,
-- findings), the same for every member until a transaction, a sync or a finding changes.
CREATE OR REPLACE TRIGGER transactions_cache AFTER INSERT OR UPDATE OR DELETE ON transactions FOR EACH ROW EXECUTE FUNCTION dashboard_cache_notify('mirror', 'organization_id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER sync_state_cache AFTER INSERT OR UPDATE OR DELETE ON sync_state FOR EACH ROW EXECUTE FUNCTION dashboard_cache_notify('mirror', 'organization_id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER reconciliation_findings_cache AFTER INSERT OR UPDATE OR DELETE ON reconciliation_findings FOR EACH ROW EXECUTE FUNCTION dashboard_cache_notify('mirror', 'organization_id');
--> statement-breakpoint
-- A page's live cursor (the organisation's newest live event) until the next one.
CREATE OR REPLACE TRIGGER live_events_cache AFTER INSERT ON live_events FOR EACH ROW EXECUTE FUNCTION dashboard_cache_notify('live', 'organization_id');
--> statement-breakpoint
-- Up to p_n slots of a rate budget at once (api_rate_acquire's rules), for an instance that makes
-- calls in a burst: granted 0 and wait > 0 when none is free.
CREATE OR REPLACE FUNCTION api_rate_acquire_n(p_bucket text, p_limit integer, p_window integer, p_n integer) RETURNS TABLE (wait_ms integer, granted integer, at_second integer) LANGUAGE plpgsql AS $$
DECLARE
  t timestamptz := clock_timestamp();
  now_ms bigint := floor(extract(epoch FROM t) * 1000);
  now_s integer := floor(extract(epoch FROM t));
  st record;
  has_state boolean;
  total integer;
  n integer;
  dropped integer := 0;
  r record;
BEGIN
  PERFORM pg_advisory_xact_lock(7300302, hashtext(p_bucket));
  SELECT remaining, reset_at, blocked_until INTO st FROM api_rate_state WHERE bucket = p_bucket;
  has_state := FOUND;
  IF has_state THEN
    IF st.blocked_until IS NOT NULL AND st.blocked_until > t THEN
      RETURN QUERY SELECT greatest(1, ceil(extract(epoch FROM st.blocked_until - t) * 1000))::integer, 0, now_s;
      RETURN;
    END IF;
    IF st.reset_at IS NOT NULL AND st.reset_at > t AND st.remaining IS NOT NULL AND st.remaining <= 0 THEN
      RETURN QUERY SELECT greatest(1, ceil(extract(epoch FROM st.reset_at - t) * 1000))::integer, 0, now_s;
      RETURN;
    END IF;
  END IF;
  SELECT coalesce(sum(calls), 0) INTO total FROM api_rate_slots WHERE bucket = p_bucket AND second > now_s - p_window;
  IF total >= p_limit THEN
    FOR r IN SELECT s.second AS sec, s.calls FROM api_rate_slots s WHERE s.bucket = p_bucket AND s.second > now_s - p_window ORDER BY s.second LOOP
      dropped := dropped + r.calls;
      IF total - dropped < p_limit THEN
        RETURN QUERY SELECT greatest(1, (r.sec::bigint + p_window) * 1000 - now_ms)::integer, 0, now_s;
        RETURN;
      END IF;
    END LOOP;
  END IF;
  n := least(greatest(p_n, 1), p_limit - total);
  -- The API's own count, where it told us one, bounds the batch too.
  IF has_state AND st.remaining IS NOT NULL AND st.reset_at IS NOT NULL AND st.reset_at > t THEN
    n := least(n, st.remaining);
  END IF;
  INSERT INTO api_rate_slots (bucket, second, calls) VALUES (p_bucket, now_s, n)
    ON CONFLICT (bucket, second) DO UPDATE SET calls = api_rate_slots.calls + n;
  UPDATE api_rate_state SET remaining = remaining - n
    WHERE bucket = p_bucket AND remaining IS NOT NULL AND reset_at IS NOT NULL AND reset_at > t;
  DELETE FROM api_rate_slots WHERE bucket = p_bucket AND second <= now_s - p_window;
  RETURN QUERY SELECT 0, n, now_s;
END;
$$;
--> statement-breakpoint
-- Slots of a batch that were not used, given back (never below nothing).
CREATE OR REPLACE FUNCTION api_rate_release(p_bucket text, p_second integer, p_n integer) RETURNS void LANGUAGE sql AS $$
  UPDATE api_rate_slots SET calls = greatest(0, calls - p_n) WHERE bucket = p_bucket AND second = p_second;
$$;
