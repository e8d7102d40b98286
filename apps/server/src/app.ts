import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { AppConfig } from './config.ts';
import { type Database, type Db, openDatabase } from './db/client.ts';
import { PREPARE_LOCK, prepareDatabase } from './db/setup.ts';
import { shiftableClock } from './lib/clock.ts';
import { createRateLimits } from './lib/rate-limits.ts';
import { rememberingCompressors } from './lib/serialized.ts';
import type { BeforeCacheStore } from './lib/ttl-cache.ts';
import { apiKeysRoutes } from './modules/access/api-keys-routes.ts';
import { type ApiKeysService, createApiKeysService } from './modules/access/api-keys-service.ts';
import { ensureAdmin } from './modules/access/demo.ts';
import { accessRoutes, accountRoutes } from './modules/access/routes.ts';
import { type AccessService, createAccessService } from './modules/access/service.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { createOverviewService, type OverviewService } from './modules/catalog/overview.ts';
import { overviewRoutes } from './modules/catalog/overview-routes.ts';
import { catalogRoutes, publicCatalogRoutes } from './modules/catalog/routes.ts';
import { type CatalogService, createCatalogService } from './modules/catalog/service.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { type ContentService, createContentService } from './modules/content/service.ts';
import { fileDownloadRoutes, filesRoutes } from './modules/files/routes.ts';
import { createFilesService, type FilesService, TEMP_FILE_MAX_AGE_MS } from './modules/files/service.ts';
import { gameAccessRoutes, registerGameHub } from './modules/gaming/routes.ts';
import { incomeAdminRoutes, incomeRoutes, marketplaceRoutes } from './modules/income/routes.ts';
import { createIncomeService, type IncomeDeps, type IncomeService } from './modules/income/service.ts';
import {
  expressOnboardingRoutes,
  paymentsRoutes,
  stripeWebhookRoutes,
  subscriptionRoutes,
} from './modules/payments/routes.ts';
import { createSandboxProvider } from './modules/payments/sandbox-provider.ts';
import { sandboxRoutes } from './modules/payments/sandbox-routes.ts';
import { createPaymentsService, type PaymentsService } from './modules/payments/service.ts';
import { createStripeProvider } from './modules/payments/stripe-provider.ts';
import { createSubscriptionsService, type SubscriptionsService } from './modules/payments/subscriptions.ts';
import { nearbyStageRoutes, stageRoutes } from './modules/stages/routes.ts';
import { createStagesService, type StagesService } from './modules/stages/service.ts';
import { testersRoutes } from './modules/testers/routes.ts';
import { createTestersService, type TestersService } from './modules/testers/service.ts';
import { createReviewTimesService, type ReviewTimesService } from './modules/versions/review-times.ts';
import { reviewStandingRoutes, reviewTimesAdminRoutes } from './modules/versions/review-times-routes.ts';
import { liveItemRoutes, modelVersionRoutes, productVersionRoutes } from './modules/versions/routes.ts';
import { createVersionsService, type VersionsService } from './modules/versions/service.ts';
import { adminOnly, authPlugin, keyAccess, signedIn } from './plugins/auth.ts';
import { clockControlRoutes } from './plugins/clock-control.ts';
import { clientErrorHandler, errorsPlugin, frameworkErrors, sendError } from './plugins/errors.ts';
import { type Jobs, type ScheduledJob, startPgBossJobs, startTimerJobs } from './plugins/jobs.ts';
import { type LogStream, loggerOptions, requestLoggerFactory } from './plugins/logging.ts';
import { createMailer, type Mailer } from './plugins/mailer/index.ts';
import { outboxRoutes } from './plugins/mailer/outbox-routes.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { connectRedis } from './plugins/redis.ts';
import { securityPlugin } from './plugins/security.ts';
import { createSerializerCompiler } from './plugins/serializer.ts';
import { createStorage } from './plugins/storage.ts';
import { webPlugin } from './plugins/web.ts';

export interface Services {
  access: AccessService;
  apiKeys: ApiKeysService;
  content: ContentService;
  catalog: CatalogService;
  payments: PaymentsService;
  files: FilesService;
  versions: VersionsService;
  testers: TestersService;
  income: IncomeService;
  subscriptions: SubscriptionsService;
  stages: StagesService;
  reviewTimes: ReviewTimesService;
  overview: OverviewService;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    /** The open database behind `db`, for what needs its locks. */
    database: Database;
    /** Set once the process is stopping: /readyz says so, so that the proxy sends no more requests. */
    readiness: { isStopping: boolean };
    mailer: Mailer;
    /** The Redis of multi-node mode; undefined on one node. */
    redis: Redis | undefined;
    services: Services;
  }
}

export interface BuildOptions {
  /** An open, migrated and seeded database (tests pass one); otherwise the app opens and prepares its own. */
  database?: Database;
  /**
   * False for no logs; else the config's level, or this one, written to stdout or this stream. The redaction and
   * serializers always apply.
   */
  logger?: false | { level?: string; stream?: LogStream };
  /** Tests only: holds a cache store between its load and its store, to replay a read racing a write. */
  beforeCacheStore?: BeforeCacheStore;
  /** Tests only: called after each step of a payout, to stop a settlement run there. */
  afterSettlementStep?: IncomeDeps['afterSettlementStep'];
  /** Tests only: the clock of income (sales, payout days, settlement runs). */
  incomeClock?: () => Date;
  /** Tests only: the clock of placements (the months bought, stages published and expiring). */
  placementClock?: () => Date;
}

