-- Search (issue 30, lib/search): the mirror's trigram text now holds the payer's document without its
-- mask, so a CPF typed with or without dots finds the same rows; payouts get a trigram index over their
-- recipient (money out carries no payer in the mirror); a whole e2e id or on-chain hash is one probe of
-- an index of its own; conversions an index on the API's id; and each member's recent searches a table.
CREATE TABLE "search_recents" (
	"user_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"query" text NOT NULL,
	"searched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_recents_user_id_organization_id_query_pk" PRIMARY KEY("user_id","organization_id","query")
);
--> statement-breakpoint
DROP INDEX "transactions_search_idx";--> statement-breakpoint
ALTER TABLE "search_recents" ADD CONSTRAINT "search_recents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_recents" ADD CONSTRAINT "search_recents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_recents_member_idx" ON "search_recents" USING btree ("user_id","organization_id","searched_at");--> statement-breakpoint
CREATE INDEX "conversions_conversion_id_idx" ON "conversions" USING btree ("organization_id","environment","conversion_id");--> statement-breakpoint
CREATE INDEX "payouts_search_idx" ON "payouts" USING gin ((coalesce(recipient->>'name', '') || chr(31) || coalesce(recipient->>'key', '') || chr(31) || coalesce(recipient->>'clabe', '') || chr(31) || coalesce(recipient->>'address', '') || chr(31) || coalesce(recipient->>'username', '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transactions_e2e_idx" ON "transactions" USING btree ("organization_id","environment","e2e_id") WHERE e2e_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "transactions_tx_hash_idx" ON "transactions" USING btree ("organization_id","environment","tx_hash") WHERE tx_hash IS NOT NULL;--> statement-breakpoint
CREATE INDEX "transactions_search_idx" ON "transactions" USING gin ((coalesce(transaction_id, '') || chr(31) || coalesce(external_id, '') || chr(31) || coalesce(payer_name, '') || chr(31) || regexp_replace(coalesce(payer_document, ''), '[.\-/\s]', '', 'g') || chr(31) || coalesce(e2e_id, '') || chr(31) || coalesce(tx_hash, '')) gin_trgm_ops);