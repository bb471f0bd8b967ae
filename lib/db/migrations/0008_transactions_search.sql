-- Trigram indexes for the Transactions page's free-text search (pg_trgm is a trusted contrib extension:
-- the database's owner may create it; PGlite loads it at open, lib/db/driver.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "transactions_search_idx" ON "transactions" USING gin ((coalesce(transaction_id, '') || chr(31) || coalesce(external_id, '') || chr(31) || coalesce(payer_name, '') || chr(31) || coalesce(payer_document, '') || chr(31) || coalesce(e2e_id, '') || chr(31) || coalesce(tx_hash, '')) gin_trgm_ops);