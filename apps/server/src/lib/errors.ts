import { type ErrorCode, errorCatalog } from '@portal/contracts';

/** The one error type services throw; the error handler turns it into `{errorCode, message}`. */
export class AppError extends Error {
  readonly status: number;
  /** How long the client should wait before trying again; answered as `Retry-After` on a 429. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly errorCode: ErrorCode,
    message?: string,
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(message ?? errorCatalog[errorCode].message);
    this.name = 'AppError';
    this.status = errorCatalog[errorCode].status;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** A 429 that says how long to wait, in its message and in `Retry-After`. */
export function tooManyRequests(seconds: number, what = 'requests'): AppError {
  return new AppError('RateLimited', `Too many ${what}, please try again in ${seconds} seconds.`, {
    retryAfterSeconds: seconds,
  });
}

export function notFound(code: ErrorCode = 'NotFound', message?: string): AppError {
  return new AppError(code, message);
}
