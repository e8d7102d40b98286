import type { CatalogItemType } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { itemApiPath } from '../../../lib/item-api.ts';
import {
  type CatalogBodyOf,
  type CatalogItemOf,
  itemListQueryKey,
  itemQueryKey,
  saveErrorCodes,
} from './item-types.ts';

export const updateItem = <T extends CatalogItemType>(type: T, id: string, body: CatalogBodyOf<T>) =>
  apiRequest<CatalogItemOf<T>>(itemApiPath(type, id), { method: 'PUT', body });

export function useUpdateItem<T extends CatalogItemType>(type: T) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CatalogBodyOf<T> }) => updateItem(type, id, body),
    meta: { handlesErrors: saveErrorCodes[type] },
    onSuccess: (item) => {
      queryClient.setQueryData(itemQueryKey(type, item.id), item);
      void queryClient.invalidateQueries({ queryKey: itemListQueryKey(type) });
    },
  });
}
