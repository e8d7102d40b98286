import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Db } from '../db/client.ts';
import { createGameInTesting, modelBody, uploadBuild, uploadImage } from './catalog.ts';
import { registerConnectedPartner, registerPartner, userIdOf } from './partners.ts';
import { as } from './requests.ts';
import { multipartBody, pngImage } from './uploads.ts';

/** A connected partner who owns one of everything, and the ids of it all. */
export interface PartnerEstate {
  userId: string;
  email: string;
  password: string;
  token: string;
  productId: string;
  productVersionId: string;
  modelId: string;
  modelVersionId: string;
  whitelistEntryId: string;
  /** The whitelisted tester's email. */
  testerEmail: string;
  imageUrl: string;
  buildUrl: string;
  stageId: string;
  carouselId: string;
  /** An image uploaded to place on stages. */
  stageImageId: string;
  /** An API key of the partner's (its id, not its secret). */
  apiKeyId: string;
}

async function expectOk(response: { statusCode: number; body: string }, what: string) {
  if (response.statusCode >= 300) throw new Error(`${what} failed (${response.statusCode}): ${response.body}`);
  return JSON.parse(response.body) as Record<string, unknown>;
}

/**
 * Registers a connected partner who owns a game with a testing version (builds uploaded, one message to the
 * reviewers), a 3D model with a testing version, a whitelisted tester, an image and a build.
 */
export async function createPartnerEstate(app: FastifyInstance, name = 'Estate'): Promise<PartnerEstate> {
  const partner = await registerConnectedPartner(app);
  const game = await createGameInTesting(app, partner.accessToken, `${name} game`);
  /** A partner's POST, which must succeed: what it made. */
  const post = async (
    url: string,
    payload: InjectOptions['payload'],
    what: string,
    headers: Record<string, string> = {},
  ) => expectOk(await as(app, partner.accessToken).post(url, payload, { headers }), what);
  await post(
    `/api/Product/Version/Messages/${game.versionId}`,
    { message: 'Ready when you are.' },
    'posting a review message',
  );
  const model = await post(
    '/api/Model',
    await modelBody(app, partner.accessToken, { name: `${name} model` }),
    'creating a model',
  );
  const modelVersion = await post(
    '/api/Model/Version',
    { modelId: model.id, modelVersion: 1 },
    'adding a model version',
  );
  const tester = await registerPartner(app);
  const entry = await post('/api/WhiteList', { email: tester.email }, 'whitelisting a tester');
  const upload = multipartBody([{ name: 'file', filename: 'poster.png', data: await pngImage(320, 480) }]);
  const stageImage = await post('/api/Stage/Media', upload.payload, 'uploading a stage image', upload.headers);
  const placement = { position: [0, 1, 0], rotation: [0, 0, 0], scale: [1, 1, 1] };
  const stage = await post(
    '/api/Stage',
    {
      name: `${name} stage`,
      latitude: 22.28,
      longitude: 114.16,
      anchorId: `${name}-anchor`,
      contents: [{ type: 'Image', assetId: stageImage.id, ...placement }],
    },
    'creating a stage',
  );
  const carousel = await post(
    '/api/Stage/VerticalCarousel',
    { stageId: stage.id, images: [stageImage.id], ...placement },
    'adding a vertical carousel',
  );
  const apiKey = await post(
    '/api/ApiKey',
    { name: `${name} CI`, scopes: ['read', 'upload', 'versions'] },
    'creating an API key',
  );
  return {
    userId: await userIdOf(app.db, partner.email),
    email: partner.email,
    password: partner.password,
    token: partner.accessToken,
    productId: game.productId,
    productVersionId: game.versionId,
    modelId: model.id as string,
    modelVersionId: modelVersion.id as string,
    whitelistEntryId: entry.id as string,
    testerEmail: tester.email,
    imageUrl: (await uploadImage(app, partner.accessToken)).origin,
    buildUrl: await uploadBuild(app, partner.accessToken, `${name}.glb`),
    stageId: stage.id as string,
    carouselId: carousel.id as string,
    stageImageId: stageImage.id as string,
    apiKeyId: apiKey.id as string,
  };
}

/** The rows `from` gives where `where` names the partner (as $1), as one JSON text in a stable order. */
const rowsAsText = (from: string, where: string, row = 't', order = 't::text') =>
  `(select coalesce(json_agg(${row} order by ${order}), '[]')::text from ${from} where ${where})`;
/** Every column of the partner's rows of `table`, found by `column`. */
const byUser = (table: string, column = 'owner_id') => rowsAsText(`${table} t`, `t.${column} = $1`);
/** The id and `columns` of the partner's rows of `table`: the rest changes on its own (a session's last use). */
const stateByUser = (table: string, columns: string) =>
  rowsAsText(table, 'user_id = $1', `json_build_array(id, ${columns})`, 'id');

/** Everything a partner owns, one row set per table; sessions and connect attempts by their state only. */
const SNAPSHOT_PARTS = [
  byUser('users', 'id'),
  byUser('products'),
  byUser('models'),
  byUser('versions'),
  rowsAsText('review_messages t join versions v on v.id = t.version_id', 'v.owner_id = $1'),
  byUser('whitelist_entries'),
  byUser('stored_files'),
  byUser('payout_accounts', 'user_id'),
  byUser('subscriptions', 'user_id'),
  byUser('stage_media'),
  byUser('stages'),
  rowsAsText('stage_carousels t join stages s on s.id = t.stage_id', 's.owner_id = $1'),
  stateByUser('connect_attempts', 'used_at'),
  stateByUser('sessions', 'revoked_at'),
  stateByUser('api_keys', 'name, scopes, expires_at, revoked_at'),
];
const SNAPSHOT_SQL = `select md5(concat_ws('|', ${SNAPSHOT_PARTS.join(', ')})) as hash`;

/** A hash of every row a partner owns: equal hashes, unchanged data. */
export async function snapshotPartnerData(db: Db, userId: string): Promise<string> {
  const query = sql.join(
    SNAPSHOT_SQL.split('$1').map((part) => sql.raw(part)),
    sql`${userId}::uuid`,
  );
  const result = (await db.execute(query)) as unknown as { rows: Array<{ hash: string }> };
  const hash = result.rows[0]?.hash;
  if (!hash) throw new Error('the partner snapshot query answered nothing');
  return hash;
}
