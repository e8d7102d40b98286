CREATE TABLE "sandbox_dashboard_links" (
	"link_hash" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"account_type" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
