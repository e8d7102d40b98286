import {
  API_KEY_PREFIX,
  API_KEY_SHOWN_PREFIX_LENGTH,
  type ApiKey,
  apiKeyScopes,
  type CreateApiKeyBody,
  type CreatedApiKey,
  MAX_API_KEYS_PER_PARTNER,
} from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Caches } from '../../caches.ts';
import type { Db } from '../../db/client.ts';
import type { EventEmitter } from '../../events.ts';
import { AppError, tooManyRequests } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { createRateLimits, type RateLimits } from '../../lib/rate-limits.ts';
import { createToken, sha256 } from '../../lib/tokens.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import * as repo from './api-keys-repository.ts';

/** Lookups of secrets that name no live key, per client address, before it must wait (like failed logins). */
export const API_KEY_FAILED_LOOKUPS_PER_IP = 20;
const FAILED_LOOKUP_WINDOW_MS = 15 * 60_000;
/** Requests one key may make per minute, over every node. */
export const API_KEY_REQUESTS_PER_MINUTE = 600;
/** `lastUsedAt` is written at most this often per key, not on every request. */
export const API_KEY_LAST_USED_INTERVAL_MS = 60_000;
const MAX_TOUCHES_REMEMBERED = 50_000;

export interface ApiKeysDeps {
  db: Db;
  log: FastifyBaseLogger;
  events: EventEmitter;
  caches: Pick<Caches, 'apiKeys'>;
  rateLimits?: RateLimits;
  now?: () => Date;
}

const toApiKey = (row: repo.ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  scopes: row.scopes,
  prefix: row.secretPrefix,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** A partner's API keys, and the authentication of requests that carry one. */
export function createApiKeysService({
  db,
  log,
  events,
  caches: { apiKeys: liveKeys },
  rateLimits = createRateLimits(),
  now = () => new Date(),
}: ApiKeysDeps) {
  const failedLookups = rateLimits.create(
    'api-key-failures-ip',
    API_KEY_FAILED_LOOKUPS_PER_IP,
    FAILED_LOOKUP_WINDOW_MS,
  );
  const requestsPerKey = rateLimits.create('api-key-requests', API_KEY_REQUESTS_PER_MINUTE, 60_000);
  /** When this process last wrote each key's `lastUsedAt`. */
  const touchedAt = new Map<string, number>();

  async function recordUse(keyId: string, current: Date) {
    const last = touchedAt.get(keyId);
    if (last !== undefined && current.getTime() - last < API_KEY_LAST_USED_INTERVAL_MS) return;
    if (touchedAt.size >= MAX_TOUCHES_REMEMBERED) touchedAt.clear();
    touchedAt.set(keyId, current.getTime());
    try {
      await repo.touchKey(db, keyId, current, new Date(current.getTime() - API_KEY_LAST_USED_INTERVAL_MS));
    } catch (err) {
      // a use that could not be recorded does not refuse the request
      log.warn({ err, keyId }, 'recording the use of an API key failed');
    }
  }

  return {
    /** The studio's keys. */
    async list(studioId: string): Promise<{ data: ApiKey[] }> {
      return { data: (await repo.selectActiveKeys(db, studioId)).map(toApiKey) };
    },

    /** Creates a key; its secret is in this answer only, and only its hash is stored. */
    async create(studioId: string, creatorId: string, body: CreateApiKeyBody): Promise<CreatedApiKey> {
      const secret = `${API_KEY_PREFIX}${createToken()}`;
      const row = await repo.insertKeyWithin(
        db,
        {
          userId: studioId,
          createdBy: creatorId,
          name: body.name,
          scopes: apiKeyScopes.filter((scope) => body.scopes.includes(scope)),
          secretHash: sha256(secret),
          secretPrefix: secret.slice(0, API_KEY_SHOWN_PREFIX_LENGTH),
          createdAt: now(),
          expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
        },
        MAX_API_KEYS_PER_PARTNER,
      );
      if (!row) throw new AppError('ApiKeyLimitReached');
      log.info({ studioId, creatorId, keyId: row.id }, 'api key created');
      return { ...toApiKey(row), secret };
    },

    /** Revokes one of the partner's keys: from now on it answers 401, on this node at once. */
    async revoke(userId: string, id: string): Promise<void> {
      const isRevoked = isUuid(id) && (await repo.revokeKey(db, userId, id, now()));
      if (!isRevoked) throw new AppError('ApiKeyNotFound');
      events.emit('apiKeyRevoked', { keyId: id });
      touchedAt.delete(id);
      log.info({ userId, keyId: id }, 'api key revoked');
    },

    /**
     * The partner behind a key's secret, when the key is live; refuses (429) a client address past its failed
     * lookups, and a key past its requests per minute. A key never makes its holder an admin.
     */
    async authenticate(secret: string, clientIp: string): Promise<AuthUser | undefined> {
      const secretHash = sha256(secret);
      const current = now();
      const key = await liveKeys.read(
        secretHash,
        async () => {
          // counted before the lookup, so that parallel guesses cannot all pass; a key that is found gives it back
          const wait = await failedLookups.take(clientIp);
          if (wait > 0) throw tooManyRequests(wait, 'attempts with an unknown API key');
          const row = await repo.selectLiveKey(db, secretHash, current);
          if (!row) return undefined;
          await failedLookups.refund(clientIp);
          return {
            keyId: row.id,
            userId: row.userId,
            studioId: row.studioId,
            email: row.email,
            scopes: row.scopes,
            expiresAt: row.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY,
          };
        },
        (value) => ({ group: value.keyId, expiresAt: value.expiresAt }),
      );
      if (!key || key.expiresAt <= current.getTime()) return undefined;
      const wait = await requestsPerKey.take(key.keyId);
      if (wait > 0) throw tooManyRequests(wait, 'requests with this API key');
      await recordUse(key.keyId, current);
      return {
        id: key.userId,
        email: key.email,
        role: 'Partner',
        sessionId: key.keyId,
        apiKey: { id: key.keyId, scopes: key.scopes, studioId: key.studioId },
      };
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
