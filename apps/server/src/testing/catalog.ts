import type { Model, ModelBody, Product, ProductBody, UploadedFile } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { as } from './requests.ts';
import { glbBuild, pngImage, postFile, unityBundle } from './uploads.ts';

/** One file through the file host's single upload, as a partner's browser sends it. */
async function uploadOne(app: FastifyInstance, token: string, filename: string, data: Buffer): Promise<UploadedFile> {
  const response = await postFile(app, token, filename, data);
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

/** An AR game's save payload around its image URLs. */
export function productFields(images: ReturnType<typeof imageUrls>, overrides: Partial<ProductBody> = {}) {
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

/** An icon and a cover uploaded by the partner, and their URLs. */
async function uploadedImages(app: FastifyInstance, token: string) {
  return imageUrls(await uploadImage(app, token), await uploadImage(app, token, 1280, 720));
}

export async function productBody(app: FastifyInstance, token: string, overrides: Partial<ProductBody> = {}) {
  return productFields(await uploadedImages(app, token), overrides);
}

export async function modelBody(app: FastifyInstance, token: string, overrides: Partial<ModelBody> = {}) {
  return {
    name: 'Lantern Fox',
    description: 'A low-poly fox carrying a paper lantern, rigged for idle and walk.',
    price: 12.5,
    categoryId: 2,
    tags: ['Animal', 'LowPoly'],
    ...(await uploadedImages(app, token)),
    ...overrides,
  } satisfies ModelBody;
}

/** Creates a connected partner's item (a draft) from its save payload; answers it as the API does. */
async function createItem<Item>(app: FastifyInstance, token: string, url: string, body: object): Promise<Item> {
  const response = await as(app, token).post(url, body);
  if (response.statusCode !== 200) throw new Error(`creating an item at ${url} failed: ${response.body}`);
  return response.json() as Item;
}

/** Creates a connected partner's AR game from `productBody`. */
export async function createProduct(app: FastifyInstance, token: string, overrides: Partial<ProductBody> = {}) {
  return createItem<Product>(app, token, '/api/Product', await productBody(app, token, overrides));
}

/** Creates a connected partner's 3D model from `modelBody`. */
export async function createModel(app: FastifyInstance, token: string, overrides: Partial<ModelBody> = {}) {
  return createItem<Model>(app, token, '/api/Model', await modelBody(app, token, overrides));
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

/** Uploads an iOS and an Android build (named after `prefix`, when given); answers them as a version saves them. */
export async function uploadBuilds(app: FastifyInstance, token: string, prefix?: string) {
  const name = (platform: string) => (prefix ? `${prefix}-${platform}` : platform);
  return {
    iosAssetUrl: await uploadBuild(app, token, name('ios.ab')),
    androidAssetUrl: await uploadBuild(app, token, name('android.glb')),
  };
}

/** The build report of an uploaded file, as its owner (or whoever `token` signs in) asks for it: the whole response. */
export function getBuildReport(app: FastifyInstance, token: string | undefined, url: string) {
  return as(app, token).get(`/FileUpload/Report?${new URLSearchParams({ url })}`);
}

/** Waits until the reference validator has finished with an uploaded .glb (a version cannot be submitted before). */
export async function waitForValidation(app: FastifyInstance, token: string, url: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const report = await getBuildReport(app, token, url);
    const state = (report.json() as { validation?: { state: string } | null }).validation?.state;
    if (state !== 'pending') return;
    if (Date.now() > deadline) throw new Error(`the validation of ${url} did not finish`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A connected partner's AR game with version 1 in testing, its iOS and Android builds uploaded and saved. */
export async function createGameInTesting(app: FastifyInstance, token: string, name = 'Orbit Tag') {
  const partner = as(app, token);
  const productId = (await createProduct(app, token, { name })).id;
  const version = await partner.post('/api/Product/Version', { productId, productVersion: 1 });
  const versionId = (version.json() as { id: string }).id;
  const builds = await uploadBuilds(app, token, name);
  const saved = await partner.put(`/api/Product/Version/${versionId}`, { updateLog: 'First version', ...builds });
  if (saved.statusCode !== 200) throw new Error(`saving the version failed: ${saved.body}`);
  return { productId, versionId, ...builds };
}

/** A game of `createGameInTesting`: its ids and the URLs of its builds. */
export type GameInTesting = Awaited<ReturnType<typeof createGameInTesting>>;

/**
 * Releases version 1 of a partner's new game or 3D model on the marketplace, through the API: the partner adds it
 * with its builds and submits it, the admin (`adminToken`, of an app built with `adminEnv`) accepts it. Answers the
 * version's id. What the marketplace may sell.
 */
export async function releaseFirstVersion(
  app: FastifyInstance,
  tokens: { partner: string; admin: string },
  itemType: 'Product' | 'Model',
  itemId: string,
): Promise<string> {
  const partner = as(app, tokens.partner);
  const admin = as(app, tokens.admin);
  const base = `/api/${itemType}/Version`;
  const ok = (response: { statusCode: number; body: string }, what: string) => {
    if (response.statusCode !== 200) throw new Error(`${what} failed (${response.statusCode}): ${response.body}`);
    return JSON.parse(response.body) as { id: string };
  };
  const added = ok(
    await partner.post(
      base,
      itemType === 'Product' ? { productId: itemId, productVersion: 1 } : { modelId: itemId, modelVersion: 1 },
    ),
    'adding version 1',
  );
  const builds = await uploadBuilds(app, tokens.partner);
  ok(await partner.put(`${base}/${added.id}`, { updateLog: 'First release.', ...builds }), 'saving version 1');
  ok(await partner.put(`${base}/Submit/${itemId}/${added.id}`), 'submitting version 1');
  ok(await admin.put(`/api/Admin/Review/Start/${added.id}`), 'starting its review');
  ok(await admin.put(`/api/Admin/Review/Accept/${added.id}`), 'accepting it');
  return added.id;
}
