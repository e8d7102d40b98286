import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type BuildBudgets,
  buildBudgetOverridesSchema,
  DEFAULT_ANALYTICS_MIN_PLAYERS,
  DEFAULT_ANALYTICS_QUEUE_EVENTS,
  DEFAULT_ANALYTICS_RAW_DAYS,
  type FeeRates,
  withBudgetOverrides,
} from '@portal/contracts';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.url().optional());

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'));

/** Every environment variable the server reads. Documented in the README and `.env.example`. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Default: every interface in production (the container), this machine only otherwise. */
  HOST: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// or postgresql://' })
        .optional(),
    ),
  REDIS_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(
      z
        .string()
        .regex(/^rediss?:\/\//, { error: 'must start with redis:// or rediss://' })
        .optional(),
    ),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(60).default(0),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.-]{1,64}$/, { error: 'letters, digits, dots, dashes and underscores only, at most 64' })
    .default('portal'),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  API_BASE_URL: z.string().default(''),
  FILE_BASE_URL: z.string().default(''),
  GAME_API_BASE_URL: z.string().default(''),
  /** Where this process serves the game API host's paths: '/game' beside the partner API, '' on a host of its own. */
  GAME_ROUTES_PREFIX: z
    .string()
    .regex(/^(\/[A-Za-z0-9_-]+)*$/, { error: "GAME_ROUTES_PREFIX must be '' or a path such as /game" })
    .default('/game'),
  STATIC_BASE_URL: z.string().default(''),
  /** The map tiles of the placement page, as `https://tiles.example/{z}/{x}/{y}.png`; empty: a grid, no tiles. */
  MAP_TILE_URL: z
    .string()
    .default('')
    .refine((value) => value === '' || /^https?:\/\/[^\s]+\{z\}[^\s]*\{x\}[^\s]*\{y\}/.test(value), {
      error: 'MAP_TILE_URL must be an http(s) URL template with {z}, {x} and {y}',
    }),
  WEB_ORIGIN: z
    .string()
    .optional()
    .transform((v) =>
      v
        ?.split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url().transform((url) => new URL(url).origin)).optional()),
  API_DOCS: booleanFlag,
  ADMIN_REQUIRE_2FA: booleanFlag,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Partner Portal <no-reply@partners.example.com>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: booleanFlag,
  DEMO_PROJECTS: booleanFlag,
  TRUST_PROXY: booleanFlag,
  SECRET_KEY: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= 32, { error: 'SECRET_KEY must be at least 32 characters' }),
  JOBS: booleanFlag,
  CLOCK_CONTROL: booleanFlag,
  PAYMENTS: z.enum(['auto', 'stripe', 'sandbox']).default('auto'),
  STRIPE_SECRET_KEY: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  STRIPE_CLIENT_ID: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  STRIPE_API_BASE: optionalUrl,
  FILE_STORAGE: z
    .string()
    .default('disk')
    .pipe(
      z
        .string()
        .regex(/^(disk|s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?)$/, { error: 'must be "disk" or s3://bucket' }),
    ),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().default('us-east-1'),
  S3_PUBLIC_URL: optionalUrl,
  BUILD_DOWNLOADS: z.enum(['proxy', 'redirect']).default('proxy'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  ADMIN_EMAIL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.email().optional()),
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.string().min(8, { error: 'must be at least 8 characters' }).optional()),
  CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  NEARBY_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(256),
  NEARBY_SYNC_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  HUB_CONNECTIONS_PER_USER: z.coerce.number().int().min(1).max(1000).default(20),
  ANALYTICS_MIN_PLAYERS: z.coerce.number().int().min(1).max(1000).default(DEFAULT_ANALYTICS_MIN_PLAYERS),
  ANALYTICS_RAW_DAYS: z.coerce.number().int().min(1).max(3650).default(DEFAULT_ANALYTICS_RAW_DAYS),
  ANALYTICS_QUEUE_EVENTS: z.coerce.number().int().min(1).max(10_000_000).default(DEFAULT_ANALYTICS_QUEUE_EVENTS),
  MARKETPLACE_TOKEN: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.string().min(24, { error: 'must be at least 24 characters' }).optional()),
  PAYMENT_PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(100).default(2.9),
  PAYMENT_PLATFORM_FEE_FIXED_CENTS: z.coerce.number().int().min(0).max(10_000).default(30),
  PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(100).default(20),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  RATE_LIMIT_LOGIN_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_LOGIN_PER_EMAIL_CEILING: z.coerce.number().int().min(1).default(100),
  RATE_LIMIT_LOGIN_PER_IP: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_CODES_PER_EMAIL: z.coerce.number().int().min(1).default(6),
  RATE_LIMIT_CODES_PER_IP: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_TESTER_LOOKUPS: z.coerce.number().int().min(1).default(120),
  RATE_LIMIT_SECOND_STEP_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_SECOND_STEP_PER_IP: z.coerce.number().int().min(1).default(30),
  /** JSON of per-platform overrides of the build budgets, e.g. {"android":{"triangles":80000}}. */
  BUILD_BUDGETS: z.string().optional(),
  BUILD_VALIDATION_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(600).default(60),
});

