import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  createTestApp,
  getBuildReport,
  glbBuild,
  pngImage,
  postFile,
  registerPartner,
  useBeforeAll,
  useTestApp,
} from '../../testing/index.ts';
import { triangleGlb } from '../../testing/validation-fixtures.ts';

/** s3rver is a local S3-compatible server from npm: the S3 storage is tested against it, not a mock. */
async function startS3() {
  const { default: S3rver } = await import('s3rver');
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: await mkdtemp(path.join(os.tmpdir(), 'portal-s3-')),
    configureBuckets: [{ name: 'portal-files' }],
  });
  const address = await server.run();
  return { url: `http://127.0.0.1:${address.port}`, close: () => server.close() };
}

type S3 = Awaited<ReturnType<typeof startS3>>;

/** The config of an app storing its files in `bucket` of the s3rver. */
const s3Env = (s3: S3, bucket = 'portal-files/uploads') => ({
  FILE_STORAGE: `s3://${bucket}`,
  S3_ENDPOINT: s3.url,
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
});

describe('file host on S3-compatible storage (s3rver)', () => {
  const s3 = useBeforeAll(startS3);
  const t = useTestApp('pglite', () => s3Env(s3));
  let token: string;
  beforeAll(async () => {
    token = (await registerPartner(t.app)).accessToken;
  });

  it('stores images with their variants and builds in the bucket, and serves them back', async () => {
    const image = await pngImage(640, 480);
    const build = glbBuild(256 * 1024);
    for (const [filename, data] of [
      ['poster.png', image],
      ['orbit.glb', build],
    ] as const) {
      const response = await postFile(t.app, token, filename, data);
      expect(response.statusCode).toBe(200);
      const [file] = response.json() as Array<{ origin: string; icon: string | null }>;
      const served = await as(t.app, token).get(file?.origin ?? '');
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(data)).toBe(true);
      if (file?.icon) expect((await as(t.app).get(file.icon)).statusCode).toBe(200);
    }
    const listing = await fetch(`${s3.url}/portal-files?prefix=uploads/`);
    const keys = [...(await listing.text()).matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]);
    expect(keys.filter((key) => key?.endsWith('/origin.png'))).toHaveLength(1);
    expect(keys.filter((key) => key?.endsWith('/origin.glb'))).toHaveLength(1);
    expect(keys.filter((key) => /\/(icon|small|medium)\.png$/.test(key ?? ''))).toHaveLength(3);
  });

  it('validates a .glb from the bucket, leaving no copy behind', async () => {
    const upload = await postFile(t.app, token, 'broken.glb', triangleGlb({ badIndex: 7 }));
    const [file] = upload.json() as Array<{ origin: string }>;
    await t.app.services.files.whenValidationsIdle();
    const report = await getBuildReport(t.app, token, file?.origin ?? '');
    expect(report.json()).toMatchObject({
      validation: { state: 'done', counts: { errors: 1 } },
      findings: [{ level: 'error', code: 'ACCESSOR_INDEX_OOB', source: 'validator' }],
    });
    expect(await readdir(path.join(t.config.dataDir, 'tmp'))).toEqual([]);
  });

  it('says in its health whether the bucket answers', async () => {
    const health = await as(t.app).get('/healthz');
    expect(health.json()).toEqual({ status: 'ok', database: 'pglite', storage: 's3' });
    const other = await createTestApp('pglite', s3Env(s3, 'no-such-bucket'));
    try {
      const missing = await as(other.app).get('/healthz');
      expect(missing.statusCode).toBe(503);
      expect(missing.json()).toEqual({ errorCode: 'ServiceUnavailable', message: 'The file storage does not answer.' });
    } finally {
      await other.close();
    }
  });
});

describe('builds on S3 downloaded by redirect to a signed URL (BUILD_DOWNLOADS=redirect)', () => {
  const s3 = useBeforeAll(startS3);
  const t = useTestApp('pglite', () => ({ ...s3Env(s3), S3_PUBLIC_URL: s3.url, BUILD_DOWNLOADS: 'redirect' }));

  it('sends the owner to a signed URL of the store that expires, and a stranger nowhere; images stay proxied', async () => {
    const owner = await registerPartner(t.app);
    const stranger = await registerPartner(t.app);
    const build = glbBuild(128 * 1024);
    const image = await pngImage(320, 240);
    const upload = async (filename: string, data: Buffer) => {
      const response = await postFile(t.app, owner.accessToken, filename, data);
      expect(response.statusCode).toBe(200);
      return (response.json() as Array<{ origin: string }>)[0]?.origin ?? '';
    };
    const buildUrl = await upload('Orbit Tag.glb', build);
    const redirected = await as(t.app, owner.accessToken).get(buildUrl);
    expect(redirected.statusCode).toBe(302);
    expect(redirected.headers['cache-control']).toBe('no-store');
    const location = new URL(String(redirected.headers.location));
    expect(location.origin).toBe(s3.url);
    expect(location.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(location.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(build)).toBe(true);
    expect(fetched.headers.get('content-disposition')).toContain('Orbit Tag.glb');

    const refused = await as(t.app, stranger.accessToken).get(buildUrl);
    expect(refused.statusCode).toBe(404);
    expect(refused.headers.location).toBeUndefined();

    const imageUrl = await upload('poster.png', image);
    const served = await as(t.app).get(imageUrl);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(image)).toBe(true);

    // the web app follows the redirect with fetch: the store is in its Content-Security-Policy
    const page = await as(t.app).get('/api/Faq');
    expect(String(page.headers['content-security-policy'])).toMatch(new RegExp(`connect-src [^;]*${s3.url}`));
  });
});
