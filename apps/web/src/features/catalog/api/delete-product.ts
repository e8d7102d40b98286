import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { productQueryKey } from './get-product.ts';
import { productListQueryKey } from './list-products.ts';

/** Whatever the body of the answer, only its success matters. */
export const deleteProduct = (id: string) =>
  apiRequest<string>(`/api/Product/${encodeURIComponent(id)}`, { method: 'DELETE', as: 'text' });

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: (_result, id) => {
      // marked stale rather than removed: Detail is still on screen until it navigates away, and must not refetch
      void queryClient.invalidateQueries({ queryKey: productQueryKey(id), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: productListQueryKey });
    },
  });
}