export type Env = z.input<typeof envSchema>;

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  host: string;
  port: number;
  /** Where links in mails point: the portal's public origin. */
  publicUrl: string;
  dataDir: string;
  /** `undefined` means the embedded PGlite database under `dataDir/db`. */
  databaseUrl: string | undefined;
  /** Multi-node mode: rate limits (and, as they move, the other shared state) in this Redis. */
  redisUrl: string | undefined;
  /** What every Redis key of this deployment starts with, so that several deployments can share one Redis. */
  redisPrefix: string;
  /** On SIGTERM, how long a node keeps serving while /readyz tells the proxy it is stopping. */
  shutdownDrainSeconds: number;
  webDist: string;
  /** The four hosts the web app talks to; '' means this origin. */
  hosts: { api: string; files: string; gameApi: string; static: string };
  /** The path this process serves the game API host under ('' when it is that host). */
  gameRoutesPrefix: string;
  /** The placement map's tile URL template; '' shows a grid without tiles. */
  mapTileUrl: string;
  /** Origins whose pages may call this server from the browser (CORS): the web app's, when the hosts are split. */
  webOrigins: string[];
  /** Serve the OpenAPI document and its browser at /api/docs (always outside production). */
  apiDocs: boolean;
  /** An admin opens the review console only with two-step sign-in on (default: in production). */
  adminRequireTwoFactor: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  seedDemo: boolean;
  /** Run the scheduled jobs (the settlement of payout days): pg-boss on PostgreSQL, a timer on PGlite. */
  jobs: boolean;
  /** Tests only, never in production: `POST /testing/clock` moves the placement clock forward. */
  clockControl: boolean;
  /** With seedDemo: the demo partner's games and models in every review state, and a demo tester. */
  seedDemoProjects: boolean;
  trustProxy: boolean;
  /**
   * The server's key for what it hashes of short secrets (verification codes), so that a copy of the database alone
   * cannot recover them. Required in production; otherwise, when unset, made once into DATA_DIR/secret-key.
   */
  secretKey: string | undefined;
  /** `sandbox` walks the Connect and Checkout flows on local pages; `disabled` only in production without keys. */
  payments:
    | {
        mode: 'stripe';
        secretKey: string;
        clientId: string;
        webhookSecret: string | undefined;
        apiBase: string | undefined;
      }
    | { mode: 'sandbox' }
    | { mode: 'disabled' };
  /** Uploaded files: local disk under `dataDir/files`, or an S3-compatible bucket. */
  storage:
    | { kind: 'disk'; root: string }
    | {
        kind: 's3';
        bucket: string;
        prefix: string;
        endpoint: string | undefined;
        region: string;
        credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
        /** Where browsers reach the store, for signed download URLs; the endpoint when unset. */
        publicUrl: string | undefined;
        /** Builds: streamed through the file host, or answered with a redirect to a signed URL of the store. */
        buildDownloads: 'proxy' | 'redirect';
      };
  /** An admin account created (or promoted) at start. */
  admin: { email: string; password: string | undefined } | undefined;
  /**
   * How long this process may reuse a session lookup or a partner's list page (0: never). Writes through this
   * process drop them at once; another node may see a change this much later.
   */
  cacheSeconds: number;
  /** How much of the AR app's stage JSON one process keeps, in megabytes of text (0: none). */
  nearbyCacheMb: number;
  /** How often a process's nearby index reads the stage changes other nodes made (its own it reads at once). */
  nearbySyncMs: number;
  /** Realtime hub connections one account may hold on one node; the next is refused at its handshake, saying so. */
  hubConnectionsPerUser: number;
  /** Play analytics (modules/analytics): who counts, how long raw events are kept, how many may wait to be written. */
  analytics: { minPlayers: number; rawDays: number; queueEvents: number };
  sessionTtlDays: number;
  /** The service token the marketplace reports sales with; without it, the sales routes do not exist. */
  marketplaceToken: string | undefined;
  /** What a sale pays before the partner (the partner's commission rate is the default here). */
  feeRates: FeeRates;
  /** Login attempts per 15 minutes; codes sent per hour. */
  rateLimits: {
    /** Failed logins per email from one client address, so that another address cannot lock a partner out. */
    loginPerEmail: number;
    /** Failed logins per email from every address together: a looser bound on guessing from many addresses. */
    loginPerEmailCeiling: number;
    loginPerIp: number;
    codesPerEmail: number;
    codesPerIp: number;
    /** Whitelist searches and additions per partner per hour: each one tells whether an email has an account. */
    testerLookups: number;
    /** Wrong second-step codes per account, and per client address, per 15 minutes, across sign-in attempts. */
    secondStepPerAccount: number;
    secondStepPerIp: number;
  };
  /** What a build may cost each platform (the defaults with BUILD_BUDGETS over them), judged when it is validated. */
  buildBudgets: BuildBudgets;
  /** How long the reference validator may take over one .glb before its run is reported as failed. */
  buildValidationTimeoutMs: number;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function storageConfig(e: z.output<typeof envSchema>, dataDir: string): AppConfig['storage'] {
  if (e.FILE_STORAGE === 'disk') return { kind: 'disk', root: path.join(dataDir, 'files') };
  const url = new URL(e.FILE_STORAGE);
  return {
    kind: 's3',
    bucket: url.hostname,
    prefix: url.pathname.replace(/^\/+|\/+$/g, ''),
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    publicUrl: e.S3_PUBLIC_URL,
    buildDownloads: e.BUILD_DOWNLOADS,
  };
}

