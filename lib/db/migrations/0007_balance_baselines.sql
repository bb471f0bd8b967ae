CREATE TABLE "balance_baselines" (
	"organization_id" uuid NOT NULL,
	"environment" text NOT NULL,
	"currency" text NOT NULL,
	"api_total" numeric NOT NULL,
	"mirror_total" numeric NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	"unexplained" numeric,
	"seen" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "balance_baselines_organization_id_environment_currency_pk" PRIMARY KEY("organization_id","environment","currency")
);
--> statement-breakpoint
ALTER TABLE "balance_baselines" ADD CONSTRAINT "balance_baselines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;