CREATE TABLE "saved_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"page" text DEFAULT 'transactions' NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "transactions_org_created_idx";--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_member_name_idx" ON "saved_views" USING btree ("organization_id","user_id","page","name");--> statement-breakpoint
CREATE INDEX "transactions_org_date_idx" ON "transactions" USING btree ("organization_id","environment","api_created_at","transaction_id");--> statement-breakpoint
CREATE INDEX "transactions_org_amount_idx" ON "transactions" USING btree ("organization_id","environment",coalesce("amount", 0),"api_created_at","transaction_id");--> statement-breakpoint
CREATE INDEX "transactions_org_status_date_idx" ON "transactions" USING btree ("organization_id","environment","status","api_created_at");--> statement-breakpoint
CREATE INDEX "transactions_org_currency_date_idx" ON "transactions" USING btree ("organization_id","environment","currency","api_created_at");--> statement-breakpoint
UPDATE "transactions" SET "api_created_at" = date_trunc('milliseconds', "first_seen_at") WHERE "api_created_at" IS NULL;
