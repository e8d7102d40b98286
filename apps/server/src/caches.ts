import type {
  AnalyticsItem,
  AnalyticsSummary,
  ApiKeyScope,
  Model,
  ModelPage,
  ModelVersionsResponse,
  Product,
  ProductPage,
  ProductVersionsResponse,
  Profile,
  ReviewQueueItem,
  StudioRole,
} from '@portal/contracts';
import type { EventBus } from './events.ts';
import { type BeforeCacheStore, TtlCache } from './lib/ttl-cache.ts';
import type { AuthUser } from './plugins/auth.ts';

/** A live session as the sessions cache keeps it; `expiresAt` in milliseconds. */
export type CachedSession = Omit<AuthUser, 'studio'> & { expiresAt: number };

/** A person's role in a studio (or their default studio and role there), as the memberships cache keeps it. */
export interface CachedMembership {
  studioId: string;
  role: StudioRole;
}

/** A live API key as the keys cache keeps it. */
export interface CachedApiKey {
  keyId: string;
  /** The member who made the key: it acts as them, in `studioId`. */
  userId: string;
  studioId: string;
  email: string;
  scopes: ApiKeyScope[];
  /** Milliseconds since the epoch; infinite for a key that never expires. */
  expiresAt: number;
}

/** A partner's profile, and when (by the placement clock) its subscription flag next changes by itself. */
export interface CachedProfile {
  profile: Profile;
  changesAt: number;
}

/** A page of the review console's lists. */
export interface ConsolePage {
  data: ReviewQueueItem[];
  totalCount: number;
}

export interface CacheOptions {
  /** CACHE_SECONDS: how long an entry may be reused; 0 turns every cache off (and multi-node mode does). */
  cacheSeconds: number;
  /** Tests only: holds a store between its load and its store, to replay a read racing a write. */
  beforeStore?: BeforeCacheStore;
}

/**
 * Every in-process cache of the server, with its lifetime and the events that drop it. Each lives CACHE_SECONDS
 * at most (config.ts turns them all off in multi-node mode, where a write on one node could not drop another
 * node's entries before it answers), is capped in entries, and is told of writes only through `events`. A load
 * that a drop overtakes is not stored (TtlCache's generations), so a read racing a write cannot keep what the
 * write replaced.
 *
 * | cache | key (group) | also ends | dropped by |
 * |---|---|---|---|
 * | sessions | token hash (session) | at the session's end | sessionsEnded |
 * | apiKeys | secret hash (key) | at the key's expiry | apiKeyRevoked |
 * | memberships | person and studio: their role there, and their default studio | | membershipChanged |
 * | profiles | partner | when a paid month starts or ends (placement clock) | profileChanged, accountStatusChanged |
 * | catalogPages | partner: list pages, games, 3D models | | itemsChanged |
 * | versionLists | partner: an item's versions, per item type | | itemsChanged, conversationChanged |
 * | consolePages | every admin alike: queue and live releases | | itemsChanged, conversationChanged, profileChanged |
 * | incomeCounts | partner: the count of a filter | | salesChanged |
 * | analyticsAnswers | studio: a summary, an item's figures, by range | | analyticsRolledUp, salesChanged, itemsChanged |
 *
 * Not here: the nearby index of the stages module (every published stage's place, kept in step with every node's
 * writes through the database; NEARBY_SYNC_MS) and the nearby answers' stage JSON (NEARBY_CACHE_MB), which follow
 * each stage's revision rather than a lifetime.
 */
export function createCaches(events: Pick<EventBus, 'on'>, { cacheSeconds, beforeStore }: CacheOptions) {
  const cache = <V>(name: string, maxEntries: number) =>
    new TtlCache<V>({ name, ttlMs: cacheSeconds * 1000, maxEntries, beforeStore });
  const caches = {
    sessions: cache<CachedSession>('sessions', 50_000),
    apiKeys: cache<CachedApiKey>('api-keys', 50_000),
    memberships: cache<CachedMembership>('memberships', 50_000),
    profiles: cache<CachedProfile>('profiles', 50_000),
    catalogPages: cache<ProductPage | ModelPage | Product | Model>('catalog-pages', 20_000),
    versionLists: {
      Product: cache<ProductVersionsResponse | ModelVersionsResponse>('product-version-lists', 20_000),
      Model: cache<ProductVersionsResponse | ModelVersionsResponse>('model-version-lists', 20_000),
    },
    consolePages: cache<ConsolePage>('console-pages', 1_000),
    incomeCounts: cache<number>('income-counts', 10_000),
    analyticsAnswers: cache<AnalyticsSummary | AnalyticsItem>('analytics-answers', 2_000),
  };
  const dropVersionLists = (ownerId: string) => {
    caches.versionLists.Product.deleteGroup(ownerId);
    caches.versionLists.Model.deleteGroup(ownerId);
  };
  const dropConsole = () => caches.consolePages.deleteGroup(CONSOLE_GROUP);

  events.on('sessionsEnded', ({ sessionIds }) => {
    for (const sessionId of sessionIds) caches.sessions.deleteGroup(sessionId);
  });
  events.on('apiKeyRevoked', ({ keyId }) => caches.apiKeys.deleteGroup(keyId));
  events.on('membershipChanged', ({ userId }) => caches.memberships.deleteGroup(userId));
  events.on('profileChanged', ({ userId }) => {
    caches.profiles.deleteGroup(userId);
    dropConsole();
  });
  events.on('accountStatusChanged', ({ userId }) => caches.profiles.deleteGroup(userId));
  events.on('itemsChanged', ({ ownerId }) => {
    caches.catalogPages.deleteGroup(ownerId);
    caches.analyticsAnswers.deleteGroup(ownerId);
    dropVersionLists(ownerId);
    dropConsole();
  });
  events.on('conversationChanged', ({ ownerId }) => {
    dropVersionLists(ownerId);
    dropConsole();
  });
  events.on('salesChanged', ({ ownerId }) => {
    caches.incomeCounts.deleteGroup(ownerId);
    caches.analyticsAnswers.deleteGroup(ownerId);
  });
  events.on('analyticsRolledUp', ({ ownerIds }) => {
    for (const ownerId of ownerIds) caches.analyticsAnswers.deleteGroup(ownerId);
  });
  return caches;
}

/** The one group of the console's pages: they are the same for every admin. */
export const CONSOLE_GROUP = 'console';

export type Caches = ReturnType<typeof createCaches>;
