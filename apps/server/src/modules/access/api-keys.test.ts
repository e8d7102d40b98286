import { randomUUID } from 'node:crypto';
import {
  type ApiKey,
  type ApiKeyScope,
  apiKeyScopes,
  type CreatedApiKey,
  MAX_API_KEYS_PER_PARTNER,
} from '@portal/contracts';
import { count, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiKeys, users } from '../../db/schema/access.ts';
import { sha256 } from '../../lib/tokens.ts';
import {
  adminEnv,
  as,
  createGameInTesting,
  createModel,
  createProduct,
  describeEachDatabase,
  type Method,
  productBody,
  registerConnectedPartner,
  registerPartner,
  uploadBuild,
  uploadBuilds,
  useTestApp,
} from '../../testing/index.ts';
import { documentedOperations, type Operation } from '../../testing/openapi.ts';
import { API_KEY_FAILED_LOOKUPS_PER_IP, API_KEY_REQUESTS_PER_MINUTE } from './api-keys-service.ts';

const DAY_MS = 24 * 60 * 60_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

describeEachDatabase('API keys', (variant) => {
  const t = useTestApp(
    variant,
    // many partners register from one address here
    { ...adminEnv(), RATE_LIMIT_CODES_PER_IP: '1000' },
    { logStream: { write: (line: string) => void logLines.push(line) } },
  );
  const logLines: string[] = [];
  beforeEach(() => {
    logLines.length = 0;
  });

  const createKey = (token: string, payload: object) => as(t.app, token).post('/api/ApiKey', payload);
  async function newKey(token: string, scopes: ApiKeyScope[], extra: Record<string, unknown> = {}) {
    const response = await createKey(token, { name: `Key ${scopes.join('+')}`, scopes, ...extra });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as CreatedApiKey;
  }
  const listKeys = async (token: string) =>
    ((await as(t.app, token).get('/api/ApiKey')).json() as { data: ApiKey[] }).data;
  const revokeKey = (token: string, id: string) => as(t.app, token).delete(`/api/ApiKey/${id}`);
  const get = (url: string, secret: string, remoteAddress?: string) => as(t.app, secret).get(url, { remoteAddress });
  const keyCount = async () => (await t.database.db.select({ n: count() }).from(apiKeys))[0]?.n ?? 0;

  describe('creating and listing', () => {
    it('answers the secret once, and lists the key without it', async () => {
      const partner = await registerPartner(t.app);
      const created = await newKey(partner.accessToken, ['read', 'upload'], { name: '  CI uploads  ' });
      expect(created.secret).toMatch(/^lmk_[A-Za-z0-9_-]{43}$/);
      expect(created).toEqual({
        id: expect.any(String),
        name: 'CI uploads',
        scopes: ['read', 'upload'],
        prefix: created.secret.slice(0, 12),
        createdAt: expect.any(String),
        expiresAt: null,
        lastUsedAt: null,
        secret: created.secret,
      });

      const listed = await as(t.app, partner.accessToken).get('/api/ApiKey');
      expect(listed.statusCode).toBe(200);
      expect(listed.body).not.toContain(created.secret);
      const { secret: _secret, ...shown } = created;
      expect(listed.json()).toEqual({ data: [shown] });
    });

    it('stores only the sha256 of the secret', async () => {
      const partner = await registerPartner(t.app);
      const created = await newKey(partner.accessToken, ['read']);
      const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
      expect(row?.secretHash).toBe(sha256(created.secret));
      expect(row?.secretPrefix).toBe(created.secret.slice(0, 12));
      expect(JSON.stringify(row)).not.toContain(created.secret);
    });

    it('keeps scopes in one order and an expiry the partner chose', async () => {
      const partner = await registerPartner(t.app);
      const expiresAt = inDays(30);
      const created = await newKey(partner.accessToken, ['versions', 'read'], { expiresAt });
      expect(created.scopes).toEqual(['read', 'versions']);
      expect(created.expiresAt).toBe(expiresAt);
      const oneYear = await newKey(partner.accessToken, ['read'], { expiresAt: inDays(365) });
      expect(oneYear.expiresAt).not.toBeNull();
    });

    it.each([
      ['a blank name', { name: '   ', scopes: ['read'] }],
      ['a name too long', { name: 'k'.repeat(61), scopes: ['read'] }],
      ['a control character in the name', { name: 'CI\u0007', scopes: ['read'] }],
      ['no scopes', { name: 'CI', scopes: [] }],
      ['an unknown scope', { name: 'CI', scopes: ['admin'] }],
      ['a scope twice', { name: 'CI', scopes: ['read', 'read'] }],
      ['scopes that are not a list', { name: 'CI', scopes: 'read' }],
      ['an expiry in the past', { name: 'CI', scopes: ['read'], expiresAt: inDays(-1) }],
      ['an expiry past a year', { name: 'CI', scopes: ['read'], expiresAt: inDays(367) }],
      ['an expiry that is no date', { name: 'CI', scopes: ['read'], expiresAt: 'next week' }],
      ['an unknown field', { name: 'CI', scopes: ['read'], secret: 'lmk_mine' }],
    ])('refuses %s with 400 and stores nothing', async (_case, payload) => {
      const partner = await registerPartner(t.app);
      const before = await keyCount();
      const response = await createKey(partner.accessToken, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errorCode: expect.any(String), message: expect.any(String) });
      expect(await keyCount()).toBe(before);
    });

    it(`allows ${MAX_API_KEYS_PER_PARTNER} active keys per partner`, async () => {
      const partner = await registerPartner(t.app);
      const created: CreatedApiKey[] = [];
      for (let i = 0; i < MAX_API_KEYS_PER_PARTNER; i += 1) created.push(await newKey(partner.accessToken, ['read']));
      const refused = await createKey(partner.accessToken, { name: 'One too many', scopes: ['read'] });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().errorCode).toBe('ApiKeyLimitReached');
      expect(await listKeys(partner.accessToken)).toHaveLength(MAX_API_KEYS_PER_PARTNER);

      expect((await revokeKey(partner.accessToken, created[0]?.id ?? '')).statusCode).toBe(204);
      await newKey(partner.accessToken, ['read']);
      const other = await registerPartner(t.app);
      await newKey(other.accessToken, ['read']);
    });

    it(`keeps to ${MAX_API_KEYS_PER_PARTNER} keys when creations arrive together`, async () => {
      const partner = await registerPartner(t.app);
      const answers = await Promise.all(
        Array.from({ length: MAX_API_KEYS_PER_PARTNER + 5 }, (_, i) =>
          createKey(partner.accessToken, { name: `Parallel ${i}`, scopes: ['read'] }),
        ),
      );
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(MAX_API_KEYS_PER_PARTNER);
      expect(answers.filter((answer) => answer.json().errorCode === 'ApiKeyLimitReached')).toHaveLength(5);
      expect(await listKeys(partner.accessToken)).toHaveLength(MAX_API_KEYS_PER_PARTNER);
    });

    it('never writes a secret or a key header to the log', async () => {
      const partner = await registerPartner(t.app);
      const created = await newKey(partner.accessToken, ['read']);
      expect((await get('/api/ApiKey', created.secret)).statusCode).toBe(403);
      expect((await get('/api/Product?PageIndex=1&PageSize=10', created.secret)).statusCode).toBe(200);
      expect(logLines.length).toBeGreaterThan(0);
      expect(logLines.filter((line) => line.includes(created.secret.slice(4)))).toEqual([]);
      expect(logLines.some((line) => line.includes('api key created'))).toBe(true);
    });
  });

  describe('revoking', () => {
    it('stops the key at once, even one in use', async () => {
      const partner = await registerPartner(t.app);
      const key = await newKey(partner.accessToken, ['read']);
      expect((await get('/api/WhiteList', key.secret)).statusCode).toBe(200);
      expect((await revokeKey(partner.accessToken, key.id)).statusCode).toBe(204);
      const after = await get('/api/WhiteList', key.secret);
      expect(after.statusCode).toBe(401);
      expect(after.json().errorCode).toBe('Unauthorized');
      expect(await listKeys(partner.accessToken)).toEqual([]);
      const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
      expect(row?.revokedAt).not.toBeNull();
    });

    it("answers 404 for another partner's key, and that key goes on working", async () => {
      const owner = await registerPartner(t.app);
      const other = await registerPartner(t.app);
      const key = await newKey(owner.accessToken, ['read']);
      for (const id of [key.id, randomUUID(), 'not-an-id']) {
        const response = await revokeKey(other.accessToken, id);
        expect(response.statusCode).toBe(404);
        expect(response.json().errorCode).toBe('ApiKeyNotFound');
      }
      expect((await get('/api/WhiteList', key.secret)).statusCode).toBe(200);
      expect(await listKeys(owner.accessToken)).toHaveLength(1);
    });

    it('answers 404 for a key revoked already', async () => {
      const partner = await registerPartner(t.app);
      const key = await newKey(partner.accessToken, ['read']);
      expect((await revokeKey(partner.accessToken, key.id)).statusCode).toBe(204);
      expect((await revokeKey(partner.accessToken, key.id)).json().errorCode).toBe('ApiKeyNotFound');
    });
  });

  describe('authentication', () => {
    it('refuses an expired key with 401, and still lists it with its expiry', async () => {
      const partner = await registerPartner(t.app);
      const key = await newKey(partner.accessToken, ['read'], { expiresAt: inDays(30) });
      const past = new Date(Date.now() - 60_000);
      await t.database.db.update(apiKeys).set({ expiresAt: past }).where(eq(apiKeys.id, key.id));
      const response = await get('/api/WhiteList', key.secret);
      expect(response.statusCode).toBe(401);
      expect(response.json().errorCode).toBe('Unauthorized');
      expect(await listKeys(partner.accessToken)).toEqual([
        expect.objectContaining({ id: key.id, expiresAt: past.toISOString() }),
      ]);
    });

    it('refuses a secret of the right shape that names no key, and a malformed one', async () => {
      for (const secret of [`lmk_${'A'.repeat(43)}`, 'lmk_short']) {
        const response = await get('/api/WhiteList', secret);
        expect(response.statusCode).toBe(401);
      }
    });

    it('records when a key was last used, at most once a minute', async () => {
      const partner = await registerPartner(t.app);
      const key = await newKey(partner.accessToken, ['read']);
      expect((await get('/api/WhiteList', key.secret)).statusCode).toBe(200);
      const [first] = await listKeys(partner.accessToken);
      expect(first?.lastUsedAt).not.toBeNull();
      expect(Date.parse(first?.lastUsedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
      expect((await get('/api/WhiteList', key.secret)).statusCode).toBe(200);
      const [second] = await listKeys(partner.accessToken);
      expect(second?.lastUsedAt).toBe(first?.lastUsedAt);
    });

    it(`answers 429 with Retry-After after ${API_KEY_FAILED_LOOKUPS_PER_IP} unknown keys from one address`, async () => {
      const partner = await registerPartner(t.app);
      const key = await newKey(partner.accessToken, ['read']);
      const address = '203.0.113.77';
      for (let i = 0; i < API_KEY_FAILED_LOOKUPS_PER_IP; i += 1) {
        const guess = `lmk_${randomUUID().replaceAll('-', '')}${'x'.repeat(11)}`;
        expect((await get('/api/WhiteList', guess, address)).statusCode).toBe(401);
      }
      const refused = await get('/api/WhiteList', `lmk_${'B'.repeat(43)}`, address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().errorCode).toBe('RateLimited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // the address that guessed cannot use a key it did not look up before; other addresses can
      expect((await get('/api/WhiteList', key.secret, address)).statusCode).toBe(429);
      expect((await get('/api/WhiteList', key.secret, '203.0.113.78')).statusCode).toBe(200);
      // a session is not a key: it goes on working from there
      expect((await get('/api/WhiteList', partner.accessToken, address)).statusCode).toBe(200);
    });

    it(`allows a key ${API_KEY_REQUESTS_PER_MINUTE} requests a minute`, async () => {
      const partner = await registerPartner(t.app);
      const key = await newKey(partner.accessToken, ['read']);
      const other = await newKey(partner.accessToken, ['read']);
      for (let i = 0; i < API_KEY_REQUESTS_PER_MINUTE; i += 1) {
        const response = await get('/api/Access/Profile', key.secret);
        expect(response.statusCode).toBe(403);
      }
      const refused = await get('/api/WhiteList', key.secret);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().errorCode).toBe('RateLimited');
      expect((await get('/api/WhiteList', other.secret)).statusCode).toBe(200);
    });
  });

  describe('scopes', () => {
    it('lets a read key read products and versions, but neither upload nor add a version', async () => {
      const partner = await registerConnectedPartner(t.app);
      const { productId, versionId } = await createGameInTesting(t.app, partner.accessToken);
      const key = await newKey(partner.accessToken, ['read']);
      const list = await get('/api/Product?PageIndex=1&PageSize=10', key.secret);
      expect(list.statusCode).toBe(200);
      expect((list.json() as { data: Array<{ id: string }> }).data.map((item) => item.id)).toEqual([productId]);
      expect((await get(`/api/Product/${productId}`, key.secret)).statusCode).toBe(200);
      const versions = await get(`/api/Product/Versions/${productId}`, key.secret);
      expect(versions.statusCode).toBe(200);
      expect(JSON.stringify(versions.json())).toContain(versionId);

      await expect(uploadBuild(t.app, key.secret)).rejects.toThrow(/ApiKeyScopeMissing/);
      const added = await as(t.app, key.secret).put(`/api/Product/Version/${versionId}`, {
        updateLog: 'Changed by a read key',
      });
      expect(added.statusCode).toBe(403);
      expect(added.json().errorCode).toBe('ApiKeyScopeMissing');
    });

    it('lets an upload key upload a build, and nothing else', async () => {
      const partner = await registerConnectedPartner(t.app);
      const key = await newKey(partner.accessToken, ['upload']);
      const url = await uploadBuild(t.app, key.secret, 'orbit-tag.glb');
      expect(url).toMatch(/\/files\//);
      const list = await get('/api/Product?PageIndex=1&PageSize=10', key.secret);
      expect(list.statusCode).toBe(403);
      expect(list.json().errorCode).toBe('ApiKeyScopeMissing');
      const created = await as(t.app, key.secret).post('/api/Product', await productBody(t.app, partner.accessToken));
      expect(created.json().errorCode).toBe('ApiKeyScopeMissing');
    });

    it('lets a versions key add and change versions', async () => {
      const partner = await registerConnectedPartner(t.app);
      const productId = (await createProduct(t.app, partner.accessToken)).id;
      const key = await newKey(partner.accessToken, ['versions', 'upload']);
      const ci = as(t.app, key.secret);
      const added = await ci.post('/api/Product/Version', { productId, productVersion: 1 });
      expect(added.statusCode, added.body).toBe(200);
      const versionId = (added.json() as { id: string }).id;
      const saved = await ci.put(`/api/Product/Version/${versionId}`, {
        updateLog: 'Built by CI',
        ...(await uploadBuilds(t.app, key.secret, 'ci')),
      });
      expect(saved.statusCode, saved.body).toBe(200);
      // no read scope: the key cannot list what it changed
      expect((await get(`/api/Product/Versions/${productId}`, key.secret)).json().errorCode).toBe('ApiKeyScopeMissing');
    });

    it('lets a read key download its partner’s builds, and a key without it only what is public', async () => {
      const partner = await registerConnectedPartner(t.app);
      const build = new URL(await uploadBuild(t.app, partner.accessToken, 'private.glb'), 'http://portal').pathname;
      const reader = await newKey(partner.accessToken, ['read']);
      const uploader = await newKey(partner.accessToken, ['upload']);
      expect((await get(build, reader.secret)).statusCode).toBe(200);
      expect((await get(build, uploader.secret)).statusCode).toBe(404);
      expect((await as(t.app).get(build)).statusCode).toBe(404);
    });

    it("never lets a key read another partner's items", async () => {
      const owner = await registerConnectedPartner(t.app);
      const { productId } = await createGameInTesting(t.app, owner.accessToken);
      const other = await registerPartner(t.app);
      const key = await newKey(other.accessToken, ['read', 'versions']);
      expect((await get(`/api/Product/${productId}`, key.secret)).statusCode).toBe(404);
      expect((await get(`/api/Product/Versions/${productId}`, key.secret)).statusCode).toBe(404);
      const list = await get('/api/Product?PageIndex=1&PageSize=10', key.secret);
      expect((list.json() as { data: unknown[] }).data).toEqual([]);
    });

    it('never opens the account itself to a key, whatever its scopes', async () => {
      const partner = await registerConnectedPartner(t.app);
      const key = await newKey(partner.accessToken, ['read', 'upload', 'versions']);
      const calls: Array<[Method, string, object?]> = [
        ['GET', '/api/Access/Profile'],
        ['PUT', '/api/Access/Profile', { firstName: 'Eve', lastName: 'Key', registeredAddress: 'Nowhere' }],
        ['POST', '/api/Access/Logout'],
        ['GET', '/api/Stripe/Connect/Account'],
        ['GET', '/api/Stripe/Connect/Url'],
        ['GET', '/api/Subscription/Status'],
        ['GET', '/api/ApiKey'],
        ['POST', '/api/ApiKey', { name: 'Escalated', scopes: ['read'] }],
        ['DELETE', `/api/ApiKey/${key.id}`],
      ];
      for (const [method, url, payload] of calls) {
        const response = await as(t.app, key.secret).send(method, url, payload);
        expect(`${method} ${url} ${response.statusCode} ${response.json().errorCode}`).toBe(
          `${method} ${url} 403 ApiKeyNotAllowed`,
        );
      }
      expect(await listKeys(partner.accessToken)).toHaveLength(1);
      const profile = await as(t.app, partner.accessToken).get('/api/Access/Profile');
      expect(profile.json().firstName).toBe('Mia');
    });

    it('lets a key only read the testers, stages and income', async () => {
      const partner = await registerPartner(t.app);
      const key = await newKey(partner.accessToken, [...apiKeyScopes]);
      expect((await get('/api/WhiteList', key.secret)).statusCode).toBe(200);
      const added = await as(t.app, key.secret).post('/api/WhiteList', { email: 'tester@studio.example' });
      expect(added.statusCode).toBe(403);
      expect(added.json().errorCode).toBe('ApiKeyNotAllowed');
    });

    it('never lets a key look up whether an email has an account', async () => {
      const partner = await registerPartner(t.app);
      const member = await registerPartner(t.app);
      const search = `/api/WhiteList/Search?email=${encodeURIComponent(member.email)}`;
      expect((await get(search, partner.accessToken)).json()).toMatchObject({ email: member.email });
      for (const scopes of [['read'], [...apiKeyScopes]] as ApiKeyScope[][]) {
        const key = await newKey(partner.accessToken, scopes);
        const refused = await get(search, key.secret);
        expect(`${refused.statusCode} ${refused.json().errorCode}`, scopes.join('+')).toBe('403 ApiKeyNotAllowed');
        expect(refused.body).not.toContain(member.email);
      }
    });

    it('keeps a versions key to versions: no new item, no listing edited, nothing deleted', async () => {
      const partner = await registerConnectedPartner(t.app);
      const product = await createProduct(t.app, partner.accessToken, { name: 'Orbit Tag', price: 4.99 });
      const key = await newKey(partner.accessToken, ['read', 'upload', 'versions']);
      const ci = as(t.app, key.secret);
      const repriced = await ci.put(
        `/api/Product/${product.id}`,
        await productBody(t.app, partner.accessToken, { name: 'Orbit Tag', price: 0 }),
      );
      expect(`${repriced.statusCode} ${repriced.json().errorCode}`).toBe('403 ApiKeyScopeMissing');
      const created = await ci.post('/api/Product', await productBody(t.app, partner.accessToken));
      expect(`${created.statusCode} ${created.json().errorCode}`).toBe('403 ApiKeyScopeMissing');
      const deleted = await ci.delete(`/api/Product/${product.id}`);
      expect(`${deleted.statusCode} ${deleted.json().errorCode}`).toBe('403 ApiKeyNotAllowed');
      const kept = await as(t.app, partner.accessToken).get(`/api/Product/${product.id}`);
      expect(kept.json()).toMatchObject({ id: product.id, name: 'Orbit Tag', price: 4.99 });
      // what the key is for still works
      const added = await ci.post('/api/Product/Version', { productId: product.id, productVersion: 1 });
      expect(added.statusCode, added.body).toBe(200);
    });

    it('lets an items key create and edit store listings, and neither delete an item nor touch its versions', async () => {
      const partner = await registerConnectedPartner(t.app);
      const key = await newKey(partner.accessToken, ['read', 'items']);
      const listings = as(t.app, key.secret);
      const created = await listings.post('/api/Product', await productBody(t.app, partner.accessToken));
      expect(created.statusCode, created.body).toBe(200);
      const productId = (created.json() as { id: string }).id;
      const edited = await listings.put(
        `/api/Product/${productId}`,
        await productBody(t.app, partner.accessToken, { name: 'Orbit Tag Deluxe', price: 0 }),
      );
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ name: 'Orbit Tag Deluxe', price: 0 });
      const model = await createModel(t.app, partner.accessToken);
      for (const url of [`/api/Product/${productId}`, `/api/Model/${model.id}`]) {
        const deleted = await listings.delete(url);
        expect(`${deleted.statusCode} ${deleted.json().errorCode}`, url).toBe('403 ApiKeyNotAllowed');
        expect((await as(t.app, partner.accessToken).get(url)).statusCode, url).toBe(200);
      }
      const version = await listings.post('/api/Product/Version', { productId, productVersion: 1 });
      expect(`${version.statusCode} ${version.json().errorCode}`).toBe('403 ApiKeyScopeMissing');
      // the partner, signed in, still deletes it
      expect((await as(t.app, partner.accessToken).delete(`/api/Product/${productId}`)).statusCode).toBe(204);
    });

    it("does not make an admin's key an admin", async () => {
      // an admin who is also a partner: their own studio's key
      const partner = await registerPartner(t.app);
      await t.database.db.update(users).set({ role: 'Admin' }).where(eq(users.email, partner.email));
      const { accessToken } = partner;
      const key = await newKey(accessToken, ['read', 'upload', 'versions']);
      expect((await get('/api/Admin/Review/Query', accessToken)).statusCode).toBe(200);
      const refused = await get('/api/Admin/Review/Query', key.secret);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errorCode).toBe('ApiKeyNotAllowed');
    });

    it('is checked before the body is read', async () => {
      const partner = await registerPartner(t.app);
      const key = await newKey(partner.accessToken, ['read']);
      const response = await as(t.app, key.secret).post('/api/Product', '{"not json', {
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().errorCode).toBe('ApiKeyScopeMissing');
    });
  });

  describe('the OpenAPI document', () => {
    async function operations(): Promise<Operation[]> {
      const { document, operations } = await documentedOperations(t.app);
      expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
      expect(document.components.securitySchemes.apiKey?.description).toContain('lmk_');
      return operations;
    }
    const names = (list: Operation[]) => list.map((operation) => `${operation.method} ${operation.path}`);

    it('lists the key scheme exactly where keys work', async () => {
      const all = await operations();
      const withKey = names(all.filter((operation) => operation.security.some((scheme) => 'apiKey' in scheme)));
      const sessionOnly = names(
        all.filter(
          (operation) =>
            operation.security.length > 0 && operation.security.every((scheme) => Object.keys(scheme)[0] === 'bearer'),
        ),
      );
      expect(withKey).toEqual(
        expect.arrayContaining([
          'GET /api/Product',
          'POST /api/Product/Version',
          'POST /FileUpload/Single/Query',
          'GET /api/WhiteList',
        ]),
      );
      expect(sessionOnly).toEqual(
        expect.arrayContaining([
          'GET /api/Access/Profile',
          'PUT /api/Access/Profile',
          'GET /api/ApiKey',
          'POST /api/ApiKey',
          'DELETE /api/ApiKey/{id}',
          'DELETE /api/Product/{id}',
          'DELETE /api/Model/{id}',
          'GET /api/WhiteList/Search',
          'GET /api/Admin/Review/Query',
        ]),
      );
      expect(withKey.filter((name) => sessionOnly.includes(name))).toEqual([]);
    });

    it('refuses a key with every scope on every operation that lists only sessions', async () => {
      const partner = await registerPartner(t.app);
      const key = await newKey(partner.accessToken, [...apiKeyScopes]);
      const sessionOnly = (await operations()).filter(
        (operation) =>
          operation.security.length > 0 && operation.security.every((scheme) => Object.keys(scheme)[0] === 'bearer'),
      );
      expect(sessionOnly.length).toBeGreaterThan(10);
      for (const operation of sessionOnly) {
        const response = await as(t.app, key.secret).send(
          operation.method,
          operation.path.replace(/\{[^}]+\}/g, randomUUID()),
          operation.method === 'GET' || operation.method === 'DELETE' ? undefined : '{"not json',
          { headers: { 'content-type': 'application/json' } },
        );
        expect(`${operation.method} ${operation.path} ${response.statusCode} ${response.json().errorCode}`).toBe(
          `${operation.method} ${operation.path} 403 ApiKeyNotAllowed`,
        );
      }
      expect(await listKeys(partner.accessToken)).toHaveLength(1);
    });
  });
});
