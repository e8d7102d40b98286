import { type ApiClient, createApiClient } from './api.ts';
import { resolveSettings, type Settings } from './config.ts';
import { CliError, EXIT_CODES } from './errors.ts';

export interface Output {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface Io {
  stdout: Output;
  stderr: Output;
  env: Record<string, string | undefined>;
  stdin: AsyncIterable<string | Buffer>;
}

/** The options every command takes. */
export interface CommonOptions {
  json?: boolean;
  server?: string;
}

/** What a command's action gets: where to write, and the API once it needs it. */
export interface Context {
  readonly json: boolean;
  readonly settings: Settings;
  readonly io: Io;
  /** The API with the configured key; refuses before any request when there is none. */
  client(): ApiClient;
  /** A line of the human output (stdout), as it happens; nothing with --json. */
  say(line: string): void;
  /** A note on what is going on (stderr): always for people, with --json only on a terminal. */
  note(line: string): void;
}

/** A command's result: the one JSON document of --json, and the lines people read otherwise. */
export interface Outcome {
  data: unknown;
  lines?: string[];
  exitCode?: number;
}

/** Runs one command: prints its outcome or its error in the chosen form, and answers the exit code. */
export async function runCommand(
  io: Io,
  options: CommonOptions,
  action: (context: Context) => Promise<Outcome>,
): Promise<number> {
  const json = options.json === true;
  const print = (data: unknown) => io.stdout.write(`${JSON.stringify(data, null, 2)}\n`);
  try {
    const settings = await resolveSettings(io.env, options.server);
    let client: ApiClient | undefined;
    const context: Context = {
      json,
      settings,
      io,
      client() {
        if (!settings.key) {
          throw new CliError(
            'NotLoggedIn',
            'No API key: set LUMORA_API_KEY, or run lumora login --key <secret> with a key from the API keys page.',
          );
        }
        client ??= createApiClient({ server: settings.server, fileServer: settings.fileServer, key: settings.key });
        return client;
      },
      say(line) {
        if (!json) io.stdout.write(`${line}\n`);
      },
      note(line) {
        if (!json || io.stderr.isTTY) io.stderr.write(`${line}\n`);
      },
    };
    const outcome = await action(context);
    if (json) print(outcome.data);
    else for (const line of outcome.lines ?? []) io.stdout.write(`${line}\n`);
    return outcome.exitCode ?? EXIT_CODES.ok;
  } catch (error) {
    const failure =
      error instanceof CliError
        ? error
        : new CliError('InternalError', `Unexpected failure: ${(error as Error)?.message ?? String(error)}`);
    if (json) print({ errorCode: failure.errorCode, message: failure.message, ...failure.details });
    else io.stderr.write(`lumora: ${failure.message}\n`);
    return failure.exitCode;
  }
}
