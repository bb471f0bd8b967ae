CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"name" text NOT NULL,
	"document" text,
	"kyc_level" integer DEFAULT 2 NOT NULL,
	"kyc_status" text DEFAULT 'approved' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "accounts_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "balances" (
	"account_id" text NOT NULL,
	"currency" text NOT NULL,
	"available" numeric(38, 18) DEFAULT '0' NOT NULL,
	"blocked" numeric(38, 18) DEFAULT '0' NOT NULL,
	"pending" numeric(38, 18) DEFAULT '0' NOT NULL,
	CONSTRAINT "balances_account_id_currency_pk" PRIMARY KEY("account_id","currency"),
	CONSTRAINT "balances_non_negative" CHECK ("balances"."available" >= 0 and "balances"."blocked" >= 0 and "balances"."pending" >= 0)
);
--> statement-breakpoint
CREATE TABLE "conversion_quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"base_currency" text NOT NULL,
	"destination_currency" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"spread" numeric(10, 4) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"to_amount" numeric(38, 18) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credentials" (
	"client_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"signing_key" text NOT NULL,
	"status" text NOT NULL,
	"permissions" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"activated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fee_configs" (
	"account_id" text NOT NULL,
	"operation" text NOT NULL,
	"method" text DEFAULT '' NOT NULL,
	"currency" text NOT NULL,
	"percentage" numeric(10, 4) NOT NULL,
	"fixed" numeric(38, 18) NOT NULL,
	"minimum" numeric(38, 18) NOT NULL,
	CONSTRAINT "fee_configs_account_id_operation_method_currency_pk" PRIMARY KEY("account_id","operation","method","currency")
);
--> statement-breakpoint
CREATE TABLE "limit_configs" (
	"account_id" text NOT NULL,
	"currency" text NOT NULL,
	"operation" text NOT NULL,
	"per_operation_min" numeric(38, 18),
	"per_operation_max" numeric(38, 18),
	"daily_max" numeric(38, 18),
	"monthly_max" numeric(38, 18),
	CONSTRAINT "limit_configs_account_id_currency_operation_pk" PRIMARY KEY("account_id","currency","operation")
);
--> statement-breakpoint
CREATE TABLE "sandbox_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"account_id" text NOT NULL,
	"external_id" text,
	"request_hash" text,
	"type" text NOT NULL,
	"source" text NOT NULL,
	"method" text,
	"limit_operation" text,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"amount_net" numeric(38, 18) NOT NULL,
	"chain" text,
	"network" text,
	"counter_currency" text,
	"counter_amount" numeric(38, 18),
	"postback_url" text,
	"description" text,
	"details" jsonb NOT NULL,
	"response_status" integer NOT NULL,
	"response" jsonb NOT NULL,
	"e2e_id" text,
	"tx_hash" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"wallet_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"currency" text NOT NULL,
	"chain" text,
	"kind" text NOT NULL,
	"identifier" text NOT NULL,
	"min_confirmations" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_quotes" ADD CONSTRAINT "conversion_quotes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_configs" ADD CONSTRAINT "fee_configs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limit_configs" ADD CONSTRAINT "limit_configs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversion_quotes_lookup_idx" ON "conversion_quotes" USING btree ("account_id","base_currency","destination_currency","expires_at");--> statement-breakpoint
CREATE INDEX "credentials_account_idx" ON "credentials" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_account_external_uq" ON "transactions" USING btree ("account_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_account_txid_uq" ON "transactions" USING btree ("account_id","transaction_id");--> statement-breakpoint
CREATE INDEX "transactions_account_created_idx" ON "transactions" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_txid_idx" ON "transactions" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "wallets_account_idx" ON "wallets" USING btree ("account_id");