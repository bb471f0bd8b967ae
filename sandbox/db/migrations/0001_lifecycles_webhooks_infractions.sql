CREATE TABLE "infraction_replies" (
	"reply_id" text PRIMARY KEY NOT NULL,
	"infraction_id" text NOT NULL,
	"message" text NOT NULL,
	"files" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "infractions" (
	"infraction_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"transaction_row_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"currency" text NOT NULL,
	"blocked_amount" numeric(38, 18) NOT NULL,
	"debited_amount" numeric(38, 18),
	"e2e_id" text,
	"reason" text,
	"debtor" jsonb NOT NULL,
	"creditor" jsonb NOT NULL,
	"outcome" text,
	"deadline_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"delivery_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"status_code" integer,
	"error" text,
	"duration_ms" integer NOT NULL,
	"result" text NOT NULL,
	"next_attempt_at" timestamp with time zone,
	CONSTRAINT "webhook_attempts_delivery_id_attempt_pk" PRIMARY KEY("delivery_id","attempt")
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"transaction_id" text,
	"infraction_id" text,
	"event" text NOT NULL,
	"url" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credentials" ADD COLUMN "postback_url" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "infraction_replies" ADD CONSTRAINT "infraction_replies_infraction_id_infractions_infraction_id_fk" FOREIGN KEY ("infraction_id") REFERENCES "public"."infractions"("infraction_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "infractions" ADD CONSTRAINT "infractions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "infractions" ADD CONSTRAINT "infractions_transaction_row_id_transactions_id_fk" FOREIGN KEY ("transaction_row_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "infraction_replies_infraction_idx" ON "infraction_replies" USING btree ("infraction_id","created_at");--> statement-breakpoint
CREATE INDEX "infractions_account_created_idx" ON "infractions" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "infractions_txrow_idx" ON "infractions" USING btree ("transaction_row_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_txid_idx" ON "webhook_deliveries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "transactions_pending_cashin_expiry_idx" ON "transactions" USING btree ("expires_at") WHERE "transactions"."status" = 'pending' and "transactions"."type" = 'cashin';--> statement-breakpoint
CREATE INDEX "transactions_pending_cashout_idx" ON "transactions" USING btree ("created_at") WHERE "transactions"."status" = 'pending' and "transactions"."type" = 'cashout';--> statement-breakpoint
CREATE INDEX "transactions_boleto_registration_idx" ON "transactions" USING btree ("created_at") WHERE "transactions"."status" = 'pending' and "transactions"."method" in ('BOLETO', 'PIX_BOLETO') and ("transactions"."details" -> 'boleto' ->> 'registration') = 'pending';