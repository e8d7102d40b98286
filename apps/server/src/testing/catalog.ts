import type { ModelBody, ProductBody, UploadedFile } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { bearer } from './partners.ts';
import { glbBuild, multipartBody, pngImage, unityBundle } from './uploads.ts';

/** One file through the file host's single upload, as a partner's browser sends it. */
async function uploadOne(app: FastifyInstance, token: string, filename: string, data: Buffer): Promise<UploadedFile> {
  const { payload, headers } = multipartBody([{ name: 'file', filename, data }]);
  const response = await app.inject({
    method: 'POST',
    url: '/FileUpload/Single/Query',
    payload,
    headers: { ...headers, ...bearer(token) },
  });
  if (response.statusCode !== 200) throw new Error(`upload failed: ${response.body}`);
  return (response.json() as UploadedFile[])[0] as UploadedFile;
}

export async function uploadImage(
  app: FastifyInstance,
  token: string,
  width = 640,
  height = 480,
): Promise<UploadedFile> {
  return uploadOne(app, token, 'image.png', await pngImage(width, height));
}

/** The four image URLs of a save payload, from an uploaded icon and cover. */
export function imageUrls(icon: UploadedFile, cover: UploadedFile) {
  return {
    iconUrl: icon.origin,
    thumbnailUrl: icon.medium ?? icon.origin,
    smallThumbnailUrl: icon.small ?? icon.origin,
    coverThumbnailUrl: cover.origin,
  };
}

export async function productBody(app: FastifyInstance, token: string, overrides: Partial<ProductBody> = {}) {
  const images = imageUrls(await uploadImage(app, token), await uploadImage(app, token, 1280, 720));
  return {
    name: 'Orbit Tag',
    description: 'Tag your friends by throwing glowing orbs around the room.',
    introduce: 'Multiplayer AR tag',
    tokensToPlay: 5,
    minNumberOfPlayers: 2,
    maxNumberOfPlayers: 8,
    price: 4.99,
    tags: ['Multiplayer', 'Party'],
    ...images,
    ...overrides,
  } satisfies ProductBody;
}

export async function modelBody(app: FastifyInstance, token: string, overrides: Partial<ModelBody> = {}) {
  const images = imageUrls(await uploadImage(app, token), await uploadImage(app, token, 1280, 720));
  return {
    name: 'Lantern Fox',
    description: 'A low-poly fox carrying a paper lantern, rigged for idle and walk.',
    price: 12.5,
    categoryId: 2,
    tags: ['Animal', 'LowPoly'],
    ...images,
    ...overrides,
  } satisfies ModelBody;
}

/** Uploads a build (by default a small one of the type its name says) and answers its URL. */
export async function uploadBuild(
  app: FastifyInstance,
  token: string,
  filename = 'build.glb',
  data: Buffer = filename.endsWith('.glb') ? glbBuild(32 * 1024) : unityBundle(32 * 1024),
): Promise<string> {
  const url = (await uploadOne(app, token, filename, data)).origin;
  await waitForValidation(app, token, url);
  return url;
}

/** Waits until the reference validator has finished with an uploaded .glb (a version cannot be submitted before). */
export async function waitForValidation(app: FastifyInstance, token: string, url: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const report = await app.inject({
      url: `/FileUpload/Report?${new URLSearchParams({ url })}`,
      headers: bearer(token),
    });
    const state = (report.json() as { validation?: { state: string } | null }).validation?.state;
    if (state !== 'pending') return;
    if (Date.now() > deadline) throw new Error(`the validation of ${url} did not finish`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A connected partner's AR game with version 1 in testing, its iOS and Android builds uploaded and saved. */
export async function createGameInTesting(app: FastifyInstance, token: string, name = 'Orbit Tag') {
  const auth = bearer(token);
  const product = await app.inject({
    method: 'POST',
    url: '/api/Product',
    headers: auth,
    payload: await productBody(app, token, { name }),
  });
  const productId = (product.json() as { id: string }).id;
  const version = await app.inject({
    method: 'POST',
    url: '/api/Product/Version',
    headers: auth,
    payload: { productId, productVersion: 1 },
  });
  const versionId = (version.json() as { id: string }).id;
  const builds = {
    iosAssetUrl: await uploadBuild(app, token, `${name}-ios.ab`),
    androidAssetUrl: await uploadBuild(app, token, `${name}-android.glb`),
  };
  const saved = await app.inject({
    method: 'PUT',
    url: `/api/Product/Version/${versionId}`,
    headers: auth,
    payload: { updateLog: 'First version', ...builds },
  });
  if (saved.statusCode !== 200) throw new Error(`saving the version failed: ${saved.body}`);
  return { productId, versionId, ...builds };
}
