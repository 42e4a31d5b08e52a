import type { CreateProductBody } from '@olden/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys } from './list-products';

/** docs/product.md#server-rules-listings: POST /products; uploaderName and email come from the token on the server. */
export function createProduct(body: CreateProductBody): Promise<{ insertedId: string }> {
  return api.post<{ insertedId: string }>('/products', body);
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
