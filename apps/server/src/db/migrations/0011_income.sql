CREATE TABLE "income_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"item_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"buyer_email" text NOT NULL,
	"buyer_full_name" text NOT NULL,
	"purchased_at" timestamp with time zone NOT NULL,
	"total_cents" integer NOT NULL,
	"payment_platform_fee_cents" integer NOT NULL,
	"platform_fee_cents" integer NOT NULL,
	"income_cents" integer NOT NULL,
	"commission_basis_points" integer NOT NULL,
	"status" text NOT NULL,
	"payout_date" date NOT NULL,
	"settled_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "income_records_transaction_id_unique" UNIQUE("transaction_id"),
	CONSTRAINT "income_records_split_check" CHECK ("income_records"."payment_platform_fee_cents" >= 0 and "income_records"."platform_fee_cents" >= 0 and "income_records"."income_cents" >= 0
        and "income_records"."payment_platform_fee_cents" + "income_records"."platform_fee_cents" + "income_records"."income_cents" = "income_records"."total_cents")
);
--> statement-breakpoint
ALTER TABLE "income_records" ADD CONSTRAINT "income_records_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "income_records_owner_idx" ON "income_records" USING btree ("owner_id","purchased_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "income_records_due_idx" ON "income_records" USING btree ("status","payout_date");