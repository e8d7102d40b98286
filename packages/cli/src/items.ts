import {
  addModelVersionBodySchema,
  addProductVersionBodySchema,
  type ModelPage,
  type ModelVersion,
  type ModelVersionsResponse,
  type ProductPage,
  type ProductVersion,
  type ProductVersionsResponse,
  reviewStatusLabels,
} from '@portal/contracts';
import type { ItemType } from '@portal/contracts/item-types';
import type { z } from 'zod';
import type { ApiClient } from './api.ts';
import { CliError } from './errors.ts';

/** What `--type` says, and what the API calls it. */
export const ITEM_TYPE_FLAGS = { game: 'Product', model: 'Model' } as const satisfies Record<string, ItemType>;
export type ItemTypeFlag = keyof typeof ITEM_TYPE_FLAGS;
export const flagOfType = (type: ItemType): ItemTypeFlag => (type === 'Product' ? 'game' : 'model');

export const basePathOf = (type: ItemType) => (type === 'Product' ? '/api/Product' : '/api/Model');

export interface Item {
  id: string;
  type: ItemType;
  name: string;
  status: string;
}

/** A version of either item type, with its number under one name. */
export interface VersionView {
  id: string;
  number: number;
  slot: string;
  reviewStatus: string;
  status: string;
  updateLog: string;
  unapproveReason: string | null;
  iosAssetUrl: string | null;
  androidAssetUrl: string | null;
  visionOSAssetUrl: string | null;
  macOSAssetUrl: string | null;
  submittedAt: string | null;
  /** Newer servers only: read defensively. */
  releasedAt?: string | null;
  releaseOnAcceptance?: boolean;
  isLive?: boolean;
}

/** The first error message of a failed parse, as the contracts word it. */
export function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Some fields are missing or invalid.';
}

/**
 * A version number typed on the command line, checked with the contracts' rule (the one the API applies) before
 * anything is sent.
 */
export function parseVersionNumber(text: string): number {
  const value = text.trim() === '' ? undefined : Number(text);
  const parsed = addProductVersionBodySchema.shape.productVersion.safeParse(value);
  if (!parsed.success) throw new CliError('ValidationFailed', firstMessage(parsed.error));
  return parsed.data;
}

/** The body of `POST …/Version` for an item, validated with its type's schema. */
export function addVersionBody(item: Pick<Item, 'id' | 'type'>, number: number) {
  const parsed =
    item.type === 'Product'
      ? addProductVersionBodySchema.safeParse({ productId: item.id, productVersion: number })
      : addModelVersionBodySchema.safeParse({ modelId: item.id, modelVersion: number });
  if (!parsed.success) throw new CliError('ValidationFailed', firstMessage(parsed.error));
  return parsed.data;
}

function toItem(type: ItemType, raw: { id: string; name: string; status: string }): Item {
  return { id: raw.id, type, name: raw.name, status: raw.status };
}

/** The partner's games and 3D models, games first, newest first within each. */
export async function listItems(client: ApiClient): Promise<Item[]> {
  const query = { PageIndex: 1, PageSize: -1 };
  const [products, models] = await Promise.all([
    client.request<ProductPage>('GET', '/api/Product', { query }),
    client.request<ModelPage>('GET', '/api/Model', { query }),
  ]);
  return [...products.data.map((p) => toItem('Product', p)), ...models.data.map((m) => toItem('Model', m))];
}

/** One of the partner's items, of the given type, or looked up as a game and then as a 3D model. */
export async function findItem(client: ApiClient, id: string, type?: ItemType): Promise<Item> {
  const types: ItemType[] = type ? [type] : ['Product', 'Model'];
  for (const candidate of types) {
    try {
      const raw = await client.request<{ id: string; name: string; status: string }>(
        'GET',
        `${basePathOf(candidate)}/${encodeURIComponent(id)}`,
      );
      return toItem(candidate, raw);
    } catch (error) {
      const isMissing =
        error instanceof CliError && ['ProductNotFound', 'ModelNotFound', 'NotFound'].includes(error.errorCode);
      if (!isMissing) throw error;
    }
  }
  const what = type ? (type === 'Product' ? 'AR game' : '3D model') : 'game or 3D model';
  throw new CliError('NotFound', `You have no ${what} with the id ${id}: lumora items lists yours.`);
}

function toVersionView(raw: ProductVersion | ModelVersion): VersionView {
  const number = 'productVersion' in raw ? raw.productVersion : raw.modelVersion;
  return { ...raw, number };
}

export interface ItemVersions {
  testing: VersionView | null;
  release: VersionView | null;
  history: VersionView[];
  all: VersionView[];
}

export async function listVersions(client: ApiClient, item: Pick<Item, 'id' | 'type'>): Promise<ItemVersions> {
  const response = await client.request<ProductVersionsResponse | ModelVersionsResponse>(
    'GET',
    `${basePathOf(item.type)}/Versions/${encodeURIComponent(item.id)}`,
  );
  const testing = response.testingVersion ? toVersionView(response.testingVersion) : null;
  const release = response.releaseVersion ? toVersionView(response.releaseVersion) : null;
  const history = response.historyVersions.map(toVersionView);
  return { testing, release, history, all: [testing, release, ...history].filter((v) => v !== null) };
}

export function findVersion(item: Item, versions: ItemVersions, number: number): VersionView {
  const version = versions.all.find((v) => v.number === number);
  if (!version) {
    const known = versions.all.map((v) => v.number).sort((a, b) => a - b);
    const hint = known.length ? ` Its versions: ${known.join(', ')}.` : ' It has no versions yet: lumora version add.';
    throw new CliError('VersionNotFound', `${item.name} has no version ${number}.${hint}`);
  }
  return version;
}

/** One of the partner's items and its version `number`, as `lumora <command> <itemId> <number>` names them. */
export async function findItemVersion(
  client: ApiClient,
  itemId: string,
  number: number,
  type?: ItemType,
): Promise<{ item: Item; version: VersionView }> {
  const item = await findItem(client, itemId, type);
  return { item, version: findVersion(item, await listVersions(client, item), number) };
}

/** The version the marketplace serves: the server says so on newer servers; else the active, released release. */
export function liveVersionIn(versions: ItemVersions): VersionView | null {
  if (versions.all.some((v) => v.isLive !== undefined)) return versions.all.find((v) => v.isLive) ?? null;
  const { release } = versions;
  return release && release.reviewStatus === 'AcceptedAndReleased' && release.status === 'Active' ? release : null;
}

export function reviewStatusLabel(status: string): string {
  return (reviewStatusLabels as Record<string, string>)[status] ?? status;
}
