ALTER TABLE "credit_ledger" ADD COLUMN "ref" text;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_ref_unique" ON "credit_ledger" USING btree ("ref");