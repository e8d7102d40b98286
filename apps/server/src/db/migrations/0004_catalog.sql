CREATE TABLE "model_categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "model_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"icon_url" text NOT NULL,
	"thumbnail_url" text NOT NULL,
	"small_thumbnail_url" text NOT NULL,
	"cover_thumbnail_url" text NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"category_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"icon_url" text NOT NULL,
	"thumbnail_url" text NOT NULL,
	"small_thumbnail_url" text NOT NULL,
	"cover_thumbnail_url" text NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"introduce" text DEFAULT '' NOT NULL,
	"tokens_to_play" integer NOT NULL,
	"min_players" integer NOT NULL,
	"max_players" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_category_id_model_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."model_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "models_owner_idx" ON "models" USING btree ("owner_id","created_at" DESC NULLS LAST) WHERE "models"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "models_released_idx" ON "models" USING btree ("released_at" DESC NULLS LAST) WHERE "models"."status" = 'Released' and "models"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_owner_idx" ON "products" USING btree ("owner_id","created_at" DESC NULLS LAST) WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_released_idx" ON "products" USING btree ("released_at" DESC NULLS LAST) WHERE "products"."status" = 'Released' and "products"."deleted_at" is null;