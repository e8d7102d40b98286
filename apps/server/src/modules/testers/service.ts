import { can, TESTING_BUILDS_PATH, type Tester, WHITELIST_MAX_ENTRIES, type WhitelistEntry } from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { EventEmitter } from '../../events.ts';
import { batchLoader } from '../../lib/batch.ts';
import { AppError, tooManyRequests } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { renderMail } from '../../lib/mail-template.ts';
import { createRateLimits, type RateLimits } from '../../lib/rate-limits.ts';
import type { Mailer } from '../../plugins/mailer/index.ts';
import type { AccessService, TeamService } from '../access/service.ts';
import type { VersionsService } from '../versions/service.ts';
import * as repo from './repository.ts';

export interface TestersDeps {
  db: Db;
  config: Pick<AppConfig, 'publicUrl' | 'rateLimits'>;
  log: FastifyBaseLogger;
  mailer: Mailer;
  events: EventEmitter;
  access: AccessService;
  team: TeamService;
  versions: VersionsService;
  rateLimits?: RateLimits;
}

const fullName = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`.trim();

const toEntry = (
  row: { id: string; createdAt: Date },
  tester: { email: string; fullName: string },
): WhitelistEntry => ({
  id: row.id,
  user: { email: tester.email, fullName: tester.fullName, profileUrl: null },
  createdAt: row.createdAt.toISOString(),
});

/** A partner's whitelist of testers: platform users who may install its testing builds. */
export function createTestersService({
  db,
  config,
  log,
  mailer,
  events,
  access,
  team,
  versions,
  rateLimits = createRateLimits(),
}: TestersDeps) {
  // the whitelist questions asked together (a partner's id, a person's id), read with one statement
  const loadWhitelisted = batchLoader(async (keys: string[]) => {
    const pairs = keys.map((key) => key.split(':') as [string, string]);
    const rows = await repo.selectWhitelistedPairs(
      db,
      pairs.map(([ownerId]) => ownerId),
      pairs.map(([, testerId]) => testerId),
    );
    return new Map(rows.map((row) => [`${row.ownerId}:${row.testerId}`, true]));
  });
  const isTesterOf = async (ownerId: string, userId: string): Promise<boolean> =>
    isUuid(ownerId) && isUuid(userId) && (await loadWhitelisted(`${ownerId}:${userId}`)) === true;

  const lookups = rateLimits.create('tester-lookups', config.rateLimits.testerLookups, 60 * 60 * 1000);
  const pageUrl = `${config.publicUrl}${TESTING_BUILDS_PATH}`;

  /** Tells a tester that a studio added or removed them; a mail that fails never undoes the change. */
  async function notifyTester(change: 'added' | 'removed', ownerId: string, testerId: string) {
    try {
      const people = await access.summarizeUsers([ownerId, testerId]);
      const owner = people.get(ownerId);
      const tester = people.get(testerId);
      if (!owner || !tester) return;
      // the name the test-distribution app shows beside the studio's builds
      const studio = owner.businessName || owner.fullName;
      const mail =
        change === 'added'
          ? {
              purpose: 'tester-added' as const,
              subject: `${studio} added you as a tester`,
              heading: 'You can test builds before they are released',
              paragraphs: [
                `${studio} added ${tester.email} to its testers on Lumora.`,
                'The testing version of each of its games and 3D models now appears on your Testing builds page ' +
                  'in the Partner Portal, and in the Lumora test-distribution app when you sign in with this email.',
              ],
            }
          : {
              purpose: 'tester-removed' as const,
              subject: `${studio} removed you from its testers`,
              heading: 'You are no longer a tester',
              paragraphs: [
                `${studio} removed ${tester.email} from its testers on Lumora.`,
                'Its testing versions no longer appear on your Testing builds page or in the test-distribution app.',
              ],
            };
      await mailer.send({
        purpose: mail.purpose,
        to: tester.email,
        ...renderMail({ ...mail, action: { label: 'Open Testing builds', url: pageUrl } }),
      });
    } catch (err) {
      log.error({ err, ownerId, testerId }, 'tester notification failed');
    }
  }

  /** The platform account behind an email; counted, so that a partner cannot sweep for who has an account. */
  async function platformUser(partnerId: string, email: string) {
    const wait = await lookups.take(partnerId);
    if (wait > 0) throw tooManyRequests(wait, 'lookups');
    const user = await access.findUserByEmail(email);
    if (!user) throw new AppError('TesterNotFound');
    return user;
  }

  return {
    async list(ownerId: string): Promise<{ data: WhitelistEntry[]; totalCount: number }> {
      const rows = await repo.selectWhitelist(db, ownerId);
      const testers = await access.summarizeUsers(rows.map((row) => row.testerId));
      // an entry outlives no account: entries cascade with their tester
      const data = rows.flatMap((row) => {
        const tester = testers.get(row.testerId);
        return tester ? [toEntry(row, tester)] : [];
      });
      return { data, totalCount: data.length };
    },

    /** The platform user with this email, as the Add Tester dialog previews it. */
    async search(partnerId: string, email: string): Promise<Tester> {
      const user = await platformUser(partnerId, email);
      return { email: user.email, fullName: fullName(user), profileUrl: null };
    },

    async add(ownerId: string, email: string): Promise<WhitelistEntry> {
      const user = await platformUser(ownerId, email);
      if (user.id === ownerId) throw new AppError('TesterIsYou');
      const row = await repo.insertWhitelistEntryWithin(db, ownerId, user.id, WHITELIST_MAX_ENTRIES).catch((err) => {
        throw isUniqueViolation(err) ? new AppError('TesterAlreadyAdded') : err;
      });
      if (!row) throw new AppError('WhitelistFull');
      log.info({ ownerId, testerId: user.id }, 'tester whitelisted');
      await notifyTester('added', ownerId, user.id);
      return toEntry(row, { email: user.email, fullName: fullName(user) });
    },

    async remove(ownerId: string, id: string): Promise<void> {
      const testerId = isUuid(id) ? await repo.deleteWhitelistEntry(db, ownerId, id) : undefined;
      if (!testerId) throw new AppError('WhitelistEntryNotFound');
      events.emit('testerRemoved', { ownerId, testerId });
      log.info({ ownerId, testerId }, 'tester removed');
      await notifyTester('removed', ownerId, testerId);
    },

    /** What the test-distribution app offers this user: the testing builds of every partner whitelisting them. */
    async builds(testerId: string) {
      return versions.testingBuilds(await repo.selectOwnersWhitelisting(db, testerId));
    },

    /** Whether a user is on a partner's whitelist (the questions asked together answered by one statement). */
    isTesterOf,

    /**
     * Whether a user may download a studio's build: a member whose role ships builds, or a whitelisted tester while
     * it is in a testing version.
     */
    async canInstall(viewerId: string, ownerId: string, url: string): Promise<boolean> {
      const role = await team.roleOf(ownerId, viewerId);
      if (role && can(role, 'builds')) return true;
      return (await isTesterOf(ownerId, viewerId)) && versions.isTestingBuild(ownerId, url);
    },
  };
}

export type TestersService = ReturnType<typeof createTestersService>;
