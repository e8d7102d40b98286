-- Written by hand: drizzle-kit cannot declare INCLUDE columns (db/schema.ts keeps the index without them). The AR
-- app's nearby read takes its candidates' latitude, longitude, expiry and id from the index: an index-only scan.
DROP INDEX "stages_nearby_idx";--> statement-breakpoint
CREATE INDEX "stages_nearby_idx" ON "stages" USING gist (point("longitude", "latitude")) INCLUDE ("latitude", "longitude", "expires_at", "id") WHERE "stages"."state" = 'Published';