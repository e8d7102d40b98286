import {
  catalogItemTypeOf,
  itemDetailPath,
  itemTypeLabels,
  type ReviewStanding,
  submissionMailLines,
  versionPagePath,
} from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { renderMail } from '../../lib/mail-template.ts';
import type { Mailer, MailPurpose } from '../../plugins/mailer/index.ts';
import type { TeamService } from '../access/service.ts';
import * as repo from './repository.ts';

export interface VersionMailsDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<AppConfig, 'publicUrl'>;
  log: FastifyBaseLogger;
  /** Who of the version's studio is mailed about its review: Owner, Admins and Developers who have not muted it. */
  team: Pick<TeamService, 'recipients'>;
  /** Where a submitted version stands in the review queue, for the mail that confirms its submission. */
  reviewStanding?: (versionId: string) => Promise<ReviewStanding>;
}

const typeLabel = (itemType: repo.ItemType) => itemTypeLabels[itemType];
const nameOf = (itemName: string, version: repo.VersionRow) => `${itemName} version ${version.number}`;

/** What the partner is mailed about their versions: each review decision, a submission, a take-down, a message. */
export function createVersionMails({ db, mailer, config, log, team, reviewStanding }: VersionMailsDeps) {
  /**
   * Mails the version's studio (the members who act on reviews), with a link to its page; a mail that fails is logged
   * and never undoes the change.
   */
  async function notifyOwner(
    purpose: MailPurpose,
    version: repo.VersionRow,
    subject: string,
    heading: string,
    paragraphs: string[],
    page: 'detail' | 'version' = 'detail',
  ) {
    try {
      const recipients = await team.recipients(version.ownerId, 'review');
      const type = catalogItemTypeOf(version.itemType);
      const path =
        page === 'detail'
          ? itemDetailPath({ id: version.itemId, type })
          : versionPagePath({ itemId: version.itemId, versionId: version.id, type });
      const content = renderMail({
        subject,
        heading,
        paragraphs,
        action: {
          label: 'Open in the Partner Portal',
          url: `${config.publicUrl}${path}`,
        },
      });
      for (const to of recipients) await mailer.send({ purpose, to, ...content });
    } catch (err) {
      log.error({ err, versionId: version.id }, 'review notification failed');
    }
  }

  return {
    /** A reviewer accepted (released or held for the partner) or rejected the version. */
    async reviewed(itemName: string, version: repo.VersionRow, decision: 'accept' | 'reject', reason?: string) {
      const name = nameOf(itemName, version);
      if (decision === 'accept' && version.releasedAt) {
        await notifyOwner('version-released', version, `${name} is released`, 'Your version was accepted', [
          `${name} (${typeLabel(version.itemType)}) passed review and is now live in the Lumora marketplace.`,
        ]);
      } else if (decision === 'accept') {
        await notifyOwner('version-released', version, `${name} was accepted`, 'Your version is ready to release', [
          `${name} (${typeLabel(version.itemType)}) passed review. As you chose, it waits for you to release it:`,
          'press “Release this version” on its Detail page when you are ready. Until then the marketplace keeps the version it has.',
        ]);
      } else {
        await notifyOwner('version-rejected', version, `${name} was not accepted`, 'Your version needs changes', [
          `${name} (${typeLabel(version.itemType)}) was not accepted. The reviewer wrote:`,
          reason ?? '',
          'Edit the version on its Detail page, then submit it again.',
        ]);
      }
    },

    /** The version is in the queue: where it stands there and how long reviews take. */
    async submitted(itemName: string, version: repo.VersionRow) {
      const name = nameOf(itemName, version);
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
    },

    /** An admin took the version off the marketplace. */
    async takenDown(itemName: string, version: repo.VersionRow, reason: string) {
      const name = nameOf(itemName, version);
      await notifyOwner('version-taken-down', version, `${name} was taken down`, 'Your version was taken down', [
        `Lumora's review team took ${name} (${typeLabel(version.itemType)}) off the marketplace. The reason:`,
        reason,
        'You can add and submit a new version from its Detail page.',
      ]);
    },

    /** A reviewer wrote to the partner about the version. */
    async reviewerWrote(itemName: string, version: repo.VersionRow, message: string) {
      const name = nameOf(itemName, version);
      await notifyOwner(
        'review-message',
        version,
        `The review team wrote about ${name}`,
        'A message from the review team',
        [`Lumora's review team wrote about ${name}:`, message, 'You can answer from the version page.'],
        'version',
      );
    },
  };
}

export type VersionMails = ReturnType<typeof createVersionMails>;
