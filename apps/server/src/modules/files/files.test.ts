import { readdir } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../../db/schema.ts';
import {
  bearer,
  createTestApp,
  describeEachDatabase,
  glbBuild,
  jpegImage,
  multipartBody,
  type Part,
  pngImage,
  registerPartner,
  type TestApp,
  unityBundle,
} from '../../testing/index.ts';

type Uploaded = { name: string; origin: string; icon: string | null; medium: string | null; small: string | null };

describeEachDatabase('file host', (variant) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(variant);
    token = (await registerPartner(t.app)).accessToken;
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (parts: Part[], url = '/FileUpload/Single/Query', auth = token) => {
    const { payload, headers } = multipartBody(parts);
    return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...bearer(auth) } });
  };
  const storedCount = async () => (await t.database.db.select({ n: count() }).from(storedFiles))[0]?.n ?? 0;
  const get = (url: string, auth?: string) => t.app.inject({ method: 'GET', url, headers: auth ? bearer(auth) : {} });

  it('stores a PNG with icon, small and medium variants and serves them for a year', async () => {
    const response = await upload([
      { name: 'file', filename: 'cover art.png', contentType: 'image/png', data: await pngImage() },
    ]);
    expect(response.statusCode).toBe(200);
    const [file] = response.json() as Uploaded[];
    expect(file?.name).toBe('cover art.png');
    expect(file?.origin).toMatch(/^\/files\/[0-9a-f-]{36}\/origin\.png$/);
    for (const [url, maxSide] of [
      [file?.icon, 128],
      [file?.small, 320],
      [file?.medium, 800],
      [file?.origin, 1200],
    ] as const) {
      const served = await get(url ?? '');
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(maxSide);
    }
  });

  it('stores a JPEG as JPEG', async () => {
    const response = await upload([{ name: 'file', filename: 'poster.JPG', data: await jpegImage() }]);
    const [file] = response.json() as Uploaded[];
    expect(file?.origin).toMatch(/origin\.jpg$/);
    expect((await get(file?.medium ?? '')).headers['content-type']).toBe('image/jpeg');
  });

  it('stores builds, recognised by content, and serves them only to their owner', async () => {
    for (const [filename, data] of [
      ['orbit-ios.glb', glbBuild(64 * 1024)],
      ['orbit-android.ab', unityBundle(64 * 1024)],
    ] as const) {
      const response = await upload([{ name: 'file', filename, data }]);
      expect(response.statusCode).toBe(200);
      const [file] = response.json() as Uploaded[];
      expect(file).toMatchObject({ name: filename, icon: null, medium: null, small: null });
      expect((await get(file?.origin ?? '')).statusCode).toBe(404);
      const other = await registerPartner(t.app);
      expect((await get(file?.origin ?? '', other.accessToken)).statusCode).toBe(404);
      const own = await get(file?.origin ?? '', token);
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-disposition']).toBe(`attachment; filename="${filename}"`);
      expect(own.rawPayload.equals(data)).toBe(true);
    }
  });

  it('uploads several files, and names the Detail results after their fields', async () => {
    const many = await upload(
      [
        { name: 'file', filename: 'a.png', data: await pngImage(300, 300) },
        { name: 'file', filename: 'b.jpg', data: await jpegImage(300, 300) },
      ],
      '/FileUpload/Multiple/Query',
    );
    expect((many.json() as Uploaded[]).map((f) => f.name)).toEqual(['a.png', 'b.jpg']);
    const detail = await upload(
      [
        { name: 'avatar', filename: 'icon.png', data: await pngImage(300, 300) },
        { name: 'coverThumbnailUrl', filename: 'cover.png', data: await pngImage(600, 300) },
      ],
      '/FileUpload/Multiple/Detail/Query',
    );
    expect((detail.json() as Uploaded[]).map((f) => f.name)).toEqual(['avatar', 'coverThumbnailUrl']);
  });

  it.each([
    ['a PNG renamed .glb', 'render.glb', 'png', 415, 'BuildTypeInvalid'],
    ['a text file renamed .png', 'notes.png', 'text', 415, 'ImageTypeInvalid'],
    ['a PNG header on a broken image', 'broken.png', 'broken', 415, 'ImageTypeInvalid'],
    ['a 6 MB image', 'huge.png', 'huge', 413, 'ImageTooLarge'],
    ['a 60 MB build', 'huge.glb', 'hugeBuild', 413, 'BuildTooLarge'],
    ['a file name with ../', '../../etc/passwd.png', 'png', 400, 'FileNameInvalid'],
    ['a file of another type', 'setup.exe', 'text', 415, 'UnsupportedMediaType'],
  ])('refuses %s and stores nothing', async (_label, filename, kind, status, errorCode) => {
    const data = {
      png: await pngImage(200, 200),
      text: Buffer.from('just some notes, not an image'),
      broken: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2000, 7)]),
      huge: Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.alloc(6 * 1024 * 1024),
      ]),
      hugeBuild: glbBuild(60 * 1024 * 1024),
    }[kind as 'png'];
    const before = await storedCount();
    const response = await upload([{ name: 'file', filename, data }]);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ errorCode });
    expect(await storedCount()).toBe(before);
    const leftovers = await readdir(path.join(t.config.dataDir, 'tmp')).catch(() => []);
    expect(leftovers).toEqual([]);
  });

  it('refuses a request without a file part, one that is not multipart, and one without a session', async () => {
    const noFile = await upload([{ name: 'note', data: 'hello' }]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({ errorCode: 'FileMissing' });
    const json = await t.app.inject({
      method: 'POST',
      url: '/FileUpload/Single/Query',
      headers: bearer(token),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ errorCode: 'UnsupportedMediaType' });
    const { payload, headers } = multipartBody([{ name: 'file', filename: 'a.png', data: await pngImage(50, 50) }]);
    const anonymous = await t.app.inject({ method: 'POST', url: '/FileUpload/Single/Query', payload, headers });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 404 for a file that does not exist', async () => {
    expect((await get('/files/00000000-0000-4000-8000-000000000000/origin.png')).json()).toMatchObject({
      errorCode: 'FileNotFound',
    });
    expect((await get('/files/..%2F..%2Fetc%2Fpasswd')).json()).toMatchObject({ errorCode: 'FileNotFound' });
  });
});

describe('file host: memory while refusing an over-limit upload', () => {
  let t: TestApp;
  let token: string;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    token = (await registerPartner(t.app)).accessToken;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('cuts a 60 MB build off with 413 without holding it in memory', async () => {
    const boundary = '----portalmemorytest';
    const chunk = Buffer.alloc(256 * 1024, 1);
    const totalChunks = 240; // 60 MB
    let peak = process.memoryUsage().rss;
    const baseline = peak;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/FileUpload/Single/Query',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
      });
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
        request.destroy();
      });
      request.on('error', (err) => (request.destroyed ? undefined : reject(err)));
      request.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.glb"\r\n` +
          'Content-Type: model/gltf-binary\r\n\r\n',
      );
      request.write(glbBuild(1024));
      let sent = 0;
      const pump = () => {
        while (sent < totalChunks && !request.destroyed) {
          sent += 1;
          if (!request.write(chunk)) {
            request.once('drain', pump);
            return;
          }
        }
        if (!request.destroyed) request.end(`\r\n--${boundary}--\r\n`);
      };
      pump();
    });
    clearInterval(sampler);
    expect(status).toBe(413);
    expect(peak - baseline).toBeLessThan(30 * 1024 * 1024);
  });
});
