import type { ModelBody, ProductBody, UploadedFile } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { bearer } from './partners.ts';
import { glbBuild, multipartBody, pngImage, unityBundle } from './uploads.ts';

export async function uploadImage(
  app: FastifyInstance,
  token: string,
  width = 640,
  height = 480,
): Promise<UploadedFile> {
  const { payload, headers } = multipartBody([
    { name: 'file', filename: 'image.png', data: await pngImage(width, height) },
  ]);
  const response = await app.inject({
    method: 'POST',
    url: '/FileUpload/Single/Query',
    payload,
    headers: { ...headers, ...bearer(token) },
  });
  if (response.statusCode !== 200) throw new Error(`upload failed: ${response.body}`);
  return (response.json() as UploadedFile[])[0] as UploadedFile;
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

export async function uploadBuild(app: FastifyInstance, token: string, filename = 'build.glb'): Promise<string> {
  const data = filename.endsWith('.glb') ? glbBuild(32 * 1024) : unityBundle(32 * 1024);
  const { payload, headers } = multipartBody([{ name: 'file', filename, data }]);
  const response = await app.inject({
    method: 'POST',
    url: '/FileUpload/Single/Query',
    payload,
    headers: { ...headers, ...bearer(token) },
  });
  if (response.statusCode !== 200) throw new Error(`upload failed: ${response.body}`);
  return (response.json() as UploadedFile[])[0]?.origin as string;
}
