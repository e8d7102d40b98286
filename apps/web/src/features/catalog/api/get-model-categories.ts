import type { ModelCategory } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const getModelCategories = () =>
  apiRequest<{ data: ModelCategory[] }>('/api/Model/Category/List', { background: true });

export const modelCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['model-categories'],
    queryFn: getModelCategories,
    staleTime: 10 * 60_000,
    select: (response) => response.data,
  });

export const useModelCategories = () => useQuery(modelCategoriesQueryOptions());
