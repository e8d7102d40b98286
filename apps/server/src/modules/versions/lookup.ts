import type { ModelVersion, ProductVersion, Refusal } from '@portal/contracts';
import { isRefusal } from '@portal/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { isoTime, isoTimeOrNull } from '../../lib/iso-time.ts';
import type { AccessService } from '../access/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import * as repo from './repository.ts';

export type ItemType = repo.ItemType;
export type AnyVersion = ProductVersion | ModelVersion;
/** An item as the versions module sees it: the catalog's summary. */
export type VersionedItem = Awaited<ReturnType<CatalogService['requireOwnedItem']>>;

/** What a list of versions across items (the review console, testers' builds) shows of each. */
type ListedVersion = Pick<
  repo.VersionRow,
  | 'id'
  | 'itemType'
  | 'itemId'
  | 'ownerId'
  | 'number'
  | 'updateLog'
  | 'iosAssetUrl'
  | 'androidAssetUrl'
  | 'visionOsAssetUrl'
  | 'macOsAssetUrl'
>;

export function toVersion(row: repo.VersionRow, unreadMessageCount: number): AnyVersion {
  const base = {
    id: row.id,
    slot: row.slot,
    createdAt: isoTime(row.createdAt),
    submittedAt: isoTimeOrNull(row.submittedAt),
    reviewStatus: row.reviewStatus,
    status: row.status,
    updateLog: row.updateLog,
    unapproveReason: row.unapproveReason,
    takeDownRole: row.takeDownRole,
    takeDownReason: row.takeDownReason,
    iosAssetUrl: row.iosAssetUrl,
    androidAssetUrl: row.androidAssetUrl,
    visionOSAssetUrl: row.visionOsAssetUrl,
    macOSAssetUrl: row.macOsAssetUrl,
    unreadMessageCount,
    releaseOnAcceptance: row.releaseOnAcceptance,
    releasedAt: isoTimeOrNull(row.releasedAt),
    isLive: row.isLive,
  };
  return row.itemType === 'Product' ? { ...base, productVersion: row.number } : { ...base, modelVersion: row.number };
}

/** A version's builds, in platform order (iOS, Android, visionOS, macOS). */
export const buildsOf = (version: repo.VersionRow) =>
  [version.iosAssetUrl, version.androidAssetUrl, version.visionOsAssetUrl, version.macOsAssetUrl].filter(
    (url): url is string => url !== null,
  );

/** What a rule of version-rules allowed, or the coded error it refused with. */
export function orRefuse<T>(result: T | Refusal): Exclude<T, Refusal> {
  if (isRefusal(result)) throw new AppError(result.refused);
  return result as Exclude<T, Refusal>;
}

export interface LookupDeps {
  db: Db;
  access: Pick<AccessService, 'summarizeUsers'>;
  catalog: Pick<CatalogService, 'requireOwnedItem' | 'summarizeItems' | 'summarizeItemsOf'>;
}

/** Finding versions with their items, and describing them as the API answers them: what every part shares. */
export function createLookup({ db, access, catalog }: LookupDeps) {
  /** Versions as the API answers them, each with the count of reviewer messages its partner has not read. */
  async function describeVersions(rows: repo.VersionRow[]): Promise<AnyVersion[]> {
    const unread = await repo.selectUnreadCounts(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toVersion(row, unread.get(row.id) ?? 0));
  }

  return {
    describeVersions,

    async describeVersion(row: repo.VersionRow): Promise<AnyVersion> {
      const [version] = await describeVersions([row]);
      if (!version) throw new Error(`version ${row.id} could not be described`);
      return version;
    },

    /** A version of the partner's own item, of the route's type; 404 otherwise. */
    async ownedVersion(ownerId: string, itemType: ItemType, versionId: string) {
      const version = isUuid(versionId) ? await repo.selectVersion(db, versionId) : undefined;
      if (!version || version.ownerId !== ownerId || version.itemType !== itemType) {
        throw new AppError('VersionNotFound');
      }
      const item = await catalog.requireOwnedItem(ownerId, itemType, version.itemId).catch(() => {
        throw new AppError('VersionNotFound');
      });
      return { version, item };
    },

    /** Any version with its item, for admins; 404 when either is gone. */
    async anyVersion(versionId: string) {
      const version = isUuid(versionId) ? await repo.selectVersion(db, versionId) : undefined;
      if (!version) throw new AppError('VersionNotFound');
      const [item] = await catalog.summarizeItems(version.itemType, [version.itemId]);
      if (!item) throw new AppError('VersionNotFound');
      return { version, item };
    },

    /**
     * Each version with its item and partner (one query per item type and one for partners, at once, whatever the
     * count).
     */
    async withItemsAndPartners<R extends ListedVersion>(rows: R[]) {
      const [items, partners] = await Promise.all([
        catalog.summarizeItemsOf(rows),
        access.summarizeUsers([...new Set(rows.map((row) => row.ownerId))]),
      ]);
      return rows.flatMap((row) => {
        const item = items.get(row.itemId);
        const partner = partners.get(row.ownerId);
        if (!item || !partner) return [];
        const summary = {
          versionId: row.id,
          itemType: row.itemType,
          itemId: row.itemId,
          itemName: item.name,
          itemIconUrl: item.iconUrl,
          version: row.number,
          updateLog: row.updateLog,
          files: {
            ios: row.iosAssetUrl,
            android: row.androidAssetUrl,
            visionOS: row.visionOsAssetUrl,
            macOS: row.macOsAssetUrl,
          },
        };
        return [{ row, partner, summary }];
      });
    },
  };
}

export type Lookup = ReturnType<typeof createLookup>;
