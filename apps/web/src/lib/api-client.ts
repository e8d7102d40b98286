import type { LocalizationResponse } from '@portal/contracts';
import { loading } from './loading.ts';
import { type HostKey, hostUrl } from './runtime-config.ts';
import { session } from './session.ts';
import { STUDIO_HEADER, studioChoice, studioHeaders } from './studio.ts';

export const SESSION_EXPIRED_MESSAGE = 'The user has expired, please login again.';
/** What a failure says when nothing better is known (also api-upload.ts's). */
export const FALLBACK_MESSAGE = 'Error';

/** Every failed call becomes one of these; `message` is what the user should read. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errorCode: string | undefined,
    /** The server's own message, which may say more than the localized one (what in a file could not be read). */
    readonly serverMessage?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.errorCode === code);
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** The app registers what a 401 does (toast, clear caches, go to /login). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  onUnauthorized = handler;
}

/** What the server answers a change that needs a fresh second factor from this session. */
export const STEP_UP_REQUIRED = 'StepUpRequired';
let onStepUpRequired: (() => Promise<void>) | undefined;

/**
 * The app registers how a fresh second factor is asked for (a dialog): it resolves once given, and rejects with an
 * AbortError when the partner cancels. A call refused for want of one is sent again once it is given.
 */
export function setStepUpHandler(handler: (() => Promise<void>) | undefined) {
  onStepUpRequired = handler;
}

/** What the server answers an admin without a second factor under ADMIN_REQUIRE_2FA. */
export const SECOND_FACTOR_SETUP_REQUIRED = 'TwoFactorSetupRequired';
let onSecondFactorSetupRequired: (message: string) => void = () => {};

/** The app registers where an admin without a second factor goes (the Security page). */
export function setSecondFactorSetupHandler(handler: (message: string) => void) {
  onSecondFactorSetupRequired = handler;
}

let localization: Promise<LocalizationResponse> | undefined;

function loadLocalization(): Promise<LocalizationResponse> {
  localization ??= fetch(hostUrl('api', '/api/Language/Localization/en-US'))
    .then((response) => (response.ok ? (response.json() as Promise<LocalizationResponse>) : {}))
    .catch(() => {
      localization = undefined;
      return {};
    });
  return localization;
}

function parseErrorBody(text: string): { errorCode?: unknown; message?: unknown } | undefined {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null ? body : undefined;
  } catch {
    return undefined;
  }
}

/** What the server answers a call naming a studio the person is not (or no longer) in. */
export const NOT_STUDIO_MEMBER = 'NotStudioMember';

/**
 * A failed response of either transport → the one ApiError: a 401 of an authenticated call ends the session;
 * otherwise the localized message of the errorCode, else the response's message, else "Error". A call refused for
 * naming a studio the person was removed from drops this tab's choice of it (the app says so, once).
 */
export async function toApiError(
  status: number,
  bodyText: string,
  sentToken: string | null,
  sentStudioId: string | null = null,
): Promise<ApiError> {
  if (status === 401 && sentToken) {
    session.clear();
    onUnauthorized();
    return new ApiError(SESSION_EXPIRED_MESSAGE, 401, 'Unauthorized');
  }
  const body = parseErrorBody(bodyText);
  const errorCode = typeof body?.errorCode === 'string' ? body.errorCode : undefined;
  const serverMessage = typeof body?.message === 'string' && body.message ? body.message : undefined;
  if (!errorCode) return new ApiError(serverMessage ?? FALLBACK_MESSAGE, status, undefined);
  const messages = await loadLocalization();
  const error = new ApiError(
    messages[errorCode] ?? serverMessage ?? FALLBACK_MESSAGE,
    status,
    errorCode,
    serverMessage,
  );
  if (errorCode === SECOND_FACTOR_SETUP_REQUIRED) onSecondFactorSetupRequired(error.message);
  if (errorCode === NOT_STUDIO_MEMBER && sentStudioId) studioChoice.lose(sentStudioId);
  return error;
}

/** The headers of an authenticated call: its session, and the studio this tab acts in (when one is chosen). */
export function authorizationHeaders(
  accept: string,
  token: string | null = session.getToken(),
): { headers: Record<string, string>; token: string | null; studioId: string | null } {
  const headers: Record<string, string> = { accept };
  if (!token) return { headers, token, studioId: null };
  headers.authorization = `Bearer ${token}`;
  Object.assign(headers, studioHeaders(STUDIO_HEADER));
  return { headers, token, studioId: studioChoice.get() };
}

/** Runs a call under the loading overlay, unless it is a background one. */
export async function withLoading<T>(background: boolean, call: () => Promise<T>): Promise<T> {
  if (!background) loading.start();
  try {
    return await call();
  } finally {
    if (!background) loading.end();
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  host?: HostKey;
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  signal?: AbortSignal;
  /** Skip the loading overlay (background refreshes). */
  background?: boolean;
  /** Response type; JSON by default. */
  as?: 'json' | 'text' | 'blob';
  /** The session to send, when it is no longer this page's (Log out ends the one it has just dropped). */
  token?: string;
}

function buildUrl(host: HostKey, path: string, query: RequestOptions['query']): string {
  const url = hostUrl(host, path);
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

/**
 * The one HTTP client: bearer token, loading overlay, errors turned into ApiError, 401 handling, and a fresh second
 * factor asked for (then the call sent again) where a change needs one.
 */
export function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', host = 'api', query, body, signal, background = false, as = 'json' } = options;
  const { headers, token, studioId } = authorizationHeaders(as === 'json' ? 'application/json' : '*/*', options.token);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const url = buildUrl(host, path, query);
  const init: RequestInit = { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal };
  const send = () => withLoading(background, () => fetchAs<T>(url, init, as, token, studioId));
  return send().catch(async (error: unknown) => {
    // asked outside the loading overlay, so that the dialog can be used
    if (!isApiError(error, STEP_UP_REQUIRED) || !onStepUpRequired) throw error;
    await onStepUpRequired();
    return send();
  });
}

/** One request, its answer read as `as`; a failure as an ApiError. */
async function fetchAs<T>(
  url: string,
  init: RequestInit,
  as: RequestOptions['as'],
  token: string | null,
  studioId: string | null,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (err) {
    if (init.signal?.aborted) throw err;
    throw new ApiError(FALLBACK_MESSAGE, 0, undefined);
  }
  if (!response.ok) {
    throw await toApiError(response.status, await response.text().catch(() => ''), token, studioId);
  }
  if (response.status === 204) return undefined as T;
  if (as === 'blob') return (await response.blob()) as T;
  return (as === 'text' ? await response.text() : await response.json()) as T;
}
