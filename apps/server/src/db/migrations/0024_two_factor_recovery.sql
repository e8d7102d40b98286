CREATE TABLE "two_factor_recoveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "two_factor_recoveries" ADD CONSTRAINT "two_factor_recoveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "two_factor_recoveries_open_key" ON "two_factor_recoveries" USING btree ("user_id") WHERE "two_factor_recoveries"."cancelled_at" is null and "two_factor_recoveries"."completed_at" is null;--> statement-breakpoint
CREATE INDEX "two_factor_recoveries_due_idx" ON "two_factor_recoveries" USING btree ("due_at");