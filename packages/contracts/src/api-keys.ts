import { z } from 'zod';
import type { ErrorCode } from './errors.ts';
import { paramText, requiredText } from './validation.ts';

/**
 * API keys: bearer credentials a partner creates for scripts and the CLI. A key works on the partner API and the
 * file host within its scopes, never on the account itself.
 */

/** Every secret starts with this, so that a bearer token says by itself whether it is a key or a session. */
export const API_KEY_PREFIX = 'lmk_';
/** A secret: the prefix and 32 random bytes in base64url (43 characters). */
export const API_KEY_SECRET_LENGTH = API_KEY_PREFIX.length + 43;
/** How much of a secret is stored and listed in clear, so that a partner can tell keys apart (`lmk_AbCdEfGh`). */
export const API_KEY_SHOWN_PREFIX_LENGTH = 12;
/** Active (not revoked) keys per partner, expired ones included until they are revoked. */
export const MAX_API_KEYS_PER_PARTNER = 20;
export const API_KEY_NAME_MAX_LENGTH = 60;
/** The longest life a partner may give a key. */
export const API_KEY_MAX_LIFETIME_DAYS = 365;
/** Room for a browser clock that runs ahead of the server's when it computes "1 year from now". */
const EXPIRY_CLOCK_ALLOWANCE_MS = 24 * 60 * 60_000;

export const apiKeyScopes = ['read', 'upload', 'items', 'versions'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

export const apiKeyScopeLabels: Record<ApiKeyScope, string> = {
  read: 'Read',
  upload: 'Upload builds',
  items: 'Create and edit store listings',
  versions: 'Manage versions and submit',
};

/** The lifetimes the API keys page offers; `null` days is a key that never expires. */
export const apiKeyExpiryChoices = [
  { value: '30', label: '30 days', days: 30 },
  { value: '90', label: '90 days', days: 90 },
  { value: '365', label: '1 year', days: API_KEY_MAX_LIFETIME_DAYS },
  { value: 'never', label: 'Never', days: null },
] as const;
export type ApiKeyExpiryChoice = (typeof apiKeyExpiryChoices)[number]['value'];

export const apiKeyMessages = {
  nameRequired: 'Please input a name for the key',
  scopesRequired: 'Please choose at least one scope',
  scopesUnique: 'Each scope may be given once',
  expiryFormat: 'expiresAt must be an ISO date and time',
  expiryInPast: 'The expiry date must be in the future',
  expiryTooFar: `A key may live at most ${API_KEY_MAX_LIFETIME_DAYS} days`,
  created: 'API key created',
  revoked: 'API key revoked',
  shownOnce: 'Copy this secret now: it will not be shown again.',
} as const;

const expiresAtSchema = z.iso
  .datetime({ offset: true, error: apiKeyMessages.expiryFormat })
  .refine((value) => Date.parse(value) > Date.now(), { error: apiKeyMessages.expiryInPast, abort: true })
  .refine(
    (value) =>
      Date.parse(value) <= Date.now() + API_KEY_MAX_LIFETIME_DAYS * 24 * 60 * 60_000 + EXPIRY_CLOCK_ALLOWANCE_MS,
    { error: apiKeyMessages.expiryTooFar },
  );

export const createApiKeyBodySchema = z.strictObject({
  name: requiredText(apiKeyMessages.nameRequired, API_KEY_NAME_MAX_LENGTH),
  scopes: z
    .array(z.enum(apiKeyScopes), { error: apiKeyMessages.scopesRequired })
    .min(1, { error: apiKeyMessages.scopesRequired })
    .refine((scopes) => new Set(scopes).size === scopes.length, { error: apiKeyMessages.scopesUnique }),
  /** When the key stops working; absent or null: never. */
  expiresAt: expiresAtSchema.nullable().optional(),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBodySchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(apiKeyScopes)),
  /** The secret's first characters, e.g. `lmk_AbCdEfGh`. */
  prefix: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** A key as its creation answers it: the only time its secret is ever shown. */
export const createdApiKeySchema = apiKeySchema.extend({
  secret: z.string().describe(`The bearer secret (${API_KEY_PREFIX}…); shown once, stored only as a hash`),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyListResponseSchema = z.object({ data: z.array(apiKeySchema) });
export type ApiKeyListResponse = z.infer<typeof apiKeyListResponseSchema>;

export const apiKeyIdParamsSchema = z.object({ id: paramText(64) });

/** Whether a bearer token is shaped as an API key secret (a session token is shorter and never carries the prefix). */
export const isApiKeySecret = (token: string) =>
  token.startsWith(API_KEY_PREFIX) && token.length === API_KEY_SECRET_LENGTH;

/** Whether a listed key has passed its expiry: it answers 401 until it is revoked. */
export const isApiKeyExpired = (key: Pick<ApiKey, 'expiresAt'>, now: Date) =>
  key.expiresAt !== null && Date.parse(key.expiresAt) <= now.getTime();

/** The expiry of a key created at `now` with one of the page's choices. */
export function apiKeyExpiresAt(choice: ApiKeyExpiryChoice, now: Date): string | null {
  const days = apiKeyExpiryChoices.find((option) => option.value === choice)?.days ?? null;
  return days === null ? null : new Date(now.getTime() + days * 24 * 60 * 60_000).toISOString();
}

/**
 * What a key may do in a group of routes, or on one route: `none` (the account itself: profile, password, payout
 * account, the keys; deleting a whole item; a look-up that tells whether an email has an account), `read` (reads with
 * the read scope, no writes), or the scope its writes need (reads still need `read`).
 */
export type ApiKeyRouteAccess = 'none' | 'read' | Exclude<ApiKeyScope, 'read'>;

const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * The one rule of which requests a key may make: the refusal for a key with `scopes` calling `method` on a route
 * group of `access`, or undefined when it may.
 */
export function apiKeyRefusal(
  scopes: readonly ApiKeyScope[],
  method: string,
  access: ApiKeyRouteAccess,
): Extract<ErrorCode, 'ApiKeyNotAllowed' | 'ApiKeyScopeMissing'> | undefined {
  if (access === 'none') return 'ApiKeyNotAllowed';
  if (READ_METHODS.has(method.toUpperCase())) return scopes.includes('read') ? undefined : 'ApiKeyScopeMissing';
  if (access === 'read') return 'ApiKeyNotAllowed';
  return scopes.includes(access) ? undefined : 'ApiKeyScopeMissing';
}
