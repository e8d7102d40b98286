import { apiErrorSchema } from '@portal/contracts';
import cliPackage from '../package.json' with { type: 'json' };
import { CliError } from './errors.ts';

/** The package's version, the same from the sources and from the bundle (which inlines it). */
export const CLI_VERSION = cliPackage.version;

export type Query = Record<string, string | number | undefined>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** A raw body (multipart) with its headers, sent to the file host. */
  raw?: { body: ReadableStream<Uint8Array>; headers: Record<string, string> };
  host?: 'api' | 'files';
}

/** The partner API as the CLI uses it: JSON in and out, every failure a CliError carrying the server's message. */
export interface ApiClient {
  readonly server: string;
  request<T>(method: 'GET' | 'POST' | 'PUT', path: string, options?: RequestOptions): Promise<T>;
}

function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

export function createApiClient(settings: { server: string; fileServer: string; key: string }): ApiClient {
  const authorization = `Bearer ${settings.key}`;

  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const base = options.host === 'files' ? settings.fileServer : settings.server;
    const url = new URL(path, `${base}/`);
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization,
      'user-agent': `lumora-cli/${CLI_VERSION}`,
    };
    let body: RequestInit['body'];
    if (options.raw) {
      Object.assign(headers, options.raw.headers);
      body = options.raw.body;
    } else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }

    let response: Response;
    try {
      response = await fetch(url, { method, headers, body, ...(options.raw ? { duplex: 'half' } : {}) });
    } catch (error) {
      throw new CliError('NetworkError', `Could not reach ${url.origin}: ${describeNetworkError(error)}`);
    }
    const text = await response.text().catch(() => '');
    if (!response.ok) throw toCliError(response.status, text);
    if (response.status === 204 || text === '') return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new CliError('UnexpectedResponse', `${url.origin} answered ${path} with something other than JSON.`);
    }
  }

  return { server: settings.server, request };
}

/** The server's `{ errorCode, message }`, or what can be said of a response without one (a proxy's page). */
export function toCliError(status: number, text: string): CliError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const body = apiErrorSchema.safeParse(parsed);
  if (body.success) {
    const { errorCode, message } = body.data;
    const hint =
      status === 401
        ? ' The API key was refused: check LUMORA_API_KEY, or create a key on the API keys page and run lumora login.'
        : '';
    return new CliError(errorCode, `${message}${hint}`, undefined, { status });
  }
  return new CliError('UnexpectedResponse', `The server answered HTTP ${status}.`, undefined, { status });
}
