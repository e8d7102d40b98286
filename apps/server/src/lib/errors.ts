import { type ErrorCode, errorCatalog } from '@portal/contracts';

/** The one error type services throw; the error handler turns it into `{errorCode, message}`. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly errorCode: ErrorCode,
    message?: string,
  ) {
    super(message ?? errorCatalog[errorCode].message);
    this.name = 'AppError';
    this.status = errorCatalog[errorCode].status;
  }
}

export function notFound(code: ErrorCode = 'NotFound', message?: string): AppError {
  return new AppError(code, message);
}
