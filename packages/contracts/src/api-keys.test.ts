import { describe, expect, it } from 'vitest';
import {
  API_KEY_MAX_LIFETIME_DAYS,
  apiKeyExpiresAt,
  apiKeyRefusal,
  createApiKeyBodySchema,
  isApiKeyExpired,
  isApiKeySecret,
} from './api-keys.ts';

const DAY_MS = 24 * 60 * 60_000;

describe('apiKeyRefusal', () => {
  it('lets any key with read make reads, wherever keys work', () => {
    for (const access of ['read', 'upload', 'versions'] as const) {
      expect(apiKeyRefusal(['read'], 'GET', access)).toBeUndefined();
      expect(apiKeyRefusal(['read'], 'HEAD', access)).toBeUndefined();
      expect(apiKeyRefusal(['upload'], 'GET', access)).toBe('ApiKeyScopeMissing');
    }
  });

  it("needs the group's write scope for a write", () => {
    expect(apiKeyRefusal(['upload'], 'POST', 'upload')).toBeUndefined();
    expect(apiKeyRefusal(['read', 'versions'], 'POST', 'upload')).toBe('ApiKeyScopeMissing');
    expect(apiKeyRefusal(['versions'], 'PUT', 'versions')).toBeUndefined();
    expect(apiKeyRefusal(['read', 'upload'], 'DELETE', 'versions')).toBe('ApiKeyScopeMissing');
  });

  it('refuses writes where keys only read, and everything where keys never work', () => {
    expect(apiKeyRefusal(['read', 'upload', 'versions'], 'POST', 'read')).toBe('ApiKeyNotAllowed');
    expect(apiKeyRefusal(['read', 'upload', 'versions'], 'GET', 'none')).toBe('ApiKeyNotAllowed');
  });
});

describe('API key secrets and expiry', () => {
  it('tells a key secret from a session token by its prefix and length', () => {
    expect(isApiKeySecret(`lmk_${'a'.repeat(43)}`)).toBe(true);
    expect(isApiKeySecret('lmk_short')).toBe(false);
    expect(isApiKeySecret(`lmk_${'a'.repeat(39)}`)).toBe(false);
  });

  it('turns the page’s lifetimes into an expiry the body accepts', () => {
    const now = new Date();
    expect(apiKeyExpiresAt('never', now)).toBeNull();
    expect(apiKeyExpiresAt('30', now)).toBe(new Date(now.getTime() + 30 * DAY_MS).toISOString());
    const oneYear = apiKeyExpiresAt('365', now);
    expect(createApiKeyBodySchema.safeParse({ name: 'CI', scopes: ['read'], expiresAt: oneYear }).success).toBe(true);
    const tooFar = new Date(now.getTime() + (API_KEY_MAX_LIFETIME_DAYS + 2) * DAY_MS).toISOString();
    expect(createApiKeyBodySchema.safeParse({ name: 'CI', scopes: ['read'], expiresAt: tooFar }).success).toBe(false);
  });

  it('calls a key expired from its expiry on', () => {
    const now = new Date('2026-05-01T00:00:00Z');
    expect(isApiKeyExpired({ expiresAt: null }, now)).toBe(false);
    expect(isApiKeyExpired({ expiresAt: '2026-05-01T00:00:00.000Z' }, now)).toBe(true);
    expect(isApiKeyExpired({ expiresAt: '2026-05-01T00:00:01.000Z' }, now)).toBe(false);
  });
});
