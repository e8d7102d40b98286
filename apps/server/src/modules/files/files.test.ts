import { execFile } from 'node:child_process';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse as parseContentDisposition } from 'content-disposition';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { storedFiles } from '../../db/schema/files.ts';
import { createDiskStorage } from '../../plugins/storage.ts';
import {
  as,
  createTestApp,
  describeEachDatabase,
  glbBuild,
  jpegImage,
  listenOnFreePort,
  makeTempDir,
  multipartBody,
  type Part,
  pngImage,
  registerPartner,
  type TestApp,
  unityBundle,
  useTestApp,
} from '../../testing/index.ts';
import { createFilesService, TEMP_FILE_MAX_AGE_MS } from './service.ts';

/**
 * Uploads a file of `size` bytes named `name` `times` times with Node's fetch (a glTF binary when the name ends
 * in .glb, letters otherwise) and prints each answer, or the error the client saw, as JSON.
 */
const FETCH_UPLOAD_CLIENT = `
const [url, token, name, size, times] = process.argv.slice(1);
const data = Buffer.alloc(Number(size), 0x41);
if (name.endsWith('.glb')) {
  data.write('glTF', 0, 'latin1');
  data.writeUInt32LE(2, 4);
}
const answers = [];
for (let i = 0; i < Number(times); i++) {
  const body = new FormData();
  body.append('file', new Blob([data]), name);
  try {
    const response = await fetch(url, { method: 'POST', headers: { authorization: 'Bearer ' + token }, body });
    answers.push({ status: response.status, body: await response.json() });
  } catch (err) {
    answers.push({ error: err.message + ': ' + (err.cause?.code ?? err.cause?.message) });
  }
}
console.log(JSON.stringify(answers));
`;

type Uploaded = { name: string; origin: string; icon: string | null; medium: string | null; small: string | null };

