import { STRIPE_CONNECTED_PATH } from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { createCaches } from './caches.ts';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { EventBus, type EventSubscriber } from './events.ts';
import { type Clock, shiftableClock } from './lib/clock.ts';
import type { RateLimits } from './lib/rate-limits.ts';
import type { BeforeCacheStore } from './lib/ttl-cache.ts';
import { type ApiKeysService, createApiKeysService } from './modules/access/api-keys-service.ts';
import { type AccessService, createAccessService } from './modules/access/service.ts';
import { createTeamService, type TeamService } from './modules/access/team-service.ts';
import { type AnalyticsService, createAnalyticsService } from './modules/analytics/service.ts';
import { type AuditService, createAuditService } from './modules/audit/service.ts';
import { type CatalogService, createCatalogService } from './modules/catalog/service.ts';
import { type ContentService, createContentService } from './modules/content/service.ts';
import { createFilesService, type FilesService } from './modules/files/service.ts';
import { createIncomeService, type IncomeService } from './modules/income/service.ts';
import type { SettlementStep } from './modules/income/settlement.ts';
import { createOverviewService, type OverviewService } from './modules/overview/service.ts';
import { createProfiles, type Profiles } from './modules/payments/profiles.ts';
import { createSandboxProvider, type SandboxProvider } from './modules/payments/sandbox-provider.ts';
import { createPaymentsService, type PaymentsService } from './modules/payments/service.ts';
import { createStripeProvider } from './modules/payments/stripe-provider.ts';
import { createSubscriptionsService, type SubscriptionsService } from './modules/payments/subscriptions.ts';
import { createStagesService, type StagesService } from './modules/stages/service.ts';
import { createTestersService, type TestersService } from './modules/testers/service.ts';
import { createReviewTimesService, type ReviewTimesService } from './modules/versions/review-times.ts';
import { createVersionsService, type VersionsService } from './modules/versions/service.ts';
import type { Mailer } from './plugins/mailer/index.ts';
import type { FileStorage } from './plugins/storage.ts';

/**
 * Tests only: the one seam through which tests reach inside the server. Nothing in production sets it.
 */
export interface TestSeams {
  /** Holds a cache store between its load and its store, to replay a read racing a write. */
  beforeCacheStore?: BeforeCacheStore;
  /** Called after each step of a payout, to stop a settlement run there. */
  afterSettlementStep?: (step: SettlementStep, payout: { id: string; partnerId: string }) => Promise<void> | void;
  /** The clock of income (sales, payout days, settlement runs). */
  incomeClock?: () => Date;
  /** The clock of placements (the months bought, stages published and expiring). */
  placementClock?: () => Date;
}

/** What every service is built from: the open infrastructure of one node. */
export interface ServiceDeps {
  config: AppConfig;
  database: Database;
  mailer: Mailer;
  storage: FileStorage;
  log: FastifyBaseLogger;
  /** Where the counted limits count: this process, or Redis past one node. */
  rateLimits: RateLimits;
  /** The key of what is hashed of short secrets (lib/secret-key.ts). */
  secretKey: string;
  /** Redis past one node: where play analytics' live counts meet. */
  redis?: Redis | undefined;
  seams?: TestSeams;
}

export interface Services {
  access: AccessService;
  apiKeys: ApiKeysService;
  team: TeamService;
  audit: AuditService;
  content: ContentService;
  files: FilesService;
  payments: PaymentsService;
  subscriptions: SubscriptionsService;
  profiles: Profiles;
  catalog: CatalogService;
  versions: VersionsService;
  reviewTimes: ReviewTimesService;
  testers: TestersService;
  income: IncomeService;
  stages: StagesService;
  analytics: AnalyticsService;
  overview: OverviewService;
}

/** The services and what the server around them needs of their construction. */
export interface ComposedServices {
  services: Services;
  /** What the services tell each other, for the game hub above them, which ends connections and games on it. */
  events: EventSubscriber;
  /** The local sandbox of payments, when it stands in for Stripe. */
  sandbox: SandboxProvider | undefined;
  /** The placement clock, which the clock-control routes of tests move. */
  placementClock: Clock;
}

