// Query keys of buy requests (glossary: a buy request is a cart item to its buyer, `BuyerProduct` on the wire).
/** Every key starts with `all`, so one invalidation refreshes the cart, the seller's requests and the navbar badge. */
export const buyerRequestKeys = {
  all: ['buyerRequests'] as const,
  /** Requests made to this seller (`email` is the seller's). */
  seller: (email: string) => ['buyerRequests', 'seller', email] as const,
  /** This buyer's cart (`buyerEmail`). */
  cart: (email: string) => ['buyerRequests', 'cart', email] as const,
};
