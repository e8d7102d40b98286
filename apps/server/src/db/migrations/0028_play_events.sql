CREATE TABLE "play_events" (
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"audience" text NOT NULL,
	"owner_id" uuid,
	"item_id" uuid,
	"version" integer,
	"game_id" uuid,
	"stage_id" uuid,
	"player" text,
	"players" integer,
	"duration_ms" integer
);
--> statement-breakpoint
CREATE INDEX "play_events_at_brin" ON "play_events" USING brin ("at");