-- Relevance tiers (docs/decisions/012-search-at-a-million.md). The name's words get their own stored
-- vector and GIN index, so "does the name match" is one index lookup or one cheap test per row, whatever the
-- descriptions hold. Adding a stored column rewrites the table once (about half a minute at a million listings).
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "name_search" tsvector GENERATED ALWAYS AS (to_tsvector('english', coalesce("name", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_name_search_idx" ON "products" USING gin ("name_search");
