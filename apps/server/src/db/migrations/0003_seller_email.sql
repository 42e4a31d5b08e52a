-- One name per concept: in a listing and a buy request the wire's `email` is the seller's, so the columns say so.
ALTER TABLE "products" RENAME COLUMN "email" TO "seller_email";--> statement-breakpoint
ALTER TABLE "buyer_requests" RENAME COLUMN "email" TO "seller_email";--> statement-breakpoint
ALTER INDEX "products_email_newest_idx" RENAME TO "products_seller_email_newest_idx";
