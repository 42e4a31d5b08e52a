CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
INSERT INTO "search_words" ("word") SELECT DISTINCT w FROM "products", unnest(tsvector_to_array(to_tsvector('simple', "name"))) AS w WHERE length(w) BETWEEN 2 AND 40 ON CONFLICT DO NOTHING;
