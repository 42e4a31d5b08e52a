import type { AppContext } from '../../lib/context.ts';

// Placeholder: the products module is being built (issue 3).
export function createProductsService(_ctx: AppContext) {
  return {};
}
export type ProductsService = ReturnType<typeof createProductsService>;