describeEachDatabase('file host', (variant) => {
  const t = useTestApp(variant);
  let token: string;
  beforeAll(async () => {
    token = (await registerPartner(t.app)).accessToken;
  });

  const upload = (parts: Part[], url = '/FileUpload/Single/Query', auth = token) => {
    const { payload, headers } = multipartBody(parts);
    return as(t.app, auth).post(url, payload, { headers });
  };
  const storedCount = async () => (await t.database.db.select({ n: count() }).from(storedFiles))[0]?.n ?? 0;
  const get = (url: string, auth?: string) => as(t.app, auth).get(url);

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

  it('serves the re-encoded image, never bytes hidden after its end', async () => {
    const png = await pngImage(300, 200);
    const smuggled = Buffer.concat([
      png,
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
      Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...Array(56).fill(0)]),
    ]);
    const [file] = (await upload([{ name: 'file', filename: 'cover.png', data: smuggled }])).json() as Uploaded[];
    const served = await get(file?.origin ?? '');
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.includes('<html>')).toBe(false);
    expect(served.rawPayload.includes(Buffer.from([0x7f, 0x45, 0x4c, 0x46]))).toBe(false);
    // a PNG ends with its IEND chunk
    expect(served.rawPayload.subarray(-8, -4).toString('latin1')).toBe('IEND');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 300, height: 200 });
  });

  it('refuses an image wider or taller than 4096 pixels, and stores nothing', async () => {
    const before = await storedCount();
    for (const [width, height] of [
      [4097, 16],
      [16, 4097],
      [6000, 6000],
    ] as const) {
      const response = await upload([{ name: 'file', filename: 'panorama.png', data: await pngImage(width, height) }]);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        errorCode: 'ImageDimensionsTooLarge',
        message: 'Image must be at most 4096 × 4096 pixels!',
      });
    }
    expect(await storedCount()).toBe(before);
    expect((await upload([{ name: 'file', filename: 'wide.png', data: await pngImage(4096, 16) }])).statusCode).toBe(
      200,
    );
  });

  it('refuses a build whose container does not parse, says why, and stores nothing', async () => {
    const before = await storedCount();
    const elf = Buffer.concat([Buffer.from('glTF', 'latin1'), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0])]);
    const glbThenElf = await upload([
      { name: 'file', filename: 'model.glb', data: Buffer.concat([elf, Buffer.alloc(4084)]) },
    ]);
    expect(glbThenElf.statusCode).toBe(422);
    expect(glbThenElf.json()).toEqual({
      errorCode: 'BuildUnreadable',
      message:
        'The file is not a glTF 2.0 binary (its header says container version 1179403647): export it as glTF 2.0.',
    });
    const cut = glbBuild(8192).subarray(0, 6000);
    const truncated = await upload([{ name: 'file', filename: 'cut.glb', data: cut }]);
    expect(truncated.json()).toMatchObject({
      errorCode: 'BuildUnreadable',
      message: expect.stringMatching(/truncated/),
    });
    const bundle = await upload([
      { name: 'file', filename: 'game.ab', data: Buffer.from('Unity, then anything at all') },
    ]);
    expect(bundle.statusCode).toBe(422);
    expect(bundle.json()).toEqual({
      errorCode: 'BuildUnreadable',
      message: 'The file does not start with an AssetBundle signature (UnityFS).',
    });
    expect(await storedCount()).toBe(before);
    const leftovers = await readdir(path.join(t.config.dataDir, 'tmp')).catch(() => []);
    expect(leftovers).toEqual([]);
  });

  it('serves a build with a non-ASCII name under an RFC 5987 file name', async () => {
    const data = glbBuild(4096);
    const [file] = (await upload([{ name: 'file', filename: '模型.glb', data }])).json() as Uploaded[];
    expect(file?.name).toBe('模型.glb');
    const served = await get(file?.origin ?? '', token);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="??.glb"; filename*=UTF-8''%E6%A8%A1%E5%9E%8B.glb`,
    );
    expect(served.rawPayload.equals(data)).toBe(true);
  });

  it('decides who may read a build before it opens the stored file', async () => {
    const [file] = (
      await upload([{ name: 'file', filename: 'private.glb', data: glbBuild(4096) }])
    ).json() as Uploaded[];
    const key = (file?.origin ?? '').replace(/^\/files\//, '');
    const storage = createDiskStorage(path.join(t.config.dataDir, 'files'));
    const get = vi.spyOn(storage, 'get');
    const files = createFilesService({
      db: t.database.db,
      config: t.config,
      storage,
      log: t.app.log,
      secretKey: 'a test secret key of thirty-two characters or more',
    });
    const stranger = await t.app.services.access.authenticate((await registerPartner(t.app)).accessToken);
    const noTesters = { canInstall: async () => false };
    await expect(files.openFile(key, stranger, noTesters)).rejects.toMatchObject({
      errorCode: 'FileNotFound',
    });
    await expect(files.openFile(key, undefined, noTesters)).rejects.toMatchObject({ errorCode: 'FileNotFound' });
    expect(get).not.toHaveBeenCalled();
  });

  it.each([
    ['without a boundary', (type: string) => type.replace(/; boundary=.*$/, ''), (body: Buffer) => body],
    ['with another boundary', () => 'multipart/form-data; boundary=----somethingelse', (body: Buffer) => body],
    ['cut off before its closing boundary', (type: string) => type, (body: Buffer) => body.subarray(0, 400)],
    ['cut off inside a part header', (type: string) => type, (body: Buffer) => body.subarray(0, 60)],
  ])('answers 400 to a multipart body %s', async (_label, contentType, cut) => {
    const { payload, headers } = multipartBody([{ name: 'file', filename: 'a.png', data: await pngImage(64, 64) }]);
    const response = await as(t.app, token).post('/FileUpload/Single/Query', cut(payload), {
      headers: { 'content-type': contentType(headers['content-type'] ?? '') },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'MalformedRequest' });
    const leftovers = await readdir(path.join(t.config.dataDir, 'tmp')).catch(() => []);
    expect(leftovers).toEqual([]);
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
      expect(parseContentDisposition(String(own.headers['content-disposition']))).toEqual({
        type: 'attachment',
        parameters: { filename },
      });
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

  it.each([
    ['/FileUpload/Multiple/Query', 'file', 'file'],
    ['/FileUpload/Multiple/Detail/Query', 'avatar', 'coverThumbnailUrl'],
  ])(
    'refuses a whole %s request when a later part is refused, keeping none of its files',
    async (url, first, second) => {
      const before = await storedCount();
      const response = await upload(
        [
          { name: first, filename: 'good.png', data: await pngImage(200, 200) },
          { name: second, filename: 'bad.png', data: Buffer.from('not an image at all') },
        ],
        url,
      );
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ errorCode: 'ImageTypeInvalid' });
      expect(await storedCount()).toBe(before);
    },
  );

  it('refuses a request without a file part, one that is not multipart, and one without a session', async () => {
    const noFile = await upload([{ name: 'note', data: 'hello' }]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({ errorCode: 'FileMissing' });
    const json = await as(t.app, token).post('/FileUpload/Single/Query', { file: 'x' });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ errorCode: 'UnsupportedMediaType' });
    const { payload, headers } = multipartBody([{ name: 'file', filename: 'a.png', data: await pngImage(50, 50) }]);
    const anonymous = await as(t.app).post('/FileUpload/Single/Query', payload, { headers });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 404 for a file that does not exist', async () => {
    expect((await get('/files/00000000-0000-4000-8000-000000000000/origin.png')).json()).toMatchObject({
      errorCode: 'FileNotFound',
    });
    expect((await get('/files/..%2F..%2Fetc%2Fpasswd')).json()).toMatchObject({ errorCode: 'FileNotFound' });
  });
});

describe('file host: refusing uploads over a real connection', () => {
  const t = useTestApp('pglite');
  let token: string;
  let port: number;
  beforeAll(async () => {
    token = (await registerPartner(t.app)).accessToken;
    port = await listenOnFreePort(t.app);
  });

  it.each([
    ['a 6 MB file of another type', 'setup.exe', 6, 10, 415, 'UnsupportedMediaType'],
    ['a 6 MB text file named .png', 'notes.png', 6, 10, 415, 'ImageTypeInvalid'],
    ['a 60 MB build', 'huge.glb', 60, 2, 413, 'BuildTooLarge'],
  ])(
    "answers %s sent with Node's fetch, rather than cutting the connection under it",
    async (_label, name, megabytes, times, status, errorCode) => {
      // Another process, as a real client is: in this one the server and the client take turns, and the client
      // always reads the answer before the connection is cut.
      const { stdout } = await promisify(execFile)(process.execPath, [
        '--input-type=module',
        '-e',
        FETCH_UPLOAD_CLIENT,
        `http://127.0.0.1:${port}/FileUpload/Single/Query`,
        token,
        name,
        String(megabytes * 1024 * 1024),
        String(times),
      ]);
      const answers = JSON.parse(stdout) as Array<{ status: number; body: { errorCode?: string } } | { error: string }>;
      expect(answers).toEqual(Array(times).fill({ status, body: expect.objectContaining({ errorCode }) }));
    },
  );

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

