import type { CreateBuyerRequestBody } from '@olden/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { buyerRequestKeys } from './buyer-request-keys';

export function createBuyerRequest(body: CreateBuyerRequestBody): Promise<{ insertedId: string }> {
  return api.post<{ insertedId: string }>('/buyerProduct', body);
}

export function useCreateBuyerRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBuyerRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: buyerRequestKeys.all }),
  });
}
