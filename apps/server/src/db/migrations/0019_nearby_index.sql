-- The AR app's nearby read asks each node's in-memory index (modules/stages/nearby-index.ts), not a GiST index: it
-- follows the stages table by updated_at and by the deletions noted here.
CREATE TABLE "stage_removals" (
	"stage_id" uuid NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "stages_nearby_idx";--> statement-breakpoint
CREATE INDEX "stage_removals_removed_idx" ON "stage_removals" USING btree ("removed_at");--> statement-breakpoint
CREATE INDEX "stages_updated_idx" ON "stages" USING btree ("updated_at");--> statement-breakpoint
-- Written by hand (drizzle-kit cannot declare triggers): every deleted stage, a partner's delete or a cascade, is
-- noted for the nodes' nearby indexes.
CREATE FUNCTION "stage_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stage_removals" ("stage_id") VALUES (OLD."id");
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "stages_removed" AFTER DELETE ON "stages" FOR EACH ROW EXECUTE FUNCTION "stage_removed"();
