CREATE TABLE "report_screenings" (
	"report_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"country" text NOT NULL,
	"fiscal_number" text NOT NULL,
	"screened_at" timestamp with time zone NOT NULL,
	"result" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screening_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"country" text NOT NULL,
	"fiscal_number" text NOT NULL,
	"list" text NOT NULL,
	"entry_id" text NOT NULL,
	"content_hash" text NOT NULL,
	"decision" text NOT NULL,
	"note" text NOT NULL,
	"decided_by" text NOT NULL,
	"report_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_screenings" ADD CONSTRAINT "report_screenings_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_screenings" ADD CONSTRAINT "report_screenings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_decisions" ADD CONSTRAINT "screening_decisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_screenings_user_company_idx" ON "report_screenings" USING btree ("user_id","country","fiscal_number");--> statement-breakpoint
CREATE INDEX "screening_decisions_user_company_idx" ON "screening_decisions" USING btree ("user_id","country","fiscal_number");