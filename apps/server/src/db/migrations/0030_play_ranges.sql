CREATE TABLE "play_buckets" (
	"owner_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"granularity" text NOT NULL,
	"start" date NOT NULL,
	"players" integer NOT NULL,
	CONSTRAINT "play_buckets_owner_id_item_id_granularity_start_pk" PRIMARY KEY("owner_id","item_id","granularity","start")
);
--> statement-breakpoint
CREATE TABLE "play_cohorts" (
	"owner_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"cohort" date NOT NULL,
	"players" integer NOT NULL,
	"day1" integer NOT NULL,
	"day7" integer NOT NULL,
	CONSTRAINT "play_cohorts_owner_id_item_id_cohort_pk" PRIMARY KEY("owner_id","item_id","cohort")
);
--> statement-breakpoint
CREATE TABLE "play_item_players" (
	"owner_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"player" text NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	CONSTRAINT "play_item_players_owner_id_item_id_player_pk" PRIMARY KEY("owner_id","item_id","player")
);
--> statement-breakpoint
CREATE TABLE "play_ranges" (
	"owner_id" uuid NOT NULL,
	"days" integer NOT NULL,
	"item_id" uuid NOT NULL,
	"end_day" date NOT NULL,
	"plays" integer NOT NULL,
	"player_ms" bigint NOT NULL,
	"views" integer NOT NULL,
	"players" integer NOT NULL,
	CONSTRAINT "play_ranges_owner_id_days_item_id_pk" PRIMARY KEY("owner_id","days","item_id")
);
--> statement-breakpoint
CREATE TABLE "play_stage_ranges" (
	"owner_id" uuid NOT NULL,
	"days" integer NOT NULL,
	"stage_id" uuid NOT NULL,
	"end_day" date NOT NULL,
	"impressions" integer NOT NULL,
	CONSTRAINT "play_stage_ranges_owner_id_days_stage_id_pk" PRIMARY KEY("owner_id","days","stage_id")
);
--> statement-breakpoint
CREATE TABLE "play_studio_days" (
	"day" date NOT NULL,
	"owner_id" uuid NOT NULL,
	"plays" integer NOT NULL,
	"player_ms" bigint NOT NULL,
	"views" integer NOT NULL,
	"players" integer NOT NULL,
	"impressions" integer NOT NULL,
	CONSTRAINT "play_studio_days_owner_id_day_pk" PRIMARY KEY("owner_id","day")
);
--> statement-breakpoint
CREATE INDEX "play_cohorts_cohort_idx" ON "play_cohorts" USING btree ("cohort");--> statement-breakpoint
CREATE INDEX "play_item_players_first_day_idx" ON "play_item_players" USING btree ("first_day");--> statement-breakpoint
CREATE INDEX "play_ranges_end_day_idx" ON "play_ranges" USING btree ("end_day");--> statement-breakpoint
CREATE INDEX "play_player_days_item_day_idx" ON "play_player_days" USING btree ("owner_id","item_id","day");