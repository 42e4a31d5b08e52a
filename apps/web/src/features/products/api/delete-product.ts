import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys } from './list-products';

/** docs/product.md#server-rules-listings: DELETE /products/{id} (owner or admin). */
export function deleteProduct(id: string): Promise<{ deletedCount: number }> {
  return api.delete<{ deletedCount: number }>(`/products/${encodeURIComponent(id)}`);
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
