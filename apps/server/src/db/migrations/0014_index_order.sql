DROP INDEX "income_records_owner_idx";--> statement-breakpoint
DROP INDEX "models_owner_idx";--> statement-breakpoint
DROP INDEX "models_released_idx";--> statement-breakpoint
DROP INDEX "products_owner_idx";--> statement-breakpoint
DROP INDEX "products_released_idx";--> statement-breakpoint
DROP INDEX "sandbox_transfers_account_idx";--> statement-breakpoint
DROP INDEX "settlement_runs_started_idx";--> statement-breakpoint
DROP INDEX "versions_live_idx";--> statement-breakpoint
CREATE INDEX "income_records_owner_idx" ON "income_records" USING btree ("owner_id","purchased_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"status","item_id");--> statement-breakpoint
CREATE INDEX "models_owner_idx" ON "models" USING btree ("owner_id","created_at" DESC NULLS FIRST) WHERE "models"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "models_released_idx" ON "models" USING btree ("released_at" DESC NULLS FIRST) WHERE "models"."status" = 'Released' and "models"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_owner_idx" ON "products" USING btree ("owner_id","created_at" DESC NULLS FIRST) WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_released_idx" ON "products" USING btree ("released_at" DESC NULLS FIRST) WHERE "products"."status" = 'Released' and "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "sandbox_transfers_account_idx" ON "sandbox_transfers" USING btree ("account_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "settlement_runs_started_idx" ON "settlement_runs" USING btree ("started_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "versions_live_idx" ON "versions" USING btree ("reviewed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "versions"."slot" = 'release' and "versions"."review_status" = 'AcceptedAndReleased' and "versions"."status" = 'Active';