import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { buyerRequestKeys } from './buyer-request-keys';

/** docs/product.md#server-rules-buy-requests: DELETE /buyerProduct/{id}: the buyer cancelling, or the seller handing over. */
export function deleteBuyerRequest(id: string): Promise<{ deletedCount: number }> {
  return api.delete<{ deletedCount: number }>(`/buyerProduct/${encodeURIComponent(id)}`);
}

export function useDeleteBuyerRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBuyerRequest,
    // The prefix covers the cart, the seller's list and the navbar badge (same key), so counts update at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: buyerRequestKeys.all }),
  });
}
