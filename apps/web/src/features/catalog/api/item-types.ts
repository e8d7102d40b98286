import type {
  CatalogItemType,
  ErrorCode,
  Model,
  ModelBody,
  ModelPage,
  Product,
  ProductBody,
  ProductPage,
} from '@portal/contracts';

/** What the catalog's API answers and takes for each item type, as the versions feature does: one code, two types. */
export interface CatalogItems {
  game: { item: Product; body: ProductBody; page: ProductPage };
  model: { item: Model; body: ModelBody; page: ModelPage };
}
export type CatalogItemOf<T extends CatalogItemType> = CatalogItems[T]['item'];
export type CatalogBodyOf<T extends CatalogItemType> = CatalogItems[T]['body'];
export type CatalogPageOf<T extends CatalogItemType> = CatalogItems[T]['page'];

const cacheNames = { game: 'products', model: 'models' } as const;

/** One item's cache entry; a save writes it, a delete marks it stale. */
export const itemQueryKey = (type: CatalogItemType, id: string) => [cacheNames[type], 'detail', id] as const;

/** Every page of a type's list: what a save or a delete makes stale. */
export const itemListQueryKey = (type: CatalogItemType) => [cacheNames[type], 'list'] as const;

/** Not found (another partner's id, a deleted one) is shown by the page, not as a toast. */
export const notFoundCodes: Record<CatalogItemType, ErrorCode[]> = {
  game: ['ProductNotFound', 'NotFound'],
  model: ['ModelNotFound', 'NotFound'],
};

/** What a save's form shows itself: a payout account missing (it goes to connect one), a category gone. */
export const saveErrorCodes: Record<CatalogItemType, ErrorCode[]> = {
  game: ['PayoutAccountRequired'],
  model: ['PayoutAccountRequired', 'CategoryNotFound'],
};

/** What a save of a type's item (create or update) expects: the refusals its form shows, and the cache it writes. */
export const itemSaveCache = (type: CatalogItemType) => ({
  handlesErrors: saveErrorCodes[type],
  detailKey: (id: string) => itemQueryKey(type, id),
  listKey: itemListQueryKey(type),
});
