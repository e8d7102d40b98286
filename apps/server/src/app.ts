import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import { isApiKeySecret } from '@portal/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { AppConfig } from './config.ts';
import { type Database, type Db, openDatabase } from './db/client.ts';
import { PREPARE_LOCK } from './db/setup.ts';
import { createRateLimits } from './lib/rate-limits.ts';
import { resolveSecretKey } from './lib/secret-key.ts';
import { rememberingCompressors } from './lib/serialized.ts';
import { ensureAdmin } from './modules/access/demo.ts';
import { TEMP_FILE_MAX_AGE_MS } from './modules/files/service.ts';
import { authPlugin } from './plugins/auth.ts';
import { clientErrorHandler, errorsPlugin, frameworkErrors, sendError } from './plugins/errors.ts';
import { type Jobs, type ScheduledJob, startPgBossJobs, startTimerJobs } from './plugins/jobs.ts';
import { type LogStream, loggerOptions, requestLoggerFactory } from './plugins/logging.ts';
import { createMailer, type Mailer } from './plugins/mailer/index.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { connectRedis } from './plugins/redis.ts';
import { securityPlugin } from './plugins/security.ts';
import { createSerializerCompiler } from './plugins/serializer.ts';
import { createStorage } from './plugins/storage.ts';
import { registerRoutes } from './routes.ts';
import { prepareDatabase } from './seed.ts';
import { createServices, type Services, type TestSeams } from './services.ts';

export type { Services } from './services.ts';

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
  /** Tests only: the seam through which they reach inside (services.ts). */
  seams?: TestSeams;
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
  const storage = createStorage(config);
  const { services, events, sandbox, placementClock } = createServices({
    config,
    database,
    mailer,
    storage,
    log: app.log,
    rateLimits,
    secretKey: await resolveSecretKey(config),
    redis,
    ...(options.seams ? { seams: options.seams } : {}),
  });
  const { files, stages, income } = services;
  app.decorate('services', services);

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
    const dailyJobs: ScheduledJob[] = [
      {
        name: 'income-settlement',
        schedule: { hour: 0, minute: 5 },
        run: () => income.settlement.runScheduled(),
      },
      { name: 'stage-expiry', schedule: { everyMinutes: 5 }, run: () => stages.runExpiry() },
      // play analytics: today's figures current within a minute, raw events kept ANALYTICS_RAW_DAYS
      { name: 'analytics-rollup', schedule: { everyMinutes: 1 }, run: () => services.analytics.runRollups() },
      // a request to turn two-step sign-in off by email takes effect once its wait is over
      {
        name: 'two-factor-recovery',
        schedule: { everyMinutes: 15 },
        run: () => services.access.completeDueRecoveries(),
      },
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
    // the play events still waiting, before the database closes
    await services.analytics.close();
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
  await app.register(authPlugin, {
    authenticate: (token, clientIp) =>
      isApiKeySecret(token) ? services.apiKeys.authenticate(token, clientIp) : services.access.authenticate(token),
    resolveStudio: (userId, requestedStudioId) => services.team.resolve(userId, requestedStudioId),
  });

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

  await registerRoutes(app, { sandbox, placementClock, events });

  return app;
}
