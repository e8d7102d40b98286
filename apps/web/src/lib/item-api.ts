import type { CatalogItemType } from '@portal/contracts';

/** The API base of an item type: games are Products, 3D models Models. Catalog and versions both speak to it. */
export const apiBase = (type: CatalogItemType) => (type === 'game' ? '/api/Product' : '/api/Model');

/** One item's path under its type's API base. */
export const itemApiPath = (type: CatalogItemType, id: string) => `${apiBase(type)}/${encodeURIComponent(id)}`;
