/**
 * Bulk payouts: a CSV of PIX, SPEI and crypto payouts, every row checked (with the Send form's own
 * rules, lib/payouts/form.ts) and shown with its error before anything is sent; the valid rows are
 * written as one batch, approved as one by the organisation's policy, and sent row by row by a
 * runner that keeps under the cash-out budget, survives a crash and never sends a row twice.
 *
 * Never twice: each row is a payout written before the call with its exact body and an external_id
 * derived from the batch and the row (`${reference}-${row}`). A runner holds a batch by a lease
 * (`lease_until`) it renews while it works; when it dies the lease lapses and another instance takes
 * the batch over. A row left "sending" (the call went out, no answer was recorded) is sent again with
 * the same body, which the API's idempotency (spec rule 5) answers with the same transaction. A row
 * whose request was never sent (the provider not answering: lib/api-context/outcome.ts) goes back to
 * the queue and the batch pauses; a row the API refused is failed.
 *
 * No Next.js imports: tests, the benchmark and the runtime (bulk-runtime.ts) call it directly.
 * One file per concern: the CSV file, its validation, batches, reads, the results file, the runner.
 */
export * from "./file";
export * from "./validate";
export * from "./batches";
export * from "./reads";
export * from "./results";
export * from "./runner";
