import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { products } from '../../db/schema/catalog.ts';
import { whitelistEntries } from '../../db/schema/testers.ts';
import { isLiveRelease, versions } from '../../db/schema/versions.ts';
import { isUuid } from '../../lib/ids.ts';

/**
 * Whether a user may play a game's version on the game server: the version exists, of a product not deleted, and is
 * its live release (anyone may play it) or its testing version (its partner and the testers on their whitelist).
 */
export async function mayPlayVersion(
  db: Executor,
  version: { productId: string; productVersion: number; userId: string },
): Promise<boolean> {
  if (!isUuid(version.productId) || !Number.isSafeInteger(version.productVersion)) return false;
  const result = await db.execute(sql`
    select 1 from ${versions}
    join ${products} on ${products.id} = ${versions.itemId} and ${products.deletedAt} is null
    where ${versions.itemType} = 'Product' and ${versions.itemId} = ${version.productId}::uuid
      and ${versions.number} = ${version.productVersion}
      and (
        (${isLiveRelease(versions)})
        or (${versions.slot} = 'testing' and (${products.ownerId} = ${version.userId}::uuid or exists (
          select 1 from ${whitelistEntries} where ${whitelistEntries.ownerId} = ${products.ownerId}
            and ${whitelistEntries.testerId} = ${version.userId}::uuid)))
      )
    limit 1`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}