describe('file host: temporary files left by killed uploads', () => {
  const leftover = async (dir: string, hoursOld: number) => {
    const file = path.join(dir, `left-${Math.random().toString(16).slice(2)}`);
    await writeFile(file, Buffer.alloc(64 * 1024, 1));
    const at = new Date(Date.now() - hoursOld * 60 * 60 * 1000);
    await utimes(file, at, at);
    return path.basename(file);
  };

  it('removes every temporary file when the server starts', async () => {
    const dataDir = await makeTempDir('sweep');
    const tmp = path.join(dataDir, 'tmp');
    await mkdir(tmp);
    await leftover(tmp, 0);
    await leftover(tmp, 30);
    const t = await createTestApp('pglite', { DATA_DIR: dataDir });
    try {
      expect(await readdir(tmp)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('removes, every hour, the temporary files nothing has written to for an hour', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let t: TestApp | undefined;
    try {
      t = await createTestApp('pglite');
      const tmp = path.join(t.config.dataDir, 'tmp');
      await mkdir(tmp, { recursive: true });
      const stale = await leftover(tmp, 2);
      const live = await leftover(tmp, 0);
      vi.advanceTimersByTime(TEMP_FILE_MAX_AGE_MS);
      await vi.waitFor(async () => expect(await readdir(tmp)).not.toContain(stale));
      expect(await readdir(tmp)).toEqual([live]);
    } finally {
      vi.useRealTimers();
      await t?.close();
    }
  });
});
