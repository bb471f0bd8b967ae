ALTER TABLE "approval_policies" ADD COLUMN "proposed_mode" text;--> statement-breakpoint
ALTER TABLE "approval_policies" ADD COLUMN "proposed_thresholds" jsonb;--> statement-breakpoint
ALTER TABLE "approval_policies" ADD COLUMN "proposed_by" uuid;--> statement-breakpoint
ALTER TABLE "approval_policies" ADD COLUMN "proposed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_pending_ciphertext" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_pending_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_pending_session_id" uuid;--> statement-breakpoint
ALTER TABLE "approval_policies" ADD CONSTRAINT "approval_policies_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;