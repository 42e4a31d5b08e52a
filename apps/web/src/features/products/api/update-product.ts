import type { UpdateProductBody } from '@olden/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys } from './list-products';

/** docs/product.md#dashboard-update-product: PATCH /products/{id} with every field again. */
export function updateProduct({ id, body }: { id: string; body: UpdateProductBody }): Promise<{ modifiedCount: number }> {
  return api.patch<{ modifiedCount: number }>(`/products/${encodeURIComponent(id)}`, body);
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
