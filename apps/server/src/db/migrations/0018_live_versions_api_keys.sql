-- The backfill is written by hand: an accepted version went on sale when it was reviewed; the newest one on sale
-- is live unless taken down, and an item is on the marketplace while one of its versions is live.
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"secret_hash" text NOT NULL,
	"secret_prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_secret_hash_unique" UNIQUE("secret_hash")
);
--> statement-breakpoint
DROP INDEX "models_released_idx";--> statement-breakpoint
DROP INDEX "products_released_idx";--> statement-breakpoint
DROP INDEX "versions_live_idx";--> statement-breakpoint
ALTER TABLE "versions" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "versions" ADD COLUMN "release_on_acceptance" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "versions" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "versions" ADD COLUMN "is_live" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "versions" SET "released_at" = coalesce("reviewed_at", "updated_at") WHERE "review_status" = 'AcceptedAndReleased';--> statement-breakpoint
UPDATE "versions" SET "is_live" = true FROM (
  SELECT DISTINCT ON ("item_type", "item_id") "id", "status" FROM "versions" WHERE "released_at" IS NOT NULL
  ORDER BY "item_type", "item_id", "number" DESC
) "newest" WHERE "versions"."id" = "newest"."id" AND "newest"."status" = 'Active';--> statement-breakpoint
UPDATE "products" SET "released_at" = CASE WHEN EXISTS (
  SELECT 1 FROM "versions" WHERE "item_type" = 'Product' AND "item_id" = "products"."id" AND "is_live"
) THEN coalesce("released_at", now()) END;--> statement-breakpoint
UPDATE "models" SET "released_at" = CASE WHEN EXISTS (
  SELECT 1 FROM "versions" WHERE "item_type" = 'Model' AND "item_id" = "models"."id" AND "is_live"
) THEN coalesce("released_at", now()) END;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_user_idx" ON "api_keys" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "versions" ADD CONSTRAINT "versions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "versions_one_live_key" ON "versions" USING btree ("item_type","item_id") WHERE "versions"."is_live";--> statement-breakpoint
CREATE INDEX "versions_decided_idx" ON "versions" USING btree ("reviewed_at") WHERE "versions"."review_status" in ('AcceptedAndReleased', 'Rejected');--> statement-breakpoint
CREATE INDEX "models_released_idx" ON "models" USING btree ("released_at" DESC NULLS FIRST) WHERE "models"."released_at" is not null and "models"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_released_idx" ON "products" USING btree ("released_at" DESC NULLS FIRST) WHERE "products"."released_at" is not null and "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "versions_live_idx" ON "versions" USING btree ("reviewed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "versions"."is_live";