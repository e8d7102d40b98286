import type { Product, ProductBody } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { productQueryKey } from './get-product.ts';
import { productListQueryKey } from './list-products.ts';

export const createProduct = (body: ProductBody) => apiRequest<Product>('/api/Product', { method: 'POST', body });

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    meta: { handlesErrors: ['PayoutAccountRequired'] },
    onSuccess: (product) => {
      queryClient.setQueryData(productQueryKey(product.id), product);
      void queryClient.invalidateQueries({ queryKey: productListQueryKey });
    },
  });
}
