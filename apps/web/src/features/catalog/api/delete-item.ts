import type { CatalogItemType } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { itemApiPath } from '../../../lib/item-api.ts';
import { itemListQueryKey, itemQueryKey } from './item-types.ts';

/** Whatever the body of the answer, only its success matters. */
export const deleteItem = (type: CatalogItemType, id: string) =>
  apiRequest<string>(itemApiPath(type, id), { method: 'DELETE', as: 'text' });

export function useDeleteItem(type: CatalogItemType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteItem(type, id),
    onSuccess: (_result, id) => {
      // marked stale rather than removed: Detail is still on screen until it navigates away, and must not refetch
      void queryClient.invalidateQueries({ queryKey: itemQueryKey(type, id), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: itemListQueryKey(type) });
    },
  });
}
