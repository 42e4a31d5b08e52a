-- Listing pages (docs/decisions/009): the sitemaps walk the listings for sale in id order and read only id and
-- updated_at: a partial covering index lets both the files' boundaries pass and each file's keyset batches read the
-- index alone.
CREATE INDEX "products_sitemap_idx" ON "products" USING btree ("id") INCLUDE ("updated_at") WHERE "status" <> 'sold';
