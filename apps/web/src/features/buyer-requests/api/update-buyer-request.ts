import type { BuyerProduct, UpdateBuyerRequestBody } from '@olden/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { buyerRequestKeys } from './buyer-request-keys';

/** PATCH /buyerProduct/:id: the seller accepts or declines (409 REQUEST_CLOSED / LISTING_UNAVAILABLE with a message). */
export function updateBuyerRequest({ id, status }: { id: string } & UpdateBuyerRequestBody): Promise<BuyerProduct> {
  return api.patch<BuyerProduct>(`/buyerProduct/${encodeURIComponent(id)}`, { status });
}

export function useUpdateBuyerRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBuyerRequest,
    onSuccess: (updated) => {
      queryClient.setQueryData(buyerRequestKeys.detail(updated._id), updated);
      return queryClient.invalidateQueries({ queryKey: buyerRequestKeys.all });
    },
  });
}
