import type { AppContext } from '../../lib/context.ts';

// Placeholder: the buyer-requests module is being built (issue 3).
export function createBuyerRequestsService(_ctx: AppContext) {
  return {};
}
export type BuyerRequestsService = ReturnType<typeof createBuyerRequestsService>;
