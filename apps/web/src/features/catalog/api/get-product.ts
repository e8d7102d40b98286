import type { Product } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const getProduct = (id: string) => apiRequest<Product>(`/api/Product/${encodeURIComponent(id)}`);

export const productQueryKey = (id: string) => ['products', 'detail', id] as const;

/** Not found (another partner's id, a deleted one) is shown by the page, not as a toast. */
export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: productQueryKey(id),
    queryFn: () => getProduct(id),
    meta: { handlesErrors: ['ProductNotFound', 'NotFound'] },
  });

export const useProduct = (id: string) => useQuery(productQueryOptions(id));
