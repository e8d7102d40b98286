import type { Product, ProductBody } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { productQueryKey } from './get-product.ts';
import { productListQueryKey } from './list-products.ts';

export const updateProduct = ({ id, body }: { id: string; body: ProductBody }) =>
  apiRequest<Product>(`/api/Product/${encodeURIComponent(id)}`, { method: 'PUT', body });

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    meta: { handlesErrors: ['PayoutAccountRequired'] },
    onSuccess: (product) => {
      queryClient.setQueryData(productQueryKey(product.id), product);
      void queryClient.invalidateQueries({ queryKey: productListQueryKey });
    },
  });
}
