import { hasPartnerReplied, type PageQuery, type ReviewMessage, type ReviewQueueItem } from '@portal/contracts';
import { type Caches, CONSOLE_GROUP, type ConsolePage } from '../../caches.ts';
import type { Db } from '../../db/client.ts';
import { pageBounds } from '../../db/paging.ts';
import type { EventEmitter } from '../../events.ts';
import { batchLoaderBy } from '../../lib/batch.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { isoTimeOrNull } from '../../lib/iso-time.ts';
import type { AccessService } from '../access/service.ts';
import type { ItemType, Lookup } from './lookup.ts';
import type { VersionMails } from './mails.ts';
import * as repo from './repository.ts';

export interface ReviewDeps {
  db: Db;
  events: EventEmitter;
  caches: Pick<Caches, 'consolePages'>;
  access: Pick<AccessService, 'summarizeUsers'>;
  lookup: Lookup;
  mails: VersionMails;
}

/** The review console's lists, and the conversation between a version's partner and the reviewers. */
export function createReview({ db, events, caches, access, lookup, mails }: ReviewDeps) {
  const conversationChanged = (ownerId: string) => events.emit('conversationChanged', { ownerId });

  /** Versions with their item, partner and conversation, for the review console. */
  async function describeForAdmins(rows: repo.ConsoleRow[]): Promise<ReviewQueueItem[]> {
    return (await lookup.withItemsAndPartners(rows)).map(({ row, partner, summary }) => ({
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

  /**
   * A console list's pages, the same for every admin and kept as one group: the pages that requests arriving
   * together ask for are read with one statement.
   */
  function consolePages(list: string, select: typeof repo.selectReviewQueuePages) {
    const load = batchLoaderBy(
      (wanted: repo.ConsolePageWanted) => `${wanted.limit}|${wanted.offset}`,
      (pages: repo.ConsolePageWanted[]) => select(db, pages),
    );
    return async (page: PageQuery): Promise<ConsolePage> => {
      return caches.consolePages.readIn(CONSOLE_GROUP, `${list}:${page.PageIndex}:${page.PageSize}`, async () => {
        const { rows, total } = (await load(pageBounds(page.PageIndex, page.PageSize))) ?? { rows: [], total: 0 };
        return { data: await describeForAdmins(rows), totalCount: total };
      });
    };
  }

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

  return {
    /** Versions waiting for or under review, oldest submission first. */
    reviewQueue: consolePages('queue', repo.selectReviewQueuePages),

    /** Released, active versions: what an admin may take down. */
    liveReleases: consolePages('releases', repo.selectLiveReleasesPages),

    async listMessages(ownerId: string, itemType: ItemType, versionId: string): Promise<ReviewMessage[]> {
      await lookup.ownedVersion(ownerId, itemType, versionId);
      return conversation(versionId, { id: ownerId, asAdmin: false });
    },

    /** A partner writes to the reviewers about one of its versions. */
    async postMessage(
      ownerId: string,
      itemType: ItemType,
      versionId: string,
      message: string,
    ): Promise<ReviewMessage[]> {
      await lookup.ownedVersion(ownerId, itemType, versionId);
      await repo.insertReviewMessage(db, { versionId, authorId: ownerId, author: 'Partner', body: message });
      conversationChanged(ownerId);
      return conversation(versionId, { id: ownerId, asAdmin: false });
    },

    /** The partner has been shown the conversation up to `lastMessageId`; answers what is still unread. */
    async markMessagesRead(
      ownerId: string,
      itemType: ItemType,
      versionId: string,
      lastMessageId: string,
    ): Promise<number> {
      await lookup.ownedVersion(ownerId, itemType, versionId);
      if (!isUuid(lastMessageId) || !(await repo.markConversationRead(db, versionId, lastMessageId))) {
        throw new AppError('NotFound');
      }
      conversationChanged(ownerId);
      return (await repo.selectUnreadCounts(db, [versionId])).get(versionId) ?? 0;
    },

    async adminListMessages(adminId: string, versionId: string): Promise<ReviewMessage[]> {
      await lookup.anyVersion(versionId);
      return conversation(versionId, { id: adminId, asAdmin: true });
    },

    /** A reviewer writes to the partner of a version; the partner is mailed the message. */
    async adminPostMessage(adminId: string, versionId: string, message: string): Promise<ReviewMessage[]> {
      const { version, item } = await lookup.anyVersion(versionId);
      await repo.insertReviewMessage(db, { versionId, authorId: adminId, author: 'Reviewer', body: message });
      conversationChanged(version.ownerId);
      await mails.reviewerWrote(item.name, version, message);
      return conversation(versionId, { id: adminId, asAdmin: true });
    },
  };
}
