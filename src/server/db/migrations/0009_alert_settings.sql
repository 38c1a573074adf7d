ALTER TABLE "users" ADD COLUMN "digest_frequency" text DEFAULT 'daily' NOT NULL;
--> statement-breakpoint
CREATE TABLE "alert_cursor" (
	"name" text PRIMARY KEY NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Events stored before alerts existed are not mailed: the cursor starts after them.
INSERT INTO "alert_cursor" ("name", "last_seq") SELECT 'events', coalesce(max("seq"), 0) FROM "monitoring_events";
--> statement-breakpoint
CREATE TABLE "alert_digest_items" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"report_id" uuid,
	"fiscal_number" text NOT NULL,
	"company_name" text NOT NULL,
	"type" text NOT NULL,
	"old_value" text,
	"new_value" text,
	"detected_at" timestamp with time zone NOT NULL,
	"digest_key" text
);
--> statement-breakpoint
CREATE TABLE "alert_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"user_id" uuid NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "alert_digest_items" ADD CONSTRAINT "alert_digest_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_outbox" ADD CONSTRAINT "alert_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_digest_items_pending_idx" ON "alert_digest_items" USING btree ("user_id","detected_at") WHERE "alert_digest_items"."digest_key" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_outbox_key_unique" ON "alert_outbox" USING btree ("key");--> statement-breakpoint
CREATE INDEX "alert_outbox_unsent_idx" ON "alert_outbox" USING btree ("created_at") WHERE "alert_outbox"."sent_at" IS NULL AND "alert_outbox"."failed_at" IS NULL;
