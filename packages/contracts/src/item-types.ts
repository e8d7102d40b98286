/** The two kinds of item a partner sells, in a module without zod (the web app's light pages import it). */
export type ItemType = 'Product' | 'Model';

/** What a partner calls each kind of item. */
export const itemTypeLabels: Record<ItemType, string> = { Product: 'AR game', Model: '3D model' };

/** Which list an item belongs to; the `type` query of the Detail and Version pages. */
export const catalogItemTypes = ['game', 'model'] as const;
export type CatalogItemType = (typeof catalogItemTypes)[number];

/** Whether a query value names one of the lists. */
export const isCatalogItemType = (value: string | null): value is CatalogItemType =>
  (catalogItemTypes as readonly (string | null)[]).includes(value);

/** The list an item of `itemType` belongs to: games are Products, 3D models Models. */
export const catalogItemTypeOf = (itemType: ItemType): CatalogItemType => (itemType === 'Product' ? 'game' : 'model');
