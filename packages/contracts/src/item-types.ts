/** The two kinds of item a partner sells, in a module without zod (the web app's light pages import it). */
export type ItemType = 'Product' | 'Model';

/** What a partner calls each kind of item. */
export const itemTypeLabels: Record<ItemType, string> = { Product: 'AR game', Model: '3D model' };
