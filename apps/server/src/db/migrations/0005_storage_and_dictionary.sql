-- The typo dictionary (docs/decisions/004) counts, per word, the listings whose name holds it, maintained by a
-- trigger so every way a listing goes (an edit, a delete, a ban's cascade) counts; a word at 0 goes.
ALTER TABLE "search_words" ADD COLUMN "refs" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
DELETE FROM "search_words";--> statement-breakpoint
INSERT INTO "search_words" ("word", "refs") SELECT w, count(*) FROM "products", unnest(tsvector_to_array(to_tsvector('simple', "name"))) AS w WHERE length(w) BETWEEN 2 AND 40 GROUP BY w;--> statement-breakpoint
CREATE FUNCTION "search_words_count"(name text, delta integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  w text;
BEGIN
  -- One word at a time in a fixed order, so two listings sharing words never lock them in opposite orders.
  FOR w IN SELECT x FROM unnest(tsvector_to_array(to_tsvector('simple', name))) AS x WHERE length(x) BETWEEN 2 AND 40 ORDER BY x LOOP
    IF delta > 0 THEN
      INSERT INTO "search_words" ("word", "refs") VALUES (w, delta)
        ON CONFLICT ("word") DO UPDATE SET "refs" = "search_words"."refs" + delta;
    ELSE
      UPDATE "search_words" SET "refs" = "refs" + delta WHERE "word" = w;
      DELETE FROM "search_words" WHERE "word" = w AND "refs" <= 0;
    END IF;
  END LOOP;
END $$;--> statement-breakpoint
CREATE FUNCTION "products_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM "search_words_count"(OLD."name", -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM "search_words_count"(NEW."name", 1); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_search_words" AFTER INSERT OR DELETE OR UPDATE OF "name" ON "products"
  FOR EACH ROW EXECUTE FUNCTION "products_search_words"();--> statement-breakpoint
-- Finding whether anything still shows an image: its URLs are looked up in every column that holds one.
CREATE INDEX "products_image1_idx" ON "products" USING btree ("image1");--> statement-breakpoint
CREATE INDEX "products_image2_idx" ON "products" USING btree ("image2");--> statement-breakpoint
CREATE INDEX "products_image3_idx" ON "products" USING btree ("image3");--> statement-breakpoint
CREATE INDEX "products_image4_idx" ON "products" USING btree ("image4");--> statement-breakpoint
CREATE INDEX "buyer_requests_image1_idx" ON "buyer_requests" USING btree ("image1");--> statement-breakpoint
CREATE INDEX "users_photo_url_idx" ON "users" USING btree ("photo_url");--> statement-breakpoint
CREATE INDEX "images_created_idx" ON "images" USING btree ("created_at");
