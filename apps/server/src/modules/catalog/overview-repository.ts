import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { models, products } from '../../db/schema/catalog.ts';
import { reviewMessages, versions } from '../../db/schema/versions.ts';

type ItemTable = typeof products | typeof models;
export type OverviewVersionRow = typeof versions.$inferSelect;

/** How many of a partner's live items have each status. */
export async function selectStatusCounts(db: Executor, ownerId: string): Promise<Array<{ status: string; n: number }>> {
  const countOf = (table: ItemTable) =>
    db
      .select({ status: table.status, n: sql<number>`cast(count(*) as integer)` })
      .from(table)
      .where(and(eq(table.ownerId, ownerId), isNull(table.deletedAt)))
      .groupBy(table.status);
  const [games, models3d] = await Promise.all([countOf(products), countOf(models)]);
  return [...games, ...models3d];
}

/** Who wrote a version's latest review message, if anyone. */
const lastMessageBy = sql<'Partner' | 'Reviewer' | null>`(select m.author from ${reviewMessages} m
  where m.version_id = ${versions.id} order by m.created_at desc, m.id desc limit 1)`;

/**
 * The testing and release versions of a partner's live items, each with its item's name and the author of its
 * conversation's latest message: what the overview's attention list is decided from.
 */
export async function selectCurrentVersions(db: Executor, ownerId: string) {
  const of = (itemType: 'Product' | 'Model', table: ItemTable) =>
    db
      .select({ version: versions, itemName: table.name, lastMessageBy })
      .from(versions)
      .innerJoin(table, and(eq(table.id, versions.itemId), isNull(table.deletedAt)))
      .where(
        and(
          eq(versions.ownerId, ownerId),
          eq(versions.itemType, itemType),
          inArray(versions.slot, ['testing', 'release']),
        ),
      );
  const [games, models3d] = await Promise.all([of('Product', products), of('Model', models)]);
  return [...games, ...models3d];
}
