-- The trade loop (docs/product.md#trade-lifecycle): request and listing statuses, kept history, threads, unread marks,
-- mail throttles. Listings: available -> reserved -> sold; updated_at moves with every edit and status change (sitemap
-- lastmod).
ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'available' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_status_check" CHECK ("status" IN ('available', 'reserved', 'sold'));--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "products" SET "updated_at" = "created_at";--> statement-breakpoint
-- Requests are kept when their listing goes (they are declined, and keep a copy of the listing's fields).
ALTER TABLE "buyer_requests" DROP CONSTRAINT "buyer_requests_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "buyer_requests" ADD CONSTRAINT "buyer_requests_status_check" CHECK ("status" IN ('Pending', 'Accepted', 'Declined', 'Cancelled', 'Completed'));--> statement-breakpoint
ALTER TABLE "buyer_requests" ADD COLUMN "updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "buyer_requests" SET "updated_at" = "created_at";--> statement-breakpoint
-- When each party last read the thread (unread = the other party's messages after it).
ALTER TABLE "buyer_requests" ADD COLUMN "buyer_read_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "buyer_requests" ADD COLUMN "seller_read_at" timestamp (3) with time zone;--> statement-breakpoint
-- When each party was last mailed about this thread (one mail per thread and party per 15 minutes).
ALTER TABLE "buyer_requests" ADD COLUMN "buyer_mailed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "buyer_requests" ADD COLUMN "seller_mailed_at" timestamp (3) with time zone;--> statement-breakpoint
-- One open request per buyer and listing (an accepted one is open too), one accepted request per listing.
DROP INDEX "buyer_requests_open_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "buyer_requests_open_unique" ON "buyer_requests" USING btree ("buyer_id","product_id") WHERE "status" IN ('Pending', 'Accepted');--> statement-breakpoint
CREATE UNIQUE INDEX "buyer_requests_one_accepted" ON "buyer_requests" USING btree ("product_id") WHERE "status" = 'Accepted';--> statement-breakpoint
-- History lists: closed requests, newest change first.
CREATE INDEX "buyer_requests_buyer_closed_idx" ON "buyer_requests" USING btree ("buyer_email","updated_at" DESC,"id" DESC) WHERE "status" IN ('Declined', 'Cancelled', 'Completed');--> statement-breakpoint
CREATE INDEX "buyer_requests_seller_closed_idx" ON "buyer_requests" USING btree ("seller_email","updated_at" DESC,"id" DESC) WHERE "status" IN ('Declined', 'Cancelled', 'Completed');--> statement-breakpoint
CREATE TABLE "request_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL REFERENCES "buyer_requests"("id") ON DELETE cascade,
	"sender_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"body" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "request_messages_thread_idx" ON "request_messages" USING btree ("request_id","created_at","id");--> statement-breakpoint
CREATE INDEX "request_messages_sender_idx" ON "request_messages" USING btree ("sender_id");--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_by_email" boolean DEFAULT true NOT NULL;
