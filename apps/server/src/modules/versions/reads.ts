import type { LiveItem, ModelVersionsResponse, ProductVersionsResponse, TesterBuild } from '@portal/contracts';
import type { Caches } from '../../caches.ts';
import type { Db } from '../../db/client.ts';
import { batchLoader } from '../../lib/batch.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { CatalogService } from '../catalog/service.ts';
import { type AnyVersion, buildsOf, type ItemType, type Lookup, toVersion } from './lookup.ts';
import * as repo from './repository.ts';

export interface VersionReadsDeps {
  db: Db;
  caches: Pick<Caches, 'versionLists'>;
  catalog: Pick<CatalogService, 'requireOwnedItem' | 'summarizeItems'>;
  lookup: Lookup;
}

/** What is read of versions: a partner's lists, the marketplace's live items, testers' builds, the game host's checks. */
export function createVersionReads({ db, caches, catalog, lookup }: VersionReadsDeps) {
  // the version lists of the items that requests arriving together ask for are read with one statement per type
  const versionsLoader = (itemType: ItemType) =>
    batchLoader(async (itemIds: string[]) => {
      const byItem = new Map<string, Awaited<ReturnType<typeof repo.selectItemsVersionsWithUnread>>>();
      for (const row of await repo.selectItemsVersionsWithUnread(db, itemType, itemIds)) {
        const rows = byItem.get(row.version.itemId);
        if (rows) rows.push(row);
        else byItem.set(row.version.itemId, [row]);
      }
      return byItem;
    });
  const versionsOfItem = { Product: versionsLoader('Product'), Model: versionsLoader('Model') };

  return {
    /** An item's versions as its list answers them, kept by partner and item id. */
    async listVersions(
      ownerId: string,
      itemType: ItemType,
      itemId: string,
    ): Promise<ProductVersionsResponse | ModelVersionsResponse> {
      return caches.versionLists[itemType].readIn(ownerId, itemId, async () => {
        await catalog.requireOwnedItem(ownerId, itemType, itemId);
        const versions = ((await versionsOfItem[itemType](itemId)) ?? []).map(({ version, unread }) =>
          toVersion(version, unread),
        );
        return {
          testingVersion: versions.find((version) => version.slot === 'testing') ?? null,
          releaseVersion: versions.find((version) => version.slot === 'release') ?? null,
          historyVersions: versions.filter((version) => version.slot === 'history'),
        } as ProductVersionsResponse;
      });
    },

    async getVersion(ownerId: string, itemType: ItemType, versionId: string): Promise<AnyVersion> {
      return lookup.describeVersion((await lookup.ownedVersion(ownerId, itemType, versionId)).version);
    },

    /**
     * What the marketplace serves for an item now: its live version and its builds as stored (which only their owner
     * may read unsigned), and its price; who may download them is decided above (gaming's live-items.ts).
     */
    async liveItem(itemId: string): Promise<Omit<LiveItem, 'filesAccess'> & { priceCents: number; ownerId: string }> {
      const version = isUuid(itemId) ? await repo.selectLiveVersion(db, itemId) : undefined;
      const [item] = version ? await catalog.summarizeItems(version.itemType, [itemId]) : [];
      if (!version?.releasedAt || !item) throw new AppError('NotFound');
      return {
        itemId,
        itemType: version.itemType,
        name: item.name,
        version: version.number,
        versionId: version.id,
        releasedAt: version.releasedAt.toISOString(),
        updateLog: version.updateLog,
        priceCents: item.priceCents,
        ownerId: item.ownerId,
        files: {
          ios: version.iosAssetUrl,
          android: version.androidAssetUrl,
          visionOS: version.visionOsAssetUrl,
          macOS: version.macOsAssetUrl,
        },
      };
    },

    /** The testing versions with builds of these partners' items, for their whitelisted testers. */
    async testingBuilds(ownerIds: string[]): Promise<TesterBuild[]> {
      const rows = await repo.selectTestingVersionsOf(db, ownerIds);
      return (await lookup.withItemsAndPartners(rows)).map(({ row, partner, summary }) => ({
        ...summary,
        partnerName: partner.businessName || partner.fullName,
        updatedAt: row.updatedAt.toISOString(),
      }));
    },

    isTestingBuild: (ownerId: string, url: string) => repo.isTestingBuild(db, ownerId, url),

    /**
     * An item's version by its number, as a sale names it: when it was first released (null if it never was), or
     * undefined when the item has no such version.
     */
    async findVersionByNumber(
      itemType: ItemType,
      itemId: string,
      number: number,
    ): Promise<{ releasedAt: Date | null } | undefined> {
      if (!isUuid(itemId) || !Number.isSafeInteger(number)) return undefined;
      const version = await repo.selectVersionByNumber(db, itemType, itemId, number);
      return version && { releasedAt: version.releasedAt };
    },

    /**
     * The testing and release versions of a partner's items, each with who wrote its conversation's latest
     * message: what My Projects' attention list is decided from. Items may have been deleted since.
     */
    currentVersions: (ownerId: string) => repo.selectCurrentVersions(db, ownerId),

    /** The builds of the live versions of a partner's items of one type, by item id; `itemIds` narrows to those. */
    async liveBuilds(itemType: ItemType, ownerId: string, itemIds?: string[]): Promise<Map<string, string[]>> {
      const rows = await repo.selectLiveVersionsOf(db, itemType, ownerId, itemIds?.filter(isUuid));
      return new Map(rows.map((row) => [row.itemId, buildsOf(row)]));
    },

    /**
     * A game's version that someone may play on the game server, by its number: its live release (anyone may play
     * it) or its testing version (its partner and their testers may); undefined for any other, or a deleted game.
     */
    async playableVersion(
      productId: string,
      number: number,
    ): Promise<{ ownerId: string; isLive: boolean; slot: repo.VersionRow['slot'] } | undefined> {
      if (!isUuid(productId) || !Number.isSafeInteger(number)) return undefined;
      const version = await repo.selectVersionByNumber(db, 'Product', productId, number);
      if (!version || !(version.isLive || version.slot === 'testing')) return undefined;
      const [game] = await catalog.summarizeItems('Product', [productId]);
      return game && { ownerId: version.ownerId, isLive: version.isLive, slot: version.slot };
    },
  };
}
