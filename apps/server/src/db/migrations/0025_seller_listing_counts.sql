-- A seller's public profile (issue 29) counts their listings for sale and sold and names the place most of them are
-- at. The seller index now carries both columns (INCLUDE, which drizzle cannot say: schema.ts keeps the plain index),
-- so the counts read the index alone instead of one heap page per listing: about 940 pages, cold, for a seller with
-- 1,000 listings (docs/decisions/034).
DROP INDEX IF EXISTS "products_seller_idx";--> statement-breakpoint
CREATE INDEX "products_seller_idx" ON "products" USING btree ("seller_id") INCLUDE ("status", "uploader_location");
