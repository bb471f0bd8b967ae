CREATE TABLE "charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"environment" text NOT NULL,
	"external_id" text NOT NULL,
	"method" text NOT NULL,
	"currency" text NOT NULL,
	"chain" text,
	"amount" numeric NOT NULL,
	"payer" jsonb NOT NULL,
	"request" jsonb NOT NULL,
	"state" text DEFAULT 'sending' NOT NULL,
	"error_code" text,
	"transaction_id" text,
	"payment_info" jsonb,
	"boleto" jsonb,
	"expires_at" timestamp with time zone,
	"description" text,
	"pay_token" text NOT NULL,
	"pay_enabled" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"environment" text NOT NULL,
	"wallet_id" text NOT NULL,
	"currency" text NOT NULL,
	"chain" text,
	"address" text,
	"pix_key" text,
	"clabe" text,
	"min_confirmations" integer,
	"label" text,
	"raw" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "wallet_id" text;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charges_external_id_idx" ON "charges" USING btree ("organization_id","environment","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "charges_pay_token_idx" ON "charges" USING btree ("pay_token");--> statement-breakpoint
CREATE INDEX "charges_org_created_idx" ON "charges" USING btree ("organization_id","environment","created_at");--> statement-breakpoint
CREATE INDEX "charges_transaction_idx" ON "charges" USING btree ("organization_id","environment","transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_wallet_id_idx" ON "wallets" USING btree ("organization_id","environment","wallet_id");--> statement-breakpoint
CREATE INDEX "wallets_org_idx" ON "wallets" USING btree ("organization_id","environment","created_at");--> statement-breakpoint
CREATE INDEX "transactions_wallet_idx" ON "transactions" USING btree ("organization_id","environment","wallet_id","api_created_at") WHERE wallet_id IS NOT NULL;