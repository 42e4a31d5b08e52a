-- The trade lifecycle (docs/product.md#trade-lifecycle): a listing is reserved exactly while one of its requests is
-- Accepted. Requests are deleted only by a ban's cascade (buyer_id/seller_id); when the buyer of an accepted request is
-- banned, the listing goes back on sale. (A banned seller's listings are deleted by the same cascade.)
CREATE FUNCTION "buyer_requests_release_listing"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "products" SET "status" = 'available', "updated_at" = now()
    WHERE "id" = OLD."product_id" AND "status" = 'reserved';
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "buyer_requests_release_listing" AFTER DELETE ON "buyer_requests"
  FOR EACH ROW WHEN (OLD."status" = 'Accepted') EXECUTE FUNCTION "buyer_requests_release_listing"();
