import type { Executor } from '../../db/client.ts';
import * as repo from './repository.ts';

/** Model categories, with stable ids. */
export const seedCategories = [
  'Characters',
  'Creatures',
  'Vehicles',
  'Architecture',
  'Props',
  'Furniture',
  'Nature',
  'Art & Decor',
  'Effects',
  'Wearables',
].map((name, index) => ({ id: index + 1, name, order: index + 1 }));

export async function seedCatalog(db: Executor): Promise<void> {
  for (const category of seedCategories) await repo.upsertCategory(db, category);
}
