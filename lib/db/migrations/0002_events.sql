CREATE TABLE "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"environment" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliation_findings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"environment" text NOT NULL,
	"kind" text NOT NULL,
	"transaction_id" text NOT NULL,
	"details" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"resolution" text
);
--> statement-breakpoint
CREATE TABLE "sync_state" (
	"organization_id" uuid NOT NULL,
	"environment" text NOT NULL,
	"credential_id" uuid,
	"full_sync_at" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"last_result" jsonb,
	CONSTRAINT "sync_state_organization_id_environment_pk" PRIMARY KEY("organization_id","environment")
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"organization_id" uuid NOT NULL,
	"environment" text NOT NULL,
	"transaction_id" text NOT NULL,
	"external_id" text,
	"type" text,
	"source" text,
	"method" text,
	"status" text NOT NULL,
	"reported_status" text,
	"reported_at" timestamp with time zone,
	"amount" numeric,
	"fee" numeric,
	"amount_net" numeric,
	"currency" text,
	"chain" text,
	"network" text,
	"payer_name" text,
	"payer_document" text,
	"e2e_id" text,
	"tx_hash" text,
	"error_code" text,
	"direction" text,
	"description" text,
	"expires_at" timestamp with time zone,
	"api_created_at" timestamp with time zone,
	"webhook_event" text,
	"webhook_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"final_since" timestamp with time zone,
	"origin" text NOT NULL,
	"raw" jsonb,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_organization_id_environment_transaction_id_pk" PRIMARY KEY("organization_id","environment","transaction_id")
);
--> statement-breakpoint
CREATE TABLE "webhook_applied" (
	"organization_id" uuid NOT NULL,
	"environment" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"inbox_id" bigint NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_applied_organization_id_environment_dedupe_key_pk" PRIMARY KEY("organization_id","environment","dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"organization_id" uuid NOT NULL,
	"environment" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"registered_at" timestamp with time zone,
	CONSTRAINT "webhook_endpoints_organization_id_environment_pk" PRIMARY KEY("organization_id","environment")
);
--> statement-breakpoint
CREATE TABLE "webhook_inbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"environment" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source_address" text,
	"headers" jsonb NOT NULL,
	"body" text NOT NULL,
	"event" text,
	"object_id" text,
	"dedupe_key" text,
	"outcome" text DEFAULT 'received' NOT NULL,
	"reason" text,
	"verification" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "reconciliation_findings" ADD CONSTRAINT "reconciliation_findings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_state" ADD CONSTRAINT "sync_state_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_events_org_idx" ON "live_events" USING btree ("organization_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_open_idx" ON "reconciliation_findings" USING btree ("organization_id","environment","kind","transaction_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "reconciliation_org_idx" ON "reconciliation_findings" USING btree ("organization_id","environment","status");--> statement-breakpoint
CREATE INDEX "transactions_org_created_idx" ON "transactions" USING btree ("organization_id","environment","api_created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_external_id_idx" ON "transactions" USING btree ("organization_id","environment","external_id") WHERE external_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_endpoints_token_idx" ON "webhook_endpoints" USING btree ("token");--> statement-breakpoint
CREATE INDEX "webhook_inbox_due_idx" ON "webhook_inbox" USING btree ("next_attempt_at","id") WHERE outcome = 'received';--> statement-breakpoint
CREATE INDEX "webhook_inbox_org_idx" ON "webhook_inbox" USING btree ("organization_id","received_at");--> statement-breakpoint
CREATE INDEX "webhook_inbox_object_idx" ON "webhook_inbox" USING btree ("organization_id","object_id");--> statement-breakpoint
-- Live updates: every row inserted into live_events is announced to every instance (LISTEN live_events).
CREATE FUNCTION live_events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('live_events', json_build_object('id', NEW.id, 'organization_id', NEW.organization_id)::text);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER live_events_notify AFTER INSERT ON live_events FOR EACH ROW EXECUTE FUNCTION live_events_notify();
--> statement-breakpoint
-- The order of transaction statuses (lib/events/status.ts): the mirror never moves a status back.
CREATE FUNCTION tx_status_rank(s text) RETURNS integer IMMUTABLE LANGUAGE sql AS $$
  SELECT CASE s WHEN 'refunded' THEN 2 WHEN 'confirmed' THEN 1 WHEN 'failed' THEN 1 WHEN 'cancelled' THEN 1 WHEN 'expired' THEN 1 ELSE 0 END
$$;