/**
 * Builds every service, a layer at a time (docs/ARCHITECTURE.md): each takes the services of the layers below it,
 * and nothing is wired after construction. What a lower module must learn of a higher one's data comes through
 * `events`; what a lower module's routes need of a higher one is handed to them by app.ts.
 */
export function createServices({
  config,
  database,
  mailer,
  storage,
  log,
  rateLimits,
  secretKey,
  redis,
  seams = {},
}: ServiceDeps): ComposedServices {
  const { db } = database;
  const events = new EventBus();
  const caches = createCaches(events, { cacheSeconds: config.cacheSeconds, beforeStore: seams.beforeCacheStore });
  const placementClock = shiftableClock(seams.placementClock);
  const placementNow = () => placementClock.now();
  const incomeNow = seams.incomeClock ?? (() => new Date());
  const base = { db, mailer, log };

  // audit
  const audit = createAuditService({ db, log });

  // access, content, files
  const access = createAccessService({ ...base, config, events, caches, audit, rateLimits, secretKey });
  const apiKeys = createApiKeysService({ db, log, events, caches, rateLimits });
  const team = createTeamService({ ...base, config, events, caches, secretKey });
  const content = createContentService({ ...base, config });
  const files = createFilesService({ db, config, storage, log, secretKey });

  // payments
  const sandbox = config.payments.mode === 'sandbox' ? createSandboxProvider(db, config) : undefined;
  const payoutProvider =
    config.payments.mode === 'stripe'
      ? createStripeProvider({
          ...config.payments,
          redirectUri: `${config.publicUrl}${STRIPE_CONNECTED_PATH}`,
          expressStartUrl: (state) => `${config.publicUrl}/stripe/connect/express?${new URLSearchParams({ state })}`,
        })
      : sandbox;
  if (!payoutProvider) log.warn('payments are disabled: set STRIPE_SECRET_KEY and STRIPE_CLIENT_ID');
  const subscriptions = createSubscriptionsService({
    ...base,
    team,
    config,
    events,
    provider: payoutProvider,
    monthlyPrice: async () => (await content.getSettings()).partnerSubscriptionUnitPricePermonth,
    now: placementNow,
  });
  const payments = createPaymentsService({
    ...base,
    config,
    events,
    access,
    provider: payoutProvider,
    subscriptions,
  });
  const profiles = createProfiles({ access, payments, caches });

  // catalog
  const catalog = createCatalogService({ db, events, caches, files, payments });

  // versions
  const reviewTimes = createReviewTimesService({ db, access, catalog });
  const versions = createVersionsService({
    ...base,
    config,
    events,
    caches,
    access,
    team,
    catalog,
    files,
    payments,
    reviewStanding: reviewTimes.standing,
  });

  // testers, income, stages
  const testers = createTestersService({ ...base, config, events, access, team, versions, rateLimits });
  const income = createIncomeService({
    database,
    mailer,
    log,
    config,
    events,
    caches,
    access,
    team,
    catalog,
    versions,
    payments,
    now: incomeNow,
    afterSettlementStep: seams.afterSettlementStep,
  });
  const stages = createStagesService({
    ...base,
    config,
    access,
    files,
    catalog,
    versions,
    subscriptions,
    now: placementNow,
  });

  // analytics
  const analytics = createAnalyticsService({
    db,
    config,
    log,
    caches,
    events,
    secretKey,
    team,
    testers,
    catalog,
    stages,
    income,
    redis,
    redisPrefix: config.redisPrefix,
  });

  // overview
  const overview = createOverviewService({ catalog, versions, income });

  return {
    services: {
      access,
      apiKeys,
      team,
      audit,
      content,
      files,
      payments,
      subscriptions,
      profiles,
      catalog,
      versions,
      reviewTimes,
      testers,
      income,
      stages,
      analytics,
      overview,
    },
    events,
    sandbox,
    placementClock,
  };
}
