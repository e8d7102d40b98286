import type { ReviewStanding } from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Caches } from '../../caches.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { EventEmitter } from '../../events.ts';
import type { Mailer } from '../../plugins/mailer/index.ts';
import type { AccessService, TeamService } from '../access/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { FilesService } from '../files/service.ts';
import type { PaymentsService } from '../payments/service.ts';
import { createVersionChanges } from './changes.ts';
import { createLookup } from './lookup.ts';
import { createVersionMails } from './mails.ts';
import { createVersionReads } from './reads.ts';
import { createReview } from './review.ts';

export type { ItemType } from './lookup.ts';

export interface VersionsDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<AppConfig, 'publicUrl'>;
  log: FastifyBaseLogger;
  events: EventEmitter;
  caches: Pick<Caches, 'versionLists' | 'consolePages'>;
  access: AccessService;
  /** Who of a studio is mailed about its versions' reviews. */
  team: TeamService;
  catalog: CatalogService;
  files: FilesService;
  payments: PaymentsService;
  /** Where a submitted version stands in the review queue, for the mail that confirms its submission. */
  reviewStanding?: (versionId: string) => Promise<ReviewStanding>;
}

/**
 * Versions of products and models and the review state machine of DESIGN.md §3, in four parts: the changes
 * (changes.ts, every write through version-rules), the reads (reads.ts), the review console and its conversations
 * (review.ts), and the mails to the partner (mails.ts); lookup.ts is what they share.
 */
export function createVersionsService(deps: VersionsDeps) {
  const lookup = createLookup(deps);
  const mails = createVersionMails(deps);
  return {
    ...createVersionReads({ ...deps, lookup }),
    ...createVersionChanges({ ...deps, lookup, mails }),
    ...createReview({ ...deps, lookup, mails }),
    /** The studio a version belongs to, for the audit log of a reviewer's act; undefined when it is gone. */
    async studioOfVersion(versionId: string): Promise<string | undefined> {
      return lookup.anyVersion(versionId).then(
        ({ item }) => item.ownerId,
        () => undefined,
      );
    },
  };
}

export type VersionsService = ReturnType<typeof createVersionsService>;