/** BUILD_BUDGETS: JSON of partial per-platform limits; each problem is named by its path. */
function parseBuildBudgets(raw: string | undefined): { budgets: BuildBudgets } | { problems: string[] } {
  if (!raw?.trim()) return { budgets: withBudgetOverrides({}) };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { problems: ['BUILD_BUDGETS: must be JSON, e.g. {"android":{"triangles":80000}}'] };
  }
  const parsed = buildBudgetOverridesSchema.safeParse(json);
  if (!parsed.success) {
    return {
      problems: parsed.error.issues.map(
        (issue) => `BUILD_BUDGETS${issue.path.map((part) => `.${String(part)}`).join('')}: ${issue.message}`,
      ),
    };
  }
  return { budgets: withBudgetOverrides(parsed.data) };
}

/** Reads the environment once; throws a ConfigError listing every bad key. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  const budgets = parseBuildBudgets(env.BUILD_BUDGETS);
  const budgetProblems = 'problems' in budgets ? budgets.problems : [];
  if (!parsed.success) {
    throw new ConfigError([
      ...parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`),
      ...budgetProblems,
    ]);
  }
  if (!('budgets' in budgets)) throw new ConfigError(budgetProblems);
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction && !e.SECRET_KEY) {
    throw new ConfigError([
      'SECRET_KEY: required in production, 32 characters or more (for example: openssl rand -base64 48); every node the same',
    ]);
  }
  const hasStripeKeys = Boolean(e.STRIPE_SECRET_KEY && e.STRIPE_CLIENT_ID);
  if (e.PAYMENTS === 'stripe' && !hasStripeKeys) {
    throw new ConfigError(['PAYMENTS: "stripe" needs STRIPE_SECRET_KEY and STRIPE_CLIENT_ID']);
  }
  if (e.BUILD_DOWNLOADS === 'redirect' && e.FILE_STORAGE === 'disk') {
    throw new ConfigError(['BUILD_DOWNLOADS: "redirect" needs FILE_STORAGE=s3://… (disk files have no signed URLs)']);
  }
  if (e.REDIS_URL && !e.DATABASE_URL) {
    throw new ConfigError(['REDIS_URL: several nodes need DATABASE_URL too (PGlite is one process’s database)']);
  }
  const payments: AppConfig['payments'] =
    e.PAYMENTS === 'sandbox'
      ? { mode: 'sandbox' }
      : hasStripeKeys && e.STRIPE_SECRET_KEY && e.STRIPE_CLIENT_ID
        ? {
            mode: 'stripe',
            secretKey: e.STRIPE_SECRET_KEY,
            clientId: e.STRIPE_CLIENT_ID,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: e.STRIPE_API_BASE,
          }
        : isProduction
          ? { mode: 'disabled' }
          : { mode: 'sandbox' };
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    isProduction,
    // a dev server (its outbox, the sandbox, the demo accounts) is not offered to the network unless asked
    host: e.HOST || (isProduction ? '0.0.0.0' : '127.0.0.1'),
    port: e.PORT,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS,
    webDist: path.resolve(e.WEB_DIST),
    hosts: {
      api: e.API_BASE_URL,
      files: e.FILE_BASE_URL,
      // the game API host is this process under its prefix unless it is configured elsewhere
      gameApi: e.GAME_API_BASE_URL || e.GAME_ROUTES_PREFIX,
      static: e.STATIC_BASE_URL,
    },
    mapTileUrl: e.MAP_TILE_URL,
    gameRoutesPrefix: e.GAME_ROUTES_PREFIX,
    webOrigins: e.WEB_ORIGIN?.length ? e.WEB_ORIGIN : [new URL(publicUrl).origin],
    apiDocs: e.API_DOCS ?? !isProduction,
    adminRequireTwoFactor: e.ADMIN_REQUIRE_2FA ?? isProduction,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO ?? !isProduction,
    jobs: e.JOBS ?? true,
    clockControl: !isProduction && (e.CLOCK_CONTROL ?? false),
    seedDemoProjects: (e.SEED_DEMO ?? !isProduction) && (e.DEMO_PROJECTS ?? true),
    trustProxy: e.TRUST_PROXY ?? false,
    secretKey: e.SECRET_KEY,
    payments,
    storage: storageConfig(e, path.resolve(e.DATA_DIR)),
    admin: e.ADMIN_EMAIL ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    // a write on one node cannot drop another node's entries before it answers: several nodes read through
    cacheSeconds: e.REDIS_URL ? 0 : e.CACHE_SECONDS,
    nearbyCacheMb: e.NEARBY_CACHE_MB,
    nearbySyncMs: e.NEARBY_SYNC_MS,
    hubConnectionsPerUser: e.HUB_CONNECTIONS_PER_USER,
    analytics: {
      minPlayers: e.ANALYTICS_MIN_PLAYERS,
      rawDays: e.ANALYTICS_RAW_DAYS,
      queueEvents: e.ANALYTICS_QUEUE_EVENTS,
    },
    sessionTtlDays: e.SESSION_TTL_DAYS,
    marketplaceToken: e.MARKETPLACE_TOKEN,
    feeRates: {
      paymentPercentBasisPoints: Math.round(e.PAYMENT_PLATFORM_FEE_PERCENT * 100),
      paymentFixedCents: e.PAYMENT_PLATFORM_FEE_FIXED_CENTS,
      commissionBasisPoints: Math.round(e.PLATFORM_FEE_PERCENT * 100),
    },
    rateLimits: {
      loginPerEmail: e.RATE_LIMIT_LOGIN_PER_EMAIL,
      loginPerEmailCeiling: e.RATE_LIMIT_LOGIN_PER_EMAIL_CEILING,
      loginPerIp: e.RATE_LIMIT_LOGIN_PER_IP,
      codesPerEmail: e.RATE_LIMIT_CODES_PER_EMAIL,
      codesPerIp: e.RATE_LIMIT_CODES_PER_IP,
      testerLookups: e.RATE_LIMIT_TESTER_LOOKUPS,
      secondStepPerAccount: e.RATE_LIMIT_SECOND_STEP_PER_ACCOUNT,
      secondStepPerIp: e.RATE_LIMIT_SECOND_STEP_PER_IP,
    },
    buildBudgets: budgets.budgets,
    buildValidationTimeoutMs: e.BUILD_VALIDATION_TIMEOUT_SECONDS * 1000,
  };
}
