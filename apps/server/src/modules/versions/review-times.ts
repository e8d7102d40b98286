import { REVIEW_TIMES_WINDOW_DAYS, type ReviewStanding, type ReviewTimes } from '@portal/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { AccessService } from '../access/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import * as repo from './review-times-repository.ts';

export interface ReviewTimesDeps {
  db: Db;
  access: AccessService;
  catalog: CatalogService;
  now?: () => Date;
}

const DAY_MS = 86_400_000;
/** Queue entries read to find the oldest whose item still exists (an item deleted in review leaves its version). */
const QUEUE_HEAD = 10;

/**
 * Review times, read from the versions table alone (no log of review steps): a decision is a version accepted or
 * rejected, timed from its last submission to its last review step, counted once at its last decision.
 */
export function createReviewTimesService({ db, access, catalog, now = () => new Date() }: ReviewTimesDeps) {
  const windowStart = () => new Date(now().getTime() - REVIEW_TIMES_WINDOW_DAYS * DAY_MS);

  async function standingOf(version: repo.StandingVersion): Promise<ReviewStanding> {
    const [queue, decisions] = await Promise.all([
      repo.selectQueuePosition(db, version.id),
      repo.selectDecisionFigures(db, windowStart()),
    ]);
    return { versionId: version.id, reviewStatus: version.reviewStatus, ...queue, ...decisions };
  }

  return {
    /** Where a version stands in the queue and how long decisions take, whoever owns it (the submission mail). */
    async standing(versionId: string): Promise<ReviewStanding> {
      const version = isUuid(versionId) ? await repo.selectStandingVersion(db, versionId) : undefined;
      if (!version) throw new AppError('VersionNotFound');
      return standingOf(version);
    },

    /** The same for a version of the partner's own, live item; 404 for anyone else's. */
    async partnerStanding(ownerId: string, versionId: string): Promise<ReviewStanding> {
      const version = isUuid(versionId) ? await repo.selectStandingVersion(db, versionId) : undefined;
      if (!version || version.ownerId !== ownerId) throw new AppError('VersionNotFound');
      await catalog.requireOwnedItem(ownerId, version.itemType, version.itemId).catch(() => {
        throw new AppError('VersionNotFound');
      });
      return standingOf(version);
    },

    /** The review console's figures: overall, per reviewer, and the version waiting longest. */
    async figures(): Promise<ReviewTimes> {
      const since = windowStart();
      const [overall, byReviewer, waitingCount, head] = await Promise.all([
        repo.selectDecisionFigures(db, since),
        repo.selectReviewerFigures(db, since),
        repo.selectQueueLength(db),
        repo.selectQueueHead(db, QUEUE_HEAD),
      ]);
      const [items, people] = await Promise.all([
        catalog.summarizeItemsOf(head),
        access.summarizeUsers([
          ...new Set([
            ...byReviewer.flatMap((row) => (row.reviewerId ? [row.reviewerId] : [])),
            ...head.map((row) => row.ownerId),
          ]),
        ]),
      ]);
      const oldest = head.find((row) => items.has(row.itemId) && row.submittedAt);
      const partner = oldest && people.get(oldest.ownerId);
      return {
        windowDays: REVIEW_TIMES_WINDOW_DAYS,
        overall: { ...overall, waitingCount },
        reviewers: byReviewer.map(({ reviewerId, ...figures }) => ({
          reviewerId,
          name: reviewerId ? (people.get(reviewerId)?.fullName ?? 'Former reviewer') : 'Not recorded',
          ...figures,
        })),
        oldestWaiting: oldest
          ? {
              versionId: oldest.id,
              itemType: oldest.itemType,
              itemId: oldest.itemId,
              itemName: items.get(oldest.itemId)?.name ?? '',
              version: oldest.number,
              partnerName: partner ? partner.businessName || partner.fullName : 'Former partner',
              submittedAt: (oldest.submittedAt as Date).toISOString(),
            }
          : null,
      };
    },
  };
}

export type ReviewTimesService = ReturnType<typeof createReviewTimesService>;
