CREATE TABLE "register_companies" (
	"state" text NOT NULL,
	"import_id" bigint NOT NULL,
	"vat_id" text NOT NULL,
	"facts" jsonb NOT NULL,
	CONSTRAINT "register_companies_state_import_id_vat_id_pk" PRIMARY KEY("state","import_id","vat_id")
);
--> statement-breakpoint
CREATE TABLE "register_imports" (
	"state" text PRIMARY KEY NOT NULL,
	"import_id" bigint NOT NULL,
	"published_on" text NOT NULL,
	"imported_at" timestamp with time zone NOT NULL,
	"companies" integer NOT NULL,
	"files" jsonb NOT NULL
);
