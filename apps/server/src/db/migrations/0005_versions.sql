CREATE TABLE "versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_type" text NOT NULL,
	"item_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"slot" text NOT NULL,
	"review_status" text NOT NULL,
	"status" text NOT NULL,
	"update_log" text DEFAULT '' NOT NULL,
	"ios_asset_url" text,
	"android_asset_url" text,
	"vision_os_asset_url" text,
	"mac_os_asset_url" text,
	"unapprove_reason" text,
	"take_down_role" text,
	"take_down_reason" text,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "versions" ADD CONSTRAINT "versions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "versions_item_number_key" ON "versions" USING btree ("item_type","item_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "versions_one_testing_key" ON "versions" USING btree ("item_type","item_id") WHERE "versions"."slot" = 'testing';--> statement-breakpoint
CREATE UNIQUE INDEX "versions_one_release_key" ON "versions" USING btree ("item_type","item_id") WHERE "versions"."slot" = 'release';--> statement-breakpoint
CREATE INDEX "versions_review_queue_idx" ON "versions" USING btree ("submitted_at") WHERE "versions"."review_status" in ('SubmitedWaitingReview', 'UnderReviewing');