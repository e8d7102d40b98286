import type { CatalogItemType } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiBase } from '../../../lib/item-api.ts';
import { useSaveMutation } from '../../../lib/mutations.ts';
import { type CatalogBodyOf, type CatalogItemOf, itemSaveCache } from './item-types.ts';

export const createItem = <T extends CatalogItemType>(type: T, body: CatalogBodyOf<T>) =>
  apiRequest<CatalogItemOf<T>>(apiBase(type), { method: 'POST', body });

export const useCreateItem = <T extends CatalogItemType>(type: T) =>
  useSaveMutation({
    save: (body: CatalogBodyOf<T>) => createItem(type, body),
    ...itemSaveCache(type),
  });
