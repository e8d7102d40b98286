import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import {
  ADMIN,
  adminEnv,
  as,
  buyFreeMonth,
  createModel,
  createScratchDatabase,
  describeEachDatabase,
  pngImage,
  postFile,
  readOutbox,
  registerConnectedPartner,
  releaseFirstVersion,
  signIn,
  testConfig,
  useAdminAndPartner,
} from '../../testing/index.ts';

const PORTAL = 'http://localhost:8080';
const place = { position: [0, 1, 0], rotation: [0, 0, 0], scale: [1, 1, 1] };

interface NearbyContent {
  type: string;
  name: string;
  assetId: string | null;
  url: string | null;
}
interface NearbyAnswer {
  data: Array<{ id: string; name: string; contents: NearbyContent[] }>;
}

/**
 * A partner's published stage at (lat, 114.16) showing a released 3D model of theirs (its .glb build, which only they
 * may read unsigned) beside an image; answers the ids and the URLs as the partner's own view holds them.
 */
async function publishedStageWithModel(
  app: FastifyInstance,
  tokens: { partner: string; admin: string },
  latitude: number,
  names: { stage: string; model: string },
) {
  const model = await createModel(app, tokens.partner, { name: names.model });
  await releaseFirstVersion(app, tokens, 'Model', model.id);
  const image = (
    await postFile(app, tokens.partner, 'poster.png', await pngImage(320, 480), '/api/Stage/Media')
  ).json() as { id: string };
  const owner = as(app, tokens.partner);
  const created = await owner.post('/api/Stage', {
    name: names.stage,
    latitude,
    longitude: 114.16,
    anchorId: `${names.stage}-anchor`,
    contents: [
      { type: 'Asset3D', assetId: model.id, ...place },
      { type: 'Image', assetId: image.id, ...place },
    ],
  });
  expect(created.statusCode, created.body).toBe(200);
  const stage = created.json() as { id: string; contents: NearbyContent[] };
  await buyFreeMonth(app, tokens.partner, PORTAL);
  expect((await owner.put(`/api/Stage/Publish/${stage.id}`)).statusCode).toBe(200);
  const [modelContent, imageContent] = stage.contents;
  return {
    stageId: stage.id,
    modelId: model.id,
    modelUrl: modelContent?.url ?? '',
    imageUrl: imageContent?.url ?? '',
  };
}

const nearbyAt = async (app: FastifyInstance, latitude: number) =>
  ((await as(app).get(`/game/api/Stage/Nearby?lat=${latitude}&lng=114.16&radius=100`)).json() as NearbyAnswer).data;

/** The live version of a model: what the admin takes down. */
async function liveVersionOf(app: FastifyInstance, token: string, modelId: string): Promise<string> {
  const versions = (await as(app, token).get(`/api/Model/Versions/${modelId}`)).json() as {
    releaseVersion: { id: string } | null;
  };
  return versions.releaseVersion?.id ?? '';
}

