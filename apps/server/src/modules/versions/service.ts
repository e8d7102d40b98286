import type {
  ModelVersion,
  ModelVersionsResponse,
  PageQuery,
  ProductVersion,
  ProductVersionsResponse,
  ReviewMessage,
  ReviewQueueItem,
  ReviewStanding,
  TesterBuild,
  VersionUpdate,
} from '@portal/contracts';
import {
  checkAdd,
  checkEdit,
  checkRelease,
  checkReview,
  checkSubmit,
  checkTakeDown,
  deriveProjectStatus,
  hasPartnerReplied,
  isRefusal,
  itemTypeLabels,
  type LiveItem,
  liveVersionOf,
  type Refusal,
  type ReviewAction,
  type Slots,
  slotsOf,
  submissionMailLines,
} from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { pageBounds } from '../../db/paging.ts';
import { batchLoader, batchLoaderBy } from '../../lib/batch.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { isoTime, isoTimeOrNull } from '../../lib/iso-time.ts';
import { renderMail } from '../../lib/mail-template.ts';
import { type BeforeCacheStore, TtlCache } from '../../lib/ttl-cache.ts';
import type { Mailer, MailPurpose } from '../../plugins/mailer/index.ts';
import type { AccessService } from '../access/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { FilesService } from '../files/service.ts';
import type { PaymentsService } from '../payments/service.ts';
import * as repo from './repository.ts';

export type ItemType = repo.ItemType;
type AnyVersion = ProductVersion | ModelVersion;
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

export interface VersionsDeps {
  db: Db;
  mailer: Mailer;
  config: AppConfig;
  log: FastifyBaseLogger;
  access: AccessService;
  catalog: CatalogService;
  files: FilesService;
  payments: PaymentsService;
  /** Where a submitted version stands in the review queue, for the mail that confirms its submission. */
  reviewStanding?: (versionId: string) => Promise<ReviewStanding>;
  beforeCacheStore?: BeforeCacheStore;
}

function toVersion(row: repo.VersionRow, unreadMessageCount: number): AnyVersion {
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

const buildsOf = (version: repo.VersionRow) =>
  [version.iosAssetUrl, version.androidAssetUrl, version.visionOsAssetUrl, version.macOsAssetUrl].filter(
    (url): url is string => url !== null,
  );

function orRefuse<T>(result: T | Refusal): Exclude<T, Refusal> {
  if (isRefusal(result)) throw new AppError(result.refused);
  return result as Exclude<T, Refusal>;
}

/** Versions of products and models and the review state machine of DESIGN.md §3. */
export function createVersionsService(deps: VersionsDeps) {
  const { db, mailer, config, log, access, catalog, files, payments, reviewStanding } = deps;
  const typeLabel = (itemType: ItemType) => itemTypeLabels[itemType];
  const listCache = (itemType: ItemType) =>
    new TtlCache<ProductVersionsResponse | ModelVersionsResponse>({
      name: `${itemType.toLowerCase()}-version-lists`,
      ttlMs: config.cacheSeconds * 1000,
      maxEntries: 20_000,
      beforeStore: deps.beforeCacheStore,
    });
  /**
   * An item's versions as its list answers them, by partner and item id: every change of the partner's items
   * (the statuses `changeItem` records after each change of versions among them, and a delete) drops the
   * partner's lists, and so does a reviewer's message or the partner reading one (the unread counts).
   */
  const lists = { Product: listCache('Product'), Model: listCache('Model') };
  const listsChanged = (ownerId: string) => {
    lists.Product.deleteGroup(ownerId);
    lists.Model.deleteGroup(ownerId);
  };
  /**
   * The console's pages (the review queue and the live releases), the same for every admin: any committed change
   * of any partner's items or versions, any message, and any partner's profile update drop them all.
   */
  const consoleCache = new TtlCache<{ data: ReviewQueueItem[]; totalCount: number }>({
    name: 'console-pages',
    ttlMs: config.cacheSeconds * 1000,
    maxEntries: 1_000,
    beforeStore: deps.beforeCacheStore,
  });
  const consoleChanged = () => consoleCache.deleteGroup('console');
  catalog.onItemsChanged((ownerId) => {
    listsChanged(ownerId);
    consoleChanged();
  });
  access.onProfileChanged(consoleChanged);

  /** Versions as the API answers them, each with the count of reviewer messages its partner has not read. */
  async function describeVersions(rows: repo.VersionRow[]): Promise<AnyVersion[]> {
    const unread = await repo.selectUnreadCounts(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toVersion(row, unread.get(row.id) ?? 0));
  }

  async function describeVersion(row: repo.VersionRow): Promise<AnyVersion> {
    const [version] = await describeVersions([row]);
    if (!version) throw new Error(`version ${row.id} could not be described`);
    return version;
  }

  /** A version of the partner's own item, of the route's type; 404 otherwise. */
  async function ownedVersion(ownerId: string, itemType: ItemType, versionId: string) {
    const version = isUuid(versionId) ? await repo.selectVersion(db, versionId) : undefined;
    if (!version || version.ownerId !== ownerId || version.itemType !== itemType) throw new AppError('VersionNotFound');
    const item = await catalog.requireOwnedItem(ownerId, itemType, version.itemId).catch(() => {
      throw new AppError('VersionNotFound');
    });
    return { version, item };
  }

  /** Any version with its item, for admins; 404 when either is gone. */
  async function anyVersion(versionId: string) {
    const version = isUuid(versionId) ? await repo.selectVersion(db, versionId) : undefined;
    if (!version) throw new AppError('VersionNotFound');
    const [item] = await catalog.summarizeItems(version.itemType, [version.itemId]);
    if (!item) throw new AppError('VersionNotFound');
    return { version, item };
  }

  /**
   * Runs a change on an item's versions under lock, then stores what it leads to: the project status, the live
   * version, and whether the item is on the marketplace.
   */
  async function changeItem<T extends repo.VersionRow | undefined>(
    itemType: ItemType,
    item: Awaited<ReturnType<CatalogService['requireOwnedItem']>>,
    change: (tx: Executor, slots: Slots, rows: repo.VersionRow[]) => Promise<T>,
  ): Promise<T> {
    const result = await db.transaction(async (tx) => {
      const rows = await repo.selectItemVersions(tx, itemType, item.id);
      const changed = await change(tx, slotsOf(rows), rows);
      const after = await repo.selectItemVersions(tx, itemType, item.id);
      const live = liveVersionOf(after);
      if (live?.id !== after.find((row) => row.isLive)?.id) {
        await repo.setLiveVersion(tx, itemType, item.id, live?.id ?? null);
      }
      await catalog.setProjectStatus(tx, item.id, itemType, deriveProjectStatus(slotsOf(after)), Boolean(live));
      // the answer carries the live flag as the change left it
      return (changed && { ...changed, isLive: changed.id === live?.id }) as T;
    });
    // after the commit, so that no reader caches the status from before it
    catalog.statusesChanged(item.ownerId);
    return result;
  }

  async function notifyOwner(
    purpose: MailPurpose,
    version: repo.VersionRow,
    subject: string,
    heading: string,
    paragraphs: string[],
    page: 'detail' | 'version' = 'detail',
  ) {
    try {
      const owner = await access.getProfile(version.ownerId);
      const path = version.itemType === 'Product' ? 'game' : 'model';
      const query =
        page === 'detail'
          ? new URLSearchParams({ id: version.itemId, type: path })
          : new URLSearchParams({ prodId: version.itemId, vId: version.id, type: path });
      await mailer.send({
        purpose,
        to: owner.email,
        ...renderMail({
          subject,
          heading,
          paragraphs,
          action: {
            label: 'Open in the Partner Portal',
            url: `${config.publicUrl}/developers/my-project/${page}?${query}`,
          },
        }),
      });
    } catch (err) {
      log.error({ err, versionId: version.id }, 'review notification failed');
    }
  }

  async function reviewed(
    reviewerId: string,
    versionId: string,
    action: ReviewAction,
    reason?: string,
  ): Promise<AnyVersion> {
    const { version, item } = await anyVersion(versionId);
    const updated = await changeItem(version.itemType, item, async (tx, _slots, rows) => {
      const current = rows.find((row) => row.id === versionId);
      if (!current) throw new AppError('VersionNotFound');
      const next = orRefuse(checkReview(current, action));
      const now = new Date();
      return repo.updateVersion(tx, versionId, {
        reviewStatus: next,
        ...(action === 'reject' ? { unapproveReason: reason ?? null, reviewedBy: reviewerId } : {}),
        ...(action === 'accept'
          ? { unapproveReason: null, reviewedBy: reviewerId, releasedAt: current.releaseOnAcceptance ? now : null }
          : {}),
        reviewedAt: now,
      });
    });
    const name = `${item.name} version ${version.number}`;
    if (action === 'accept' && updated.releasedAt) {
      await notifyOwner('version-released', updated, `${name} is released`, 'Your version was accepted', [
        `${name} (${typeLabel(version.itemType)}) passed review and is now live in the Lumora marketplace.`,
      ]);
    } else if (action === 'accept') {
      await notifyOwner('version-released', updated, `${name} was accepted`, 'Your version is ready to release', [
        `${name} (${typeLabel(version.itemType)}) passed review. As you chose, it waits for you to release it:`,
        'press “Release this version” on its Detail page when you are ready. Until then the marketplace keeps the version it has.',
      ]);
    } else if (action === 'reject') {
      await notifyOwner('version-rejected', updated, `${name} was not accepted`, 'Your version needs changes', [
        `${name} (${typeLabel(version.itemType)}) was not accepted. The reviewer wrote:`,
        reason ?? '',
        'Edit the version on its Detail page, then submit it again.',
      ]);
    }
    log.info({ versionId, action }, 'version reviewed');
    return describeVersion(updated);
  }

  /** Tells the partner that a version is in the queue, where it stands there and how long reviews take. */
  async function confirmSubmission(itemName: string, version: repo.VersionRow) {
    const name = `${itemName} version ${version.number}`;
    let standing: string[] = [];
    try {
      standing = reviewStanding ? submissionMailLines(await reviewStanding(version.id)) : [];
    } catch (err) {
      log.warn({ err, versionId: version.id }, 'review standing unavailable for the submission mail');
    }
    const live = (await repo.selectLiveVersion(db, version.itemId))?.number;
    await notifyOwner(
      'version-submitted',
      version,
      `${name} is submitted for review`,
      'Your version is in the queue',
      [
        `${name} (${typeLabel(version.itemType)}) is waiting for Lumora's reviewers.`,
        ...standing,
        live === undefined ? '' : `Version ${live} stays on sale until this one is released.`,
        version.releaseOnAcceptance
          ? 'It goes live as soon as it is accepted.'
          : 'Once accepted, it waits for you to release it from its Detail page.',
      ].filter(Boolean),
    );
  }

  /** Each version with its item and partner (one query per item type and one for partners, at once, whatever the count). */
  async function withItemsAndPartners<R extends ListedVersion>(rows: R[]) {
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
  }

  /** Versions with their item, partner and conversation, for the review console. */
  async function describeForAdmins(rows: repo.ConsoleRow[]): Promise<ReviewQueueItem[]> {
    return (await withItemsAndPartners(rows)).map(({ row, partner, summary }) => ({
      ...summary,
      partner,
      slot: row.slot,
      reviewStatus: row.reviewStatus,
      status: row.status,
      isLive: row.isLive,
      releaseOnAcceptance: row.releaseOnAcceptance,
      submittedAt: isoTimeOrNull(row.submittedAt),
      messageCount: row.messageCount,
      lastMessageBy: row.lastBy,
      partnerReplied: hasPartnerReplied(row, row.lastBy),
    }));
  }

  /** A console list's pages: the pages that requests arriving together ask for are read with one statement. */
  function consolePages(list: string, select: typeof repo.selectReviewQueuePages) {
    const load = batchLoaderBy(
      (wanted: repo.ConsolePageWanted) => `${wanted.limit}|${wanted.offset}`,
      (pages: repo.ConsolePageWanted[]) => select(db, pages),
    );
    return async (page: PageQuery): Promise<{ data: ReviewQueueItem[]; totalCount: number }> => {
      return consoleCache.readIn('console', `${list}:${page.PageIndex}:${page.PageSize}`, async () => {
        const { rows, total } = (await load(pageBounds(page.PageIndex, page.PageSize))) ?? { rows: [], total: 0 };
        return { data: await describeForAdmins(rows), totalCount: total };
      });
    };
  }
  const reviewQueuePage = consolePages('queue', repo.selectReviewQueuePages);
  const liveReleasesPage = consolePages('releases', repo.selectLiveReleasesPages);

  /** A version's conversation as `reader` sees it: partners never learn which reviewer wrote. */
  async function conversation(versionId: string, reader: { id: string; asAdmin: boolean }): Promise<ReviewMessage[]> {
    const rows = await repo.selectReviewMessages(db, versionId);
    const names = await access.summarizeUsers([...new Set(rows.map((row) => row.authorId))]);
    return rows.map((row) => ({
      id: row.id,
      author: row.author,
      authorName:
        row.author === 'Reviewer' && !reader.asAdmin
          ? 'Lumora review team'
          : (names.get(row.authorId)?.fullName ?? 'Former user'),
      isMine: row.authorId === reader.id,
      message: row.body,
      createdAt: row.createdAt.toISOString(),
    }));
  }

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
    async listVersions(
      ownerId: string,
      itemType: ItemType,
      itemId: string,
    ): Promise<ProductVersionsResponse | ModelVersionsResponse> {
      return lists[itemType].readIn(ownerId, itemId, async () => {
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

    async addVersion(ownerId: string, itemType: ItemType, itemId: string, number: number): Promise<AnyVersion> {
      await payments.requireConnectedAccount(ownerId);
      const item = await catalog.requireOwnedItem(ownerId, itemType, itemId);
      try {
        const row = await changeItem(itemType, item, async (tx, slots) => {
          const refusal = checkAdd(slots, number);
          if (refusal) throw new AppError(refusal.refused);
          return repo.insertVersion(tx, {
            itemType,
            itemId,
            ownerId,
            number,
            slot: 'testing',
            reviewStatus: 'PrepareForSubmission',
            status: 'Active',
          });
        });
        return describeVersion(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('TestingVersionExists');
        throw err;
      }
    },

    async getVersion(ownerId: string, itemType: ItemType, versionId: string): Promise<AnyVersion> {
      return describeVersion((await ownedVersion(ownerId, itemType, versionId)).version);
    },

    async updateVersion(
      ownerId: string,
      itemType: ItemType,
      versionId: string,
      update: VersionUpdate,
    ): Promise<AnyVersion> {
      const { item } = await ownedVersion(ownerId, itemType, versionId);
      const builds = [update.iosAssetUrl, update.androidAssetUrl, update.visionOSAssetUrl, update.macOSAssetUrl];
      await files.requireOwnedBuilds(
        ownerId,
        builds.filter((url): url is string => Boolean(url)),
      );
      const row = await changeItem(itemType, item, async (tx, _slots, rows) => {
        const current = rows.find((r) => r.id === versionId);
        if (!current) throw new AppError('VersionNotFound');
        const reviewStatus = orRefuse(checkEdit(current, update.interruptReview));
        return repo.updateVersion(tx, versionId, {
          reviewStatus,
          updateLog: update.updateLog,
          iosAssetUrl: update.iosAssetUrl,
          androidAssetUrl: update.androidAssetUrl,
          visionOsAssetUrl: update.visionOSAssetUrl,
          macOsAssetUrl: update.macOSAssetUrl,
        });
      });
      return describeVersion(row);
    },

    /**
     * Submits or resubmits; like adding a version, only for a partner whose payout account is connected. The live
     * version stays on sale meanwhile; `releaseOnAcceptance` false keeps the accepted update off it until the partner
     * releases it.
     */
    async submitVersion(
      ownerId: string,
      itemType: ItemType,
      itemId: string,
      versionId: string,
      releaseOnAcceptance = true,
    ): Promise<AnyVersion> {
      await payments.requireConnectedAccount(ownerId);
      const item = await catalog.requireOwnedItem(ownerId, itemType, itemId);
      // read before the item is locked: a build's report is the file host's, and only errors or a validation still
      // running hold a submission back
      const submitted = isUuid(versionId) ? await repo.selectVersion(db, versionId) : undefined;
      const builds = submitted?.itemId === item.id ? buildsOf(submitted) : [];
      const blocker = await files.submissionBlocker(builds);
      const row = await changeItem(itemType, item, async (tx, slots, rows) => {
        const current = rows.find((r) => r.id === versionId);
        if (!current) throw new AppError('VersionNotFound');
        const submission = orRefuse(checkSubmit(slots, current));
        if (blocker) throw new AppError(blocker);
        // a build changed since its report was read: the new one's report has not been checked
        if (buildsOf(current).join() !== builds.join()) throw new AppError('BuildReportPending');
        const now = new Date();
        if (submission.kind === 'promote-testing' && slots.release) {
          await repo.updateVersion(tx, slots.release.id, { slot: 'history' });
        }
        return repo.updateVersion(tx, versionId, {
          slot: 'release',
          reviewStatus: 'SubmitedWaitingReview',
          unapproveReason: null,
          submittedAt: now,
          releaseOnAcceptance,
        });
      });
      await confirmSubmission(item.name, row);
      return describeVersion(row);
    },

    /** The partner puts an accepted version they chose to release by hand on sale. */
    async releaseVersion(ownerId: string, itemType: ItemType, versionId: string): Promise<AnyVersion> {
      const { item } = await ownedVersion(ownerId, itemType, versionId);
      const row = await changeItem(itemType, item, async (tx, _slots, rows) => {
        const current = rows.find((r) => r.id === versionId);
        if (!current) throw new AppError('VersionNotFound');
        const refusal = checkRelease(current);
        if (refusal) throw new AppError(refusal.refused);
        return repo.updateVersion(tx, versionId, { releasedAt: new Date() });
      });
      log.info({ versionId }, 'version released by its partner');
      return describeVersion(row);
    },

    /** What the marketplace serves for an item now: its live version's builds, for the AR app. */
    async liveItem(itemId: string): Promise<LiveItem> {
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
        files: {
          ios: version.iosAssetUrl,
          android: version.androidAssetUrl,
          visionOS: version.visionOsAssetUrl,
          macOS: version.macOsAssetUrl,
        },
      };
    },

    async takeDown(ownerId: string, itemType: ItemType, versionId: string): Promise<AnyVersion> {
      const { item } = await ownedVersion(ownerId, itemType, versionId);
      const row = await changeItem(itemType, item, async (tx, _slots, rows) => {
        const current = rows.find((r) => r.id === versionId);
        if (!current) throw new AppError('VersionNotFound');
        const refusal = checkTakeDown(current);
        if (refusal) throw new AppError(refusal.refused);
        return repo.updateVersion(tx, versionId, {
          status: 'TakeDown',
          takeDownRole: 'Developers',
          takeDownReason: null,
        });
      });
      return describeVersion(row);
    },

    // admin review

    /** Versions waiting for or under review, oldest submission first. */
    reviewQueue: reviewQueuePage,

    /** Released, active versions: what an admin may take down. */
    liveReleases: liveReleasesPage,

    startReview: (reviewerId: string, versionId: string) => reviewed(reviewerId, versionId, 'start'),
    acceptVersion: (reviewerId: string, versionId: string) => reviewed(reviewerId, versionId, 'accept'),
    rejectVersion: (reviewerId: string, versionId: string, reason: string) =>
      reviewed(reviewerId, versionId, 'reject', reason),

    /** An admin takes a live version off the marketplace; the partner sees the reason. */
    async adminTakeDown(versionId: string, reason: string): Promise<AnyVersion> {
      const { version, item } = await anyVersion(versionId);
      const row = await changeItem(version.itemType, item, async (tx, _slots, rows) => {
        const current = rows.find((r) => r.id === versionId);
        if (!current) throw new AppError('VersionNotFound');
        const refusal = checkTakeDown(current);
        if (refusal) throw new AppError(refusal.refused);
        return repo.updateVersion(tx, versionId, {
          status: 'TakeDown',
          takeDownRole: 'Admins',
          takeDownReason: reason,
        });
      });
      const name = `${item.name} version ${version.number}`;
      await notifyOwner('version-taken-down', row, `${name} was taken down`, 'Your version was taken down', [
        `Lumora's review team took ${name} (${typeLabel(version.itemType)}) off the marketplace. The reason:`,
        reason,
        'You can add and submit a new version from its Detail page.',
      ]);
      log.info({ versionId }, 'version taken down by an admin');
      return describeVersion(row);
    },

    /** The testing versions with builds of these partners' items, for their whitelisted testers. */
    async testingBuilds(ownerIds: string[]): Promise<TesterBuild[]> {
      const rows = await repo.selectTestingVersionsOf(db, ownerIds);
      return (await withItemsAndPartners(rows)).map(({ row, partner, summary }) => ({
        ...summary,
        partnerName: partner.businessName || partner.fullName,
        updatedAt: row.updatedAt.toISOString(),
      }));
    },

    isTestingBuild: (ownerId: string, url: string) => repo.isTestingBuild(db, ownerId, url),

    async listMessages(ownerId: string, itemType: ItemType, versionId: string): Promise<ReviewMessage[]> {
      await ownedVersion(ownerId, itemType, versionId);
      return conversation(versionId, { id: ownerId, asAdmin: false });
    },

    /** A partner writes to the reviewers about one of its versions. */
    async postMessage(
      ownerId: string,
      itemType: ItemType,
      versionId: string,
      message: string,
    ): Promise<ReviewMessage[]> {
      await ownedVersion(ownerId, itemType, versionId);
      await repo.insertReviewMessage(db, { versionId, authorId: ownerId, author: 'Partner', body: message });
      consoleChanged();
      return conversation(versionId, { id: ownerId, asAdmin: false });
    },

    /** The partner has been shown the conversation up to `lastMessageId`; answers what is still unread. */
    async markMessagesRead(
      ownerId: string,
      itemType: ItemType,
      versionId: string,
      lastMessageId: string,
    ): Promise<number> {
      await ownedVersion(ownerId, itemType, versionId);
      if (!isUuid(lastMessageId) || !(await repo.markConversationRead(db, versionId, lastMessageId))) {
        throw new AppError('NotFound');
      }
      listsChanged(ownerId);
      return (await repo.selectUnreadCounts(db, [versionId])).get(versionId) ?? 0;
    },

    async adminListMessages(adminId: string, versionId: string): Promise<ReviewMessage[]> {
      await anyVersion(versionId);
      return conversation(versionId, { id: adminId, asAdmin: true });
    },

    /** A reviewer writes to the partner of a version; the partner is mailed the message. */
    async adminPostMessage(adminId: string, versionId: string, message: string): Promise<ReviewMessage[]> {
      const { version, item } = await anyVersion(versionId);
      await repo.insertReviewMessage(db, { versionId, authorId: adminId, author: 'Reviewer', body: message });
      listsChanged(version.ownerId);
      consoleChanged();
      const name = `${item.name} version ${version.number}`;
      await notifyOwner(
        'review-message',
        version,
        `The review team wrote about ${name}`,
        'A message from the review team',
        [`Lumora's review team wrote about ${name}:`, message, 'You can answer from the version page.'],
        'version',
      );
      return conversation(versionId, { id: adminId, asAdmin: true });
    },
  };
}

export type VersionsService = ReturnType<typeof createVersionsService>;
