import type { FastifyBaseLogger, FastifyLoggerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions, PinoLoggerOptions } from 'fastify/types/logger.js';
import { sha256 } from '../lib/tokens.ts';

/**
 * What a log line may carry. Codes, tokens, connect states, passwords, links that carry them and SQL parameter
 * values never reach a log: a log reader must not be able to take over an account.
 */

const SECRET_KEYS = [
  'password',
  'newPassword',
  'oldPassword',
  'accessToken',
  'token',
  'verificationCode',
  'state',
  // an API key's, in its creation answer; an authenticator's, in its setup answer
  'secret',
  'currentPassword',
  // second factors: a recovery code given or shown, a sign-in's challenge, the setup's otpauth link (it holds the key)
  'recoveryCode',
  'recoveryCodes',
  'challenge',
  'otpauthUrl',
];

/**
 * Paths pino blanks wherever they appear in a logged object. `code` is a secret in a body or a query (a
 * verification or connect code) but an identifier on an error (`23505`), so it is blanked only where a body,
 * a query or a top-level field would carry it.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`]),
  ...['code', 'body.code', 'query.code', 'req.body.code', 'req.query.code'],
];

/** A recipient as it may be logged: enough to correlate lines about one address, not to read it. */
export const hashRecipient = (address: string) => sha256(address.trim().toLowerCase()).slice(0, 16);

/** A URL as it may be logged: the path, and the names of its query parameters without their values. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const names = url
    .slice(queryStart + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=~`);
  return `${url.slice(0, queryStart)}?${names.join('&')}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer, with the query values (reset codes, connect states and codes) left out. */
export function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? redactUrl(req.url) : req.url,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** Fields of an error that are safe to log. Everything else (pg's `detail` and `where`, drizzle's and PGlite's
 * `params`, `query`, a response body…) is left out, since it can echo the values of a statement. */
const LOGGED_ERROR_FIELDS = [
  'code',
  'errorCode',
  'statusCode',
  'status',
  'severity',
  'routine',
  'schema',
  'table',
  'column',
  'constraint',
  'dataType',
] as const;

/** Drizzle's "Failed query: <sql>\nparams: <values>" keeps its SQL and loses its values. */
const stripParams = (text: string) => text.replace(/\nparams: [\s\S]*?(?=\n {4}at |\ncaused by: |$)/g, '\nparams: ~');

/**
 * PostgreSQL's data exceptions (SQLSTATE class 22, e.g. `invalid input syntax for type uuid: "…"` or
 * `value "…" is out of range`) quote the refused value; those quotes are blanked.
 */
const stripQuotedValues = (text: string) => text.replace(/"(?:[^"\\]|\\.)*"/g, '"~"');

interface ErrorLike {
  name?: unknown;
  message: string;
  stack?: unknown;
  cause?: unknown;
  code?: unknown;
  [key: string]: unknown;
}

const isErrorLike = (value: unknown): value is ErrorLike =>
  typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';

const isDataException = (err: ErrorLike) => typeof err.code === 'string' && /^22[0-9A-Z]{3}$/.test(err.code);

function chain(err: ErrorLike): ErrorLike[] {
  const errors: ErrorLike[] = [];
  let current: unknown = err;
  while (isErrorLike(current) && errors.length < 5 && !errors.includes(current)) {
    errors.push(current);
    current = current.cause;
  }
  return errors;
}

function cleanText(err: ErrorLike, text: string): string {
  const stripped = stripParams(text);
  return isDataException(err) ? stripQuotedValues(stripped) : stripped;
}

/** The error serializer: type, code, message and stack of the error and its causes, without statement values. */
export function serializeError(value: unknown): unknown {
  if (!isErrorLike(value)) return value;
  const errors = chain(value);
  const serialized: Record<string, unknown> = {
    type: value.constructor?.name ?? value.name,
    message: errors.map((err) => cleanText(err, err.message)).join('; '),
    stack: errors
      .map((err) => cleanText(err, typeof err.stack === 'string' ? err.stack : err.message))
      .join('\ncaused by: '),
  };
  for (const err of errors.toReversed()) {
    for (const field of LOGGED_ERROR_FIELDS) {
      const fieldValue = err[field];
      if (fieldValue !== undefined && (typeof fieldValue === 'string' || typeof fieldValue === 'number')) {
        serialized[field] = fieldValue;
      }
    }
  }
  return serialized;
}

export type LogStream = NonNullable<FastifyLoggerOptions['stream']>;

/** The server's pino options: level, redaction and the serializers above. */
export function loggerOptions(level: string, stream?: LogStream): FastifyLoggerOptions & PinoLoggerOptions {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '~' },
    serializers: { req: serializeRequest as never, err: serializeError as never, error: serializeError as never },
    ...(stream ? { stream } : {}),
  };
}

type LogArguments = Parameters<FastifyBaseLogger['info']>;

/** Fastify's pino logger, with the numbers of its levels. */
interface PinoLogger extends FastifyBaseLogger {
  levels: { values: Record<string, number> };
}

/**
 * A request's logger that makes its pino child on the first line it writes at an enabled level. Fastify makes a
 * child per request, and pino redacts a child's bindings when it is made (a few microseconds and kilobytes): at
 * `warn`, most requests never log, and then pay nothing.
 */
class RequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: PinoLogger,
    private readonly childBindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.childBindings, this.options);
    return this.made;
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  /** Whether a line at `level` would be written, without making the child. */
  private writes(level: string): boolean {
    const values = this.parent.levels.values;
    return (values[level] ?? 0) >= (values[this.level] ?? Number.POSITIVE_INFINITY);
  }

  fatal(...args: LogArguments): void {
    if (this.writes('fatal')) this.logger.fatal(...args);
  }

  error(...args: LogArguments): void {
    if (this.writes('error')) this.logger.error(...args);
  }

  warn(...args: LogArguments): void {
    if (this.writes('warn')) this.logger.warn(...args);
  }

  info(...args: LogArguments): void {
    if (this.writes('info')) this.logger.info(...args);
  }

  debug(...args: LogArguments): void {
    if (this.writes('debug')) this.logger.debug(...args);
  }

  trace(...args: LogArguments): void {
    if (this.writes('trace')) this.logger.trace(...args);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

const isPino = (logger: FastifyBaseLogger): logger is PinoLogger =>
  typeof (logger as Partial<PinoLogger>).levels?.values === 'object';

/** Fastify's `childLoggerFactory`: each request's logger, made when it first logs (no logs: the logger itself). */
export function requestLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return isPino(logger) ? new RequestLogger(logger, bindings, options) : logger.child(bindings, options);
}