/** Builds the whole server: partner API, file host, game API, static content and the web app. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : loggerOptions(options.logger?.level ?? config.logLevel, options.logger?.stream),
    childLoggerFactory: requestLoggerFactory,
    trustProxy: config.trustProxy,
    frameworkErrors,
    clientErrorHandler,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  // answers are checked against their contract outside production, where the tests run
  app.setSerializerCompiler(createSerializerCompiler(!config.isProduction));
  // Clients often send `content-type: application/json` with no body on action routes (PUT …/Submit/…):
  // an empty body is read as no body, anything else goes through Fastify's safe JSON parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, body as string, done);
  });

  const ownsDatabase = !options.database;
  const database = options.database ?? (await openDatabase(config));
  try {
    if (ownsDatabase) await prepareDatabase(database, config);
    const { admin } = config;
    // under the lock nodes prepare the database with: two nodes starting together create the admin once
    if (admin) await database.exclusive(PREPARE_LOCK, () => ensureAdmin(database.db, admin.email, admin.password));
  } catch (err) {
    if (ownsDatabase) await database.close();
    throw err;
  }
  let redis: Redis | undefined;
  try {
    redis = config.redisUrl ? await connectRedis(config.redisUrl, app.log) : undefined;
  } catch (err) {
    if (ownsDatabase) await database.close();
    throw err;
  }
  const rateLimits = createRateLimits({ redis, keyPrefix: `${config.redisPrefix}:limit` });
  const mailer = createMailer(config, database.db, app.log);

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('database', database);
  app.decorate('readiness', { isStopping: false });
  app.decorate('mailer', mailer);
  app.decorate('redis', redis);
  const deps = {
    db: database.db,
    mailer,
    config,
    log: app.log,
    beforeCacheStore: options.beforeCacheStore,
    rateLimits,
  };
  const sandbox = config.payments.mode === 'sandbox' ? createSandboxProvider(database.db, config) : undefined;
  const payoutProvider =
    config.payments.mode === 'stripe'
      ? createStripeProvider({
          ...config.payments,
          redirectUri: `${config.publicUrl}/stripe-connected`,
          expressStartUrl: (state) => `${config.publicUrl}/stripe/connect/express?${new URLSearchParams({ state })}`,
        })
      : sandbox;
  if (!payoutProvider) app.log.warn('payments are disabled: set STRIPE_SECRET_KEY and STRIPE_CLIENT_ID');
  const storage = createStorage(config);
  const access = createAccessService(deps);
  const content = createContentService(deps);
  // one clock for the months bought and the stages they let publish; tests move it
  const placementClockControl = shiftableClock(options.placementClock);
  const placementClock = () => placementClockControl.now();
  const subscriptions = createSubscriptionsService({
    ...deps,
    provider: payoutProvider,
    monthlyPrice: async () => (await content.getSettings()).partnerSubscriptionUnitPricePermonth,
    changed: (userId) => access.accountStatusChanged(userId),
    now: placementClock,
  });
  const payments = createPaymentsService({ ...deps, access, provider: payoutProvider, subscriptions });
  access.setAccountStatusProvider(payments);
  const files = createFilesService({ ...deps, storage });
  const catalog = createCatalogService({
    db: database.db,
    files,
    payments,
    cacheSeconds: config.cacheSeconds,
    beforeCacheStore: options.beforeCacheStore,
  });
  const reviewTimes = createReviewTimesService({ db: database.db, access, catalog });
  const versions = createVersionsService({
    ...deps,
    access,
    catalog,
    files,
    payments,
    reviewStanding: reviewTimes.standing,
  });
  const stages = createStagesService({
    ...deps,
    files,
    isSubscribed: async (userId) => (await subscriptions.stateOf(userId)).isSubscribed,
    now: placementClock,
  });
  const testers = createTestersService({ ...deps, access, versions });
  files.setTesterAccess(testers);
  const income = createIncomeService({
    ...deps,
    database,
    access,
    catalog,
    payments,
    afterSettlementStep: options.afterSettlementStep,
    ...(options.incomeClock ? { now: options.incomeClock } : {}),
  });
  app.decorate('services', {
    access,
    apiKeys: createApiKeysService(deps),
    stages,
    content,
    subscriptions,
    catalog,
    payments,
    files,
    versions,
    testers,
    income,
    reviewTimes,
    overview: createOverviewService({ db: database.db, income }),
  } satisfies Services);

  // Uploads killed with their process leave temporary files: none can be in flight before the server listens.
  app.addHook('onReady', async () => {
    await files.sweepTemp(0);
    // validations a stop cut off: their reports still say pending
    await files.resumeValidations();
  });
  const tempSweep = setInterval(() => {
    files.sweepTemp(TEMP_FILE_MAX_AGE_MS).catch((err: unknown) => app.log.warn({ err }, 'temporary file sweep failed'));
  }, TEMP_FILE_MAX_AGE_MS).unref();

  // the settlement of payout days: daily at 00:05 in Hong Kong, and once at start to finish what a stop left
  let jobs: Jobs | undefined;
  if (config.jobs) {
    const income = app.services.income;
    const dailyJobs: ScheduledJob[] = [
      {
        name: 'income-settlement',
        schedule: { hour: 0, minute: 5 },
        run: () => income.settlement.runScheduled(),
      },
      { name: 'stage-expiry', schedule: { everyMinutes: 5 }, run: () => stages.runExpiry() },
    ];
    app.addHook('onReady', async () => {
      jobs = config.databaseUrl
        ? await startPgBossJobs(config.databaseUrl, dailyJobs, app.log)
        : startTimerJobs(dailyJobs, app.log);
      for (const job of dailyJobs) {
        job.run().catch((err: unknown) => app.log.error({ err, job: job.name }, 'job failed at start'));
      }
    });
  }

  app.addHook('onClose', async () => {
    await jobs?.stop();
    await files.stopValidations();
    clearInterval(tempSweep);
    stages.nearbyIndex.stop();
    mailer.close();
    storage.close();
    if (ownsDatabase) await database.close();
    await redis?.quit().catch(() => redis?.disconnect());
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  // answers up to 64 KB are compressed in one call (the plugin's ceiling), so that a kept page is compressed once
  await app.register(compress, {
    global: true,
    threshold: 1024,
    syncThreshold: 64 * 1024,
    zlib: rememberingCompressors(),
  });
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${config.redisPrefix}:route-limit:` } : {}),
    errorResponseBuilder: (_request, context) => {
      const error = new Error(`Too many requests, please try again in ${Math.ceil(context.ttl / 1000)} seconds.`);
      return Object.assign(error, { statusCode: 429 });
    },
  });
  await app.register(openapiPlugin);
  await app.register(authPlugin);

  // The port opens once migrations, seeds and connections are up, so a node that answers is ready; one that is
  // stopping says so while it drains (SHUTDOWN_DRAIN_SECONDS), then answers 503 to everything (return503OnClosing)
  // until its requests in flight are done.
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) =>
    app.readiness.isStopping ? sendError(reply, 'ServiceUnavailable', 'This node is stopping.') : { status: 'ready' },
  );
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await database.db.execute('select 1');
    } catch {
      return sendError(reply, 'ServiceUnavailable', 'The database does not answer.');
    }
    if (redis) {
      try {
        await redis.ping();
      } catch {
        return sendError(reply, 'ServiceUnavailable', 'Redis does not answer.');
      }
    }
    try {
      await storage.check();
    } catch {
      return sendError(reply, 'ServiceUnavailable', 'The file storage does not answer.');
    }
    return { status: 'ok', database: database.kind, ...(redis ? { redis: 'ok' } : {}), storage: storage.kind };
  });

  await app.register(accessRoutes);
  await app.register(fileDownloadRoutes);
  await app.register(expressOnboardingRoutes);
  if (sandbox) await app.register(sandboxRoutes(sandbox, payments, subscriptions));
  if (config.payments.mode === 'stripe' && config.payments.webhookSecret) {
    await app.register(stripeWebhookRoutes(config.payments.webhookSecret));
  }
  await app.register(contentRoutes);
  await app.register(publicCatalogRoutes);
  await app.register(liveItemRoutes);
  await app.register(nearbyStageRoutes);
  await app.register(gameAccessRoutes);
  if (config.clockControl) await app.register(clockControlRoutes(placementClockControl, () => stages.runExpiry()));
  await app.register(
    signedIn(async (partner) => {
      // what an API key may do in each group (apiKeyRefusal in contracts); a group not wrapped here: read only
      await partner.register(keyAccess('none', accountRoutes));
      await partner.register(keyAccess('none', apiKeysRoutes));
      await partner.register(keyAccess('upload', filesRoutes));
      await partner.register(keyAccess('versions', productVersionRoutes));
      await partner.register(keyAccess('versions', modelVersionRoutes));
      await partner.register(keyAccess('read', testersRoutes));
      await partner.register(keyAccess('none', paymentsRoutes));
      await partner.register(keyAccess('none', subscriptionRoutes));
      await partner.register(keyAccess('read', stageRoutes));
      await partner.register(keyAccess('versions', catalogRoutes));
      await partner.register(keyAccess('read', incomeRoutes));
      await partner.register(reviewStandingRoutes);
      await partner.register(overviewRoutes);
    }),
  );
  // the realtime game server's hub, on the root instance: it takes its WebSocket upgrades from the HTTP server
  await registerGameHub(app);
  await app.register(adminOnly(adminRoutes));
  await app.register(adminOnly(incomeAdminRoutes));
  await app.register(adminOnly(reviewTimesAdminRoutes));
  if (config.marketplaceToken) await app.register(marketplaceRoutes(config.marketplaceToken));
  if (!config.isProduction && mailer.kind === 'outbox') await app.register(outboxRoutes);
  await app.register(webPlugin);

  return app;
}