describeEachDatabase('what the AR app is told to show on stages', (variant) => {
  const { t, admin, partner } = useAdminAndPartner(variant, { PUBLIC_URL: PORTAL, PAYMENTS: 'sandbox' });
  const tokens = () => ({ partner: partner.accessToken, admin: admin.accessToken });

  it("answers a stage's 3D model under a URL signed for an hour, which anyone may read and nobody may alter", async () => {
    const stage = await publishedStageWithModel(t.app, tokens(), 22.31, { stage: 'Pier', model: 'Lantern' });
    expect(stage.modelUrl).toMatch(/^\/files\/.+\.glb$/);
    // the build is the partner's: unsigned, nobody else reads it
    expect((await as(t.app).get(stage.modelUrl)).statusCode).toBe(404);

    const before = Date.now();
    const [shown] = await nearbyAt(t.app, 22.31);
    const model = shown?.contents.find((content) => content.type === 'Asset3D');
    const image = shown?.contents.find((content) => content.type === 'Image');
    expect(model?.url).toMatch(/^\/files\/.+\.glb\?expires=\d+&signature=[0-9a-f]{64}$/);
    const signed = new URL(model?.url ?? '', PORTAL);
    expect(signed.pathname).toBe(stage.modelUrl);
    const expires = Number(signed.searchParams.get('expires')) * 1000;
    expect(expires).toBeGreaterThanOrEqual(before + 60 * 60 * 1000 - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 65 * 60 * 1000);
    // images are public: answered as they are
    expect(image?.url).toBe(stage.imageUrl);

    const download = await as(t.app).get(model?.url ?? '');
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 4).toString()).toBe('glTF');

    const signature = signed.searchParams.get('signature') ?? '';
    const tampered = [
      `${stage.modelUrl}?expires=${signed.searchParams.get('expires')}&signature=${signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))}`,
      `${stage.modelUrl}?expires=${Number(signed.searchParams.get('expires')) + 3600}&signature=${signature}`,
      `${stage.modelUrl}?expires=${signed.searchParams.get('expires')}`,
      `${stage.modelUrl}?signature=${signature}`,
      `${stage.modelUrl}?expires=soon&signature=${signature}`,
      `${stage.modelUrl}?expires=${signed.searchParams.get('expires')}&signature=${signature}&signature=${signature}`,
      // another file under this file's signature
      `${stage.modelUrl.replace(/\/origin\.glb$/, '/other.glb')}?${signed.searchParams}`,
    ];
    for (const url of tampered) {
      const response = await as(t.app).get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ errorCode: 'FileNotFound' });
    }
    // signed by this server, but expired a second ago
    const expired = t.app.services.files.signedUrl(stage.modelUrl, new Date(Date.now() - 1000)) ?? '';
    expect(expired).toContain('signature=');
    expect((await as(t.app).get(expired)).statusCode).toBe(404);
    // the owner still reads it unsigned
    expect((await as(t.app, partner.accessToken).get(stage.modelUrl)).statusCode).toBe(200);
  });

  it("takes a 3D model an admin took down off every stage that places it at once, and mails the stage's partner", async () => {
    const stage = await publishedStageWithModel(t.app, tokens(), 22.33, { stage: 'Ferry Gate', model: 'Paper Boat' });
    expect((await nearbyAt(t.app, 22.33))[0]?.contents.map((content) => content.type)).toEqual(['Asset3D', 'Image']);
    const versionId = await liveVersionOf(t.app, partner.accessToken, stage.modelId);

    const takenDown = await as(t.app, admin.accessToken).put(`/api/Admin/TakeDown/${versionId}`, {
      reason: 'The model copies a registered design.',
    });
    expect(takenDown.statusCode, takenDown.body).toBe(200);
    expect(takenDown.json()).toMatchObject({ id: versionId, isLive: false, takeDownRole: 'Admins' });

    // the next answer no longer carries it; the rest of the stage shows as before
    const [shown] = await nearbyAt(t.app, 22.33);
    expect(shown?.contents).toEqual([expect.objectContaining({ type: 'Image', url: stage.imageUrl })]);
    const own = (await as(t.app, partner.accessToken).get(`/api/Stage/${stage.stageId}`)).json() as {
      state: string;
      contents: NearbyContent[];
    };
    expect(own).toMatchObject({ state: 'Published', contents: [expect.objectContaining({ type: 'Image' })] });
    expect(own.contents).toHaveLength(1);

    const mails = (await readOutbox(t.app)).filter(
      (mail) => mail.to === partner.email && mail.subject === 'A 3D model was taken off your stages',
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('“Paper Boat” from your stage “Ferry Gate”');
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;

(postgresUrl ? describe : describe.skip)(
  `a take-down across two nodes on one PostgreSQL${postgresUrl ? '' : ' (skipped: TEST_DATABASE_URL is not set)'}`,
  () => {
    let database: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
    const nodes: FastifyInstance[] = [];
    beforeAll(async () => {
      database = await createScratchDatabase();
      // the default look for other nodes' changes (NEARBY_SYNC_MS, 1 s)
      const config = testConfig({ DATABASE_URL: database.url, PUBLIC_URL: PORTAL, PAYMENTS: 'sandbox', ...adminEnv() });
      nodes.push(...(await Promise.all([buildApp(config, { logger: false }), buildApp(config, { logger: false })])));
    }, 60_000);
    afterAll(async () => {
      await Promise.all(nodes.map((app) => app.close()));
      await database?.drop();
    });

    it('stops the other node serving the model within its look for changes', async () => {
      const [a, b] = nodes as [FastifyInstance, FastifyInstance];
      const partner = await registerConnectedPartner(a);
      const adminToken = await signIn(a, ADMIN);
      const stage = await publishedStageWithModel(a, { partner: partner.accessToken, admin: adminToken }, 22.35, {
        stage: 'Tram Stop',
        model: 'Tin Robot',
      });
      await vi.waitFor(async () => expect((await nearbyAt(b, 22.35))[0]?.contents).toHaveLength(2), {
        timeout: 5000,
        interval: 50,
      });
      const versionId = await liveVersionOf(a, partner.accessToken, stage.modelId);
      expect(
        (await as(a, adminToken).put(`/api/Admin/TakeDown/${versionId}`, { reason: 'Withdrawn.' })).statusCode,
      ).toBe(200);
      await vi.waitFor(
        async () => expect((await nearbyAt(b, 22.35))[0]?.contents.map((content) => content.type)).toEqual(['Image']),
        { timeout: 5000, interval: 50 },
      );
    });
  },
);
