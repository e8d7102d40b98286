import type { ErrorCode } from '@portal/contracts';

/** How the CLI ends; `lumora --help` documents them. */
export const EXIT_CODES = {
  ok: 0,
  /** The API refused, the server could not be reached, the input was invalid, or the review rejected the version. */
  failed: 1,
  /** `submit --wait` gave up before the review ended. */
  timedOut: 2,
} as const;

/** The API's error codes, and the CLI's own for what happens before or around a request. */
export type CliErrorCode =
  | ErrorCode
  | 'NetworkError'
  | 'NotLoggedIn'
  | 'UnexpectedResponse'
  | 'FileUnreadable'
  | 'VersionRejected'
  | 'ReviewEnded'
  | 'WaitTimedOut'
  | 'ReportTimedOut';

/**
 * A failure the CLI reports as `{ errorCode, message }` (with `--json`) or as its message: `details` are merged into
 * the JSON document.
 */
export class CliError extends Error {
  constructor(
    readonly errorCode: CliErrorCode | (string & {}),
    message: string,
    readonly exitCode: number = EXIT_CODES.failed,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'CliError';
  }
}
