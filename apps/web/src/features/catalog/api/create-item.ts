import type { CatalogItemType } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiBase } from '../../../lib/item-api.ts';
import {
  type CatalogBodyOf,
  type CatalogItemOf,
  itemListQueryKey,
  itemQueryKey,
  saveErrorCodes,
} from './item-types.ts';

export const createItem = <T extends CatalogItemType>(type: T, body: CatalogBodyOf<T>) =>
  apiRequest<CatalogItemOf<T>>(apiBase(type), { method: 'POST', body });

export function useCreateItem<T extends CatalogItemType>(type: T) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CatalogBodyOf<T>) => createItem(type, body),
    meta: { handlesErrors: saveErrorCodes[type] },
    onSuccess: (item) => {
      queryClient.setQueryData(itemQueryKey(type, item.id), item);
      void queryClient.invalidateQueries({ queryKey: itemListQueryKey(type) });
    },
  });
}
