CREATE TABLE "stage_carousels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stage_id" uuid NOT NULL,
	"name" text NOT NULL,
	"images" jsonb NOT NULL,
	"placement" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stage_media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"thumbnail_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"altitude" double precision NOT NULL,
	"heading" double precision NOT NULL,
	"anchor_id" text NOT NULL,
	"contents" jsonb NOT NULL,
	"state" text NOT NULL,
	"published_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stages_latitude_check" CHECK ("stages"."latitude" between -90 and 90),
	CONSTRAINT "stages_longitude_check" CHECK ("stages"."longitude" between -180 and 180)
);
--> statement-breakpoint
ALTER TABLE "stage_carousels" ADD CONSTRAINT "stage_carousels_stage_id_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_media" ADD CONSTRAINT "stage_media_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stages" ADD CONSTRAINT "stages_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stage_carousels_stage_idx" ON "stage_carousels" USING btree ("stage_id","created_at");--> statement-breakpoint
CREATE INDEX "stage_media_owner_idx" ON "stage_media" USING btree ("owner_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "stages_owner_idx" ON "stages" USING btree ("owner_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "stages_nearby_idx" ON "stages" USING gist (point("longitude", "latitude")) WHERE "stages"."state" = 'Published';--> statement-breakpoint
CREATE INDEX "stages_expiry_idx" ON "stages" USING btree ("expires_at") WHERE "stages"."state" = 'Published';