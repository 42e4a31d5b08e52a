// Every product query key starts with 'products', so one invalidation refreshes timeline, details and dashboards.
export const productKeys = {
  all: ['products'] as const,
  lists: () => ['products', 'list'] as const,
  /** All listings, newest first (admin's Manage All Products). */
  allListings: () => ['products', 'list', 'all'] as const,
  /** One seller's own listings (GET /products?email=). */
  bySeller: (email: string) => ['products', 'list', 'seller', email] as const,
  detail: (id: string) => ['products', 'detail', id] as const,
};
