CREATE TABLE "api_credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"environment" text NOT NULL,
	"base_url" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_ciphertext" text,
	"client_secret_hint" text NOT NULL,
	"signing_key_ciphertext" text,
	"signing_key_hint" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"sandbox_username" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_by" uuid,
	"activated_at" timestamp with time zone,
	"retired_at" timestamp with time zone,
	"revoked_by" uuid,
	"revoked_at" timestamp with time zone,
	"last_check" jsonb
);
--> statement-breakpoint
CREATE TABLE "api_rate_slots" (
	"bucket" text NOT NULL,
	"second" integer NOT NULL,
	"calls" integer NOT NULL,
	CONSTRAINT "api_rate_slots_bucket_second_pk" PRIMARY KEY("bucket","second")
);
--> statement-breakpoint
CREATE TABLE "api_rate_state" (
	"bucket" text PRIMARY KEY NOT NULL,
	"remaining" integer,
	"reset_at" timestamp with time zone,
	"blocked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_read_cache" (
	"credential_id" uuid NOT NULL,
	"key" text NOT NULL,
	"data" jsonb NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "api_read_cache_credential_id_key_pk" PRIMARY KEY("credential_id","key")
);
--> statement-breakpoint
CREATE TABLE "api_request_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"credential_id" uuid,
	"environment" text NOT NULL,
	"user_id" uuid,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status" integer NOT NULL,
	"latency_ms" integer NOT NULL,
	"request_id" text,
	"error_code" text,
	"local" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"credential_id" uuid PRIMARY KEY NOT NULL,
	"token_ciphertext" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_organization_id_organizations_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "api_environment" text;--> statement-breakpoint
ALTER TABLE "api_credentials" ADD CONSTRAINT "api_credentials_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_credentials" ADD CONSTRAINT "api_credentials_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_credentials" ADD CONSTRAINT "api_credentials_activated_by_users_id_fk" FOREIGN KEY ("activated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_credentials" ADD CONSTRAINT "api_credentials_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_read_cache" ADD CONSTRAINT "api_read_cache_credential_id_api_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."api_credentials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_credential_id_api_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."api_credentials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_credentials_org_idx" ON "api_credentials" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "api_credentials_one_active_idx" ON "api_credentials" USING btree ("organization_id","environment") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "api_request_log_org_time_idx" ON "api_request_log" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "api_request_log_request_id_idx" ON "api_request_log" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "audit_log_org_action_idx" ON "audit_log" USING btree ("organization_id","action");--> statement-breakpoint
-- The audit log is append-only: no code path updates or deletes it, and the database refuses both.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
-- Outgoing rate budgets (lib/api-context/rate-budget.ts), decided in one round trip under a lock per
-- bucket, on the database's clock (shared by every instance). Calls are counted per second; a call is
-- allowed while the calls of the last p_window seconds (the minute, plus a second for the alignment
-- of the API's own window and one for network jitter) stay under p_limit, and while what the API last
-- said (blocked after a 429; no requests remaining before its reset) allows it. Returns 0 when the call
-- may go (and counts it), else how many milliseconds to wait.
CREATE FUNCTION api_rate_acquire(p_bucket text, p_limit integer, p_window integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  t timestamptz := clock_timestamp();
  now_ms bigint := floor(extract(epoch FROM t) * 1000);
  now_s integer := floor(extract(epoch FROM t));
  st record;
  total integer;
  dropped integer := 0;
  r record;
BEGIN
  PERFORM pg_advisory_xact_lock(7300302, hashtext(p_bucket));
  SELECT remaining, reset_at, blocked_until INTO st FROM api_rate_state WHERE bucket = p_bucket;
  IF FOUND THEN
    IF st.blocked_until IS NOT NULL AND st.blocked_until > t THEN
      RETURN greatest(1, ceil(extract(epoch FROM st.blocked_until - t) * 1000));
    END IF;
    IF st.reset_at IS NOT NULL AND st.reset_at > t AND st.remaining IS NOT NULL AND st.remaining <= 0 THEN
      RETURN greatest(1, ceil(extract(epoch FROM st.reset_at - t) * 1000));
    END IF;
  END IF;
  SELECT coalesce(sum(calls), 0) INTO total FROM api_rate_slots WHERE bucket = p_bucket AND second > now_s - p_window;
  IF total >= p_limit THEN
    FOR r IN SELECT second, calls FROM api_rate_slots WHERE bucket = p_bucket AND second > now_s - p_window ORDER BY second LOOP
      dropped := dropped + r.calls;
      IF total - dropped < p_limit THEN
        RETURN greatest(1, (r.second::bigint + p_window) * 1000 - now_ms);
      END IF;
    END LOOP;
  END IF;
  INSERT INTO api_rate_slots (bucket, second, calls) VALUES (p_bucket, now_s, 1)
    ON CONFLICT (bucket, second) DO UPDATE SET calls = api_rate_slots.calls + 1;
  UPDATE api_rate_state SET remaining = remaining - 1
    WHERE bucket = p_bucket AND remaining IS NOT NULL AND reset_at IS NOT NULL AND reset_at > t;
  DELETE FROM api_rate_slots WHERE bucket = p_bucket AND second <= now_s - p_window;
  RETURN 0;
END;
$$;
