CREATE TABLE "play_days" (
	"day" date NOT NULL,
	"owner_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"audience" text NOT NULL,
	"plays" integer NOT NULL,
	"players" integer NOT NULL,
	"new_players" integer NOT NULL,
	"returning_players" integer NOT NULL,
	"player_ms" bigint NOT NULL,
	"median_session_ms" integer,
	"peak_concurrent" integer NOT NULL,
	"views" integer NOT NULL,
	"viewers" integer NOT NULL,
	CONSTRAINT "play_days_owner_id_item_id_version_audience_day_pk" PRIMARY KEY("owner_id","item_id","version","audience","day")
);
--> statement-breakpoint
CREATE TABLE "play_player_days" (
	"owner_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"player" text NOT NULL,
	"day" date NOT NULL,
	"audience" text NOT NULL,
	CONSTRAINT "play_player_days_owner_id_item_id_player_day_pk" PRIMARY KEY("owner_id","item_id","player","day")
);
--> statement-breakpoint
CREATE TABLE "play_stage_days" (
	"day" date NOT NULL,
	"owner_id" uuid NOT NULL,
	"stage_id" uuid NOT NULL,
	"impressions" integer NOT NULL,
	"viewers" integer NOT NULL,
	CONSTRAINT "play_stage_days_owner_id_stage_id_day_pk" PRIMARY KEY("owner_id","stage_id","day")
);
--> statement-breakpoint
CREATE INDEX "play_player_days_day_idx" ON "play_player_days" USING btree ("owner_id","day");