import type { CatalogItemType } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { itemApiPath } from '../../../lib/item-api.ts';
import { useSaveMutation } from '../../../lib/mutations.ts';
import { type CatalogBodyOf, type CatalogItemOf, itemSaveCache } from './item-types.ts';

export const updateItem = <T extends CatalogItemType>(type: T, id: string, body: CatalogBodyOf<T>) =>
  apiRequest<CatalogItemOf<T>>(itemApiPath(type, id), { method: 'PUT', body });

export const useUpdateItem = <T extends CatalogItemType>(type: T) =>
  useSaveMutation({
    save: ({ id, body }: { id: string; body: CatalogBodyOf<T> }) => updateItem(type, id, body),
    ...itemSaveCache(type),
  });
