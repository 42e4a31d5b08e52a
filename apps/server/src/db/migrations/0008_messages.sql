-- Summary and unread counts (docs/product.md#messages-and-notifications): a user's threads as a buyer are found by
-- buyer_id (as a seller, buyer_requests_seller_id_idx), so GET /api/me/summary counts through indexes, closed threads
-- included.
CREATE INDEX "buyer_requests_buyer_id_idx" ON "buyer_requests" USING btree ("buyer_id");
