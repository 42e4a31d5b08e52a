CREATE TABLE "mail_deliveries" (
	"key" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"claimed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE INDEX "mail_deliveries_claimed_idx" ON "mail_deliveries" USING btree ("claimed_at");