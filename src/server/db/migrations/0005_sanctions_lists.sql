CREATE TABLE "sanctions_lists" (
	"list" text PRIMARY KEY NOT NULL,
	"generated_at" timestamp with time zone NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	"entry_count" integer NOT NULL,
	"content_hash" text NOT NULL,
	"entries" "bytea" NOT NULL
);
