-- Written by hand: drizzle-kit cannot declare INCLUDE columns (db/schema.ts keeps the index without them). The AR
-- app's nearby read takes its candidates' latitude, longitude, expiry, id and revision (updated_at) from the index:
-- an index-only scan.
DROP INDEX "stages_nearby_idx";--> statement-breakpoint
CREATE INDEX "stages_nearby_idx" ON "stages" USING gist (point("longitude", "latitude")) INCLUDE ("latitude", "longitude", "expires_at", "id", "updated_at") WHERE "stages"."state" = 'Published';