CREATE TABLE "approval_policies" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"mode" text DEFAULT 'none' NOT NULL,
	"thresholds" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"environment" text NOT NULL,
	"external_id" text NOT NULL,
	"base_currency" text NOT NULL,
	"destination_currency" text NOT NULL,
	"amount" numeric NOT NULL,
	"quote" jsonb,
	"request" jsonb NOT NULL,
	"state" text DEFAULT 'sending' NOT NULL,
	"error_code" text,
	"conversion_id" text,
	"amount_from" numeric,
	"amount_to" numeric,
	"rate" numeric,
	"fee" numeric,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"environment" text NOT NULL,
	"reference" text NOT NULL,
	"file_name" text,
	"state" text NOT NULL,
	"row_count" integer NOT NULL,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"totals" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"requested_by" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"environment" text NOT NULL,
	"external_id" text NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric NOT NULL,
	"network" text,
	"recipient" jsonb NOT NULL,
	"request" jsonb NOT NULL,
	"description" text,
	"state" text NOT NULL,
	"error_code" text,
	"transaction_id" text,
	"batch_id" uuid,
	"row_number" integer,
	"requested_by" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "approval_policies" ADD CONSTRAINT "approval_policies_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_policies" ADD CONSTRAINT "approval_policies_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversions_external_id_idx" ON "conversions" USING btree ("organization_id","environment","external_id");--> statement-breakpoint
CREATE INDEX "conversions_org_created_idx" ON "conversions" USING btree ("organization_id","environment","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batches_reference_idx" ON "payout_batches" USING btree ("organization_id","environment","reference");--> statement-breakpoint
CREATE INDEX "payout_batches_org_state_idx" ON "payout_batches" USING btree ("organization_id","environment","state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_external_id_idx" ON "payouts" USING btree ("organization_id","environment","external_id");--> statement-breakpoint
CREATE INDEX "payouts_org_state_idx" ON "payouts" USING btree ("organization_id","environment","state","created_at");--> statement-breakpoint
CREATE INDEX "payouts_org_created_idx" ON "payouts" USING btree ("organization_id","environment","created_at");--> statement-breakpoint
CREATE INDEX "payouts_batch_idx" ON "payouts" USING btree ("batch_id","row_number");--> statement-breakpoint
CREATE INDEX "payouts_transaction_idx" ON "payouts" USING btree ("organization_id","environment","transaction_id");