import {
  checkAdd,
  checkEdit,
  checkRelease,
  checkReview,
  checkSubmit,
  checkTakeDown,
  deriveProjectStatus,
  liveVersionOf,
  type ReviewAction,
  type Slots,
  slotsOf,
  type VersionUpdate,
} from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { FilesService } from '../files/service.ts';
import type { PaymentsService } from '../payments/service.ts';
import { type AnyVersion, buildsOf, type ItemType, type Lookup, orRefuse, type VersionedItem } from './lookup.ts';
import type { VersionMails } from './mails.ts';
import * as repo from './repository.ts';

export interface VersionChangesDeps {
  db: Db;
  log: FastifyBaseLogger;
  catalog: Pick<CatalogService, 'requireOwnedItem' | 'setProjectStatus' | 'statusesChanged'>;
  files: Pick<FilesService, 'requireOwnedBuilds' | 'submissionBlocker'>;
  payments: Pick<PaymentsService, 'requireConnectedAccount'>;
  lookup: Lookup;
  mails: VersionMails;
}

/**
 * Every change of a version, by its partner or a reviewer: each asks version-rules whether it is allowed and what it
 * leads to, inside `changeItem`'s transaction (DESIGN.md §3).
 */
export function createVersionChanges({ db, log, catalog, files, payments, lookup, mails }: VersionChangesDeps) {
  const { describeVersion, ownedVersion, anyVersion } = lookup;

  /**
   * Runs a change on an item's versions under lock, then stores what it leads to: the project status, the live
   * version, and whether the item is on the marketplace.
   */
  async function changeItem<T extends repo.VersionRow | undefined>(
    itemType: ItemType,
    item: VersionedItem,
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

  /** The version `versionId` among an item's locked versions. */
  function currentOf(rows: repo.VersionRow[], versionId: string): repo.VersionRow {
    const current = rows.find((row) => row.id === versionId);
    if (!current) throw new AppError('VersionNotFound');
    return current;
  }

  async function reviewed(
    reviewerId: string,
    versionId: string,
    action: ReviewAction,
    reason?: string,
  ): Promise<AnyVersion> {
    const { version, item } = await anyVersion(versionId);
    const updated = await changeItem(version.itemType, item, async (tx, _slots, rows) => {
      const current = currentOf(rows, versionId);
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
    if (action !== 'start') await mails.reviewed(item.name, updated, action, reason);
    log.info({ versionId, action }, 'version reviewed');
    return describeVersion(updated);
  }

  /** A take-down, by the partner or an admin: the version leaves the marketplace. */
  async function takeDown(
    itemType: ItemType,
    item: VersionedItem,
    versionId: string,
    by: { takeDownRole: 'Developers' | 'Admins'; takeDownReason: string | null },
  ) {
    return changeItem(itemType, item, async (tx, _slots, rows) => {
      const refusal = checkTakeDown(currentOf(rows, versionId));
      if (refusal) throw new AppError(refusal.refused);
      return repo.updateVersion(tx, versionId, { status: 'TakeDown', ...by });
    });
  }

  return {
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
        const reviewStatus = orRefuse(checkEdit(currentOf(rows, versionId), update.interruptReview));
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
        const current = currentOf(rows, versionId);
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
      await mails.submitted(item.name, row);
      return describeVersion(row);
    },

    /** The partner puts an accepted version they chose to release by hand on sale. */
    async releaseVersion(ownerId: string, itemType: ItemType, versionId: string): Promise<AnyVersion> {
      const { item } = await ownedVersion(ownerId, itemType, versionId);
      const row = await changeItem(itemType, item, async (tx, _slots, rows) => {
        const refusal = checkRelease(currentOf(rows, versionId));
        if (refusal) throw new AppError(refusal.refused);
        return repo.updateVersion(tx, versionId, { releasedAt: new Date() });
      });
      log.info({ versionId }, 'version released by its partner');
      return describeVersion(row);
    },

    async takeDown(ownerId: string, itemType: ItemType, versionId: string): Promise<AnyVersion> {
      const { item } = await ownedVersion(ownerId, itemType, versionId);
      const row = await takeDown(itemType, item, versionId, { takeDownRole: 'Developers', takeDownReason: null });
      return describeVersion(row);
    },

    // admin review

    startReview: (reviewerId: string, versionId: string) => reviewed(reviewerId, versionId, 'start'),
    acceptVersion: (reviewerId: string, versionId: string) => reviewed(reviewerId, versionId, 'accept'),
    rejectVersion: (reviewerId: string, versionId: string, reason: string) =>
      reviewed(reviewerId, versionId, 'reject', reason),

    /** An admin takes a live version off the marketplace; the partner sees the reason. */
    /** An admin's take-down: the version as it is now, and its item (which leaves the marketplace with it). */
    async adminTakeDown(
      versionId: string,
      reason: string,
    ): Promise<{ version: AnyVersion; itemType: ItemType; itemId: string }> {
      const { version, item } = await anyVersion(versionId);
      const row = await takeDown(version.itemType, item, versionId, { takeDownRole: 'Admins', takeDownReason: reason });
      await mails.takenDown(item.name, row, reason);
      log.info({ versionId }, 'version taken down by an admin');
      return { version: await describeVersion(row), itemType: version.itemType, itemId: item.id };
    },
  };
}
