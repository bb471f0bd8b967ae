CREATE TABLE "infraction_alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"environment" text NOT NULL,
	"infraction_id" text NOT NULL,
	"threshold" text NOT NULL,
	"crossed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "infraction_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"internal_deadline_hours" integer DEFAULT 0 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "infractions" (
	"organization_id" uuid NOT NULL,
	"environment" text NOT NULL,
	"infraction_id" text NOT NULL,
	"type" text,
	"status" text NOT NULL,
	"amount" numeric,
	"currency" text,
	"transaction_id" text,
	"e2e_id" text,
	"deadline_at" timestamp with time zone,
	"reason" text,
	"debtor" jsonb,
	"creditor" jsonb,
	"replies" jsonb,
	"outcome" text,
	"blocked_amount" numeric,
	"debited_amount" numeric,
	"api_created_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"assignee_id" uuid,
	"raw" jsonb,
	"verified_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "infractions_organization_id_environment_infraction_id_pk" PRIMARY KEY("organization_id","environment","infraction_id")
);
--> statement-breakpoint
ALTER TABLE "infraction_alerts" ADD CONSTRAINT "infraction_alerts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "infraction_settings" ADD CONSTRAINT "infraction_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "infraction_settings" ADD CONSTRAINT "infraction_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "infractions" ADD CONSTRAINT "infractions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "infractions" ADD CONSTRAINT "infractions_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "infraction_alerts_once_idx" ON "infraction_alerts" USING btree ("organization_id","environment","infraction_id","threshold");--> statement-breakpoint
CREATE INDEX "infractions_org_status_deadline_idx" ON "infractions" USING btree ("organization_id","environment","status","deadline_at");--> statement-breakpoint
CREATE INDEX "infractions_org_transaction_idx" ON "infractions" USING btree ("organization_id","environment","transaction_id");