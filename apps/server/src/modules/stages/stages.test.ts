import { distanceMetres } from '@portal/contracts';
import { expect, it } from 'vitest';
import { stages as stagesTable } from '../../db/schema/stages.ts';
import {
  as,
  buyFreeMonth,
  createModel,
  describeEachDatabase,
  glbBuild,
  pngImage,
  postFile,
  readOutbox,
  registerConnectedPartner,
  registerPartner,
  uploadBuild,
  useTestApp,
} from '../../testing/index.ts';

const PORTAL = 'http://localhost:8080';
/** A minimal MP4: a file-type box, as every MP4 starts. */
const mp4 = () => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(4096, 1)]);

type Json = Record<string, unknown>;

describeEachDatabase('VPS stages', (variant) => {
  const t = useTestApp(variant, { PUBLIC_URL: PORTAL, PAYMENTS: 'sandbox' }, { placementClock: () => clock });
  let clock = new Date('2026-05-01T10:00:00Z');

  const uploadMedia = (token: string, filename: string, data: Buffer) =>
    postFile(t.app, token, filename, data, '/api/Stage/Media');
  const imageAsset = async (token: string) => {
    const response = await uploadMedia(token, 'poster.png', await pngImage(640, 960));
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { id: string; type: string; url: string };
  };
  const place = { position: [1, 0, 2], rotation: [0, 90, 0], scale: [1, 1, 1] };
  const stageBody = (overrides: Json = {}) => ({
    name: 'Harbour Front',
    description: 'Posters along the pier',
    latitude: 22.2935,
    longitude: 114.1694,
    altitude: 4,
    heading: 180,
    anchorId: 'anchor-harbour-01',
    contents: [],
    ...overrides,
  });
  const create = async (token: string, overrides: Json = {}) => {
    const response = await as(t.app, token).post('/api/Stage', stageBody(overrides));
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Json & { id: string; state: string };
  };
  const count = async () => (await t.database.db.select().from(stagesTable)).length;

  it('creates a draft stage with images, utilities and a place, lists it paged and reads it back', async () => {
    const partner = await registerPartner(t.app);
    const image = await imageAsset(partner.accessToken);
    expect(image).toMatchObject({ type: 'Image', url: expect.stringMatching(/^\/files\/.+\.png$/) });
    const stage = await create(partner.accessToken, {
      contents: [
        { type: 'Image', assetId: image.id, name: 'Poster', ...place },
        { type: 'Utility', utility: 'TokenFountain', ...place, position: [-3, 0, 0] },
      ],
    });
    expect(stage).toMatchObject({
      state: 'Draft',
      publishedAt: null,
      expiresAt: null,
      latitude: 22.2935,
      verticalCarousels: [],
      contents: [
        { type: 'Image', name: 'Poster', assetId: image.id, url: image.url, utility: null, position: [1, 0, 2] },
        { type: 'Utility', utility: 'TokenFountain', assetId: null, url: null, position: [-3, 0, 0] },
      ],
    });
    for (let i = 0; i < 10; i += 1) await create(partner.accessToken, { name: `Stage ${i}` });
    const page1 = (await as(t.app, partner.accessToken).get('/api/Stage/Query')).json() as Json & { data: Json[] };
    expect(page1.totalCount).toBe(11);
    expect(page1.data).toHaveLength(10);
    const page2 = (await as(t.app, partner.accessToken).get('/api/Stage/Query?PageIndex=2')).json() as { data: Json[] };
    expect(page2.data.map((s) => s.id)).toEqual([stage.id]);
    expect((await as(t.app, partner.accessToken).get(`/api/Stage/${stage.id}`)).json()).toMatchObject({
      id: stage.id,
      name: 'Harbour Front',
    });
  });

  it('refuses coordinates out of range, a foreign or mistyped asset, and a wrong file, storing nothing', async () => {
    const partner = await registerPartner(t.app);
    const other = await registerPartner(t.app);
    const foreignImage = await imageAsset(other.accessToken);
    const ownImage = await imageAsset(partner.accessToken);
    const before = await count();
    for (const [overrides, code] of [
      [{ latitude: 95 }, 'ValidationFailed'],
      [{ longitude: -181 }, 'ValidationFailed'],
      [{ heading: 400 }, 'ValidationFailed'],
      [{ anchorId: '' }, 'ValidationFailed'],
      [{ contents: [{ type: 'Image', assetId: foreignImage.id, ...place }] }, 'AssetNotFound'],
      [{ contents: [{ type: 'Video', assetId: ownImage.id, ...place }] }, 'AssetTypeMismatch'],
      [{ contents: [{ type: 'Image', assetId: ownImage.id, ...place, position: [0, 0, 500] }] }, 'ValidationFailed'],
      [{ contents: [{ type: 'Utility', utility: 'Rocket', ...place }] }, 'ValidationFailed'],
    ] as Array<[Json, string]>) {
      const response = await as(t.app, partner.accessToken).post('/api/Stage', stageBody(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json()).toMatchObject({ errorCode: code, message: expect.any(String) });
    }
    expect(await count()).toBe(before);

    const text = await uploadMedia(partner.accessToken, 'notes.txt', Buffer.from('hello'));
    expect(text.statusCode).toBe(415);
    const fakeVideo = await uploadMedia(partner.accessToken, 'clip.mp4', await pngImage(100, 100));
    expect(fakeVideo.json()).toMatchObject({
      errorCode: 'VideoTypeInvalid',
      message: 'Video must be MP4 or WebM format!',
    });
    const build = await uploadMedia(partner.accessToken, 'model.glb', glbBuild(1024));
    expect(build.statusCode).toBe(415);
    const assets = (await as(t.app, partner.accessToken).get('/api/Asset/Query')).json() as { data: Json[] };
    expect(assets.data.map((a) => a.id)).toEqual([ownImage.id]);
  });

  it('lists what a partner can place: released 3D models with their glTF build, and uploaded images and videos', async () => {
    const partner = await registerConnectedPartner(t.app);
    const token = partner.accessToken;
    const model = await createModel(t.app, token, { name: 'Paper Crane' });
    const version = (
      await as(t.app, token).post('/api/Model/Version', { modelId: model.id, modelVersion: 1 })
    ).json() as {
      id: string;
    };
    const glbUrl = await uploadBuild(t.app, token, 'crane.glb');
    const saved = await as(t.app, token).put(`/api/Model/Version/${version.id}`, {
      updateLog: 'First',
      iosAssetUrl: await uploadBuild(t.app, token, 'crane-ios.ab'),
      androidAssetUrl: glbUrl,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const draftModel = await createModel(t.app, token, { name: 'Unreleased' });
    expect((await as(t.app, token).get('/api/Asset/Query?Type=Asset3D')).json()).toEqual({ data: [], totalCount: 0 });

    expect((await as(t.app, token).put(`/api/Model/Version/Submit/${model.id}/${version.id}`)).statusCode).toBe(200);
    const reviewer = (await t.app.services.access.authenticate(token))?.id ?? '';
    await t.app.services.versions.startReview(reviewer, version.id);
    await t.app.services.versions.acceptVersion(reviewer, version.id);

    const video = await uploadMedia(token, 'teaser.mp4', mp4());
    expect(video.statusCode, video.body).toBe(200);
    expect(video.json()).toMatchObject({ type: 'Video', url: expect.stringMatching(/\.mp4$/) });
    const all = (await as(t.app, token).get('/api/Asset/Query?PageSize=-1')).json() as {
      data: Json[];
      totalCount: number;
    };
    expect(all.totalCount).toBe(2);
    expect(all.data.find((a) => a.type === 'Asset3D')).toMatchObject({
      id: model.id,
      name: 'Paper Crane',
      url: glbUrl,
    });
    expect(all.data.some((a) => a.id === draftModel.id)).toBe(false);
    const stage = await create(token, { contents: [{ type: 'Asset3D', assetId: model.id, ...place }] });
    expect(stage.contents).toEqual([expect.objectContaining({ type: 'Asset3D', url: glbUrl, name: 'Paper Crane' })]);
    const videoFile = await as(t.app).get((video.json() as { url: string }).url);
    expect(videoFile.headers['content-type']).toBe('video/mp4');
  });

  it("answers 404 for another partner's stage on every route, and changes nothing", async () => {
    const owner = await registerPartner(t.app);
    const intruder = await registerPartner(t.app);
    const stage = await create(owner.accessToken);
    const image = await imageAsset(owner.accessToken);
    const carousel = (
      await as(t.app, owner.accessToken).post('/api/Stage/VerticalCarousel', {
        stageId: stage.id,
        images: [image.id],
        ...place,
      })
    ).json() as { id: string };
    const intruderImage = await imageAsset(intruder.accessToken);
    for (const [method, url, body] of [
      ['GET', `/api/Stage/${stage.id}`],
      ['PUT', `/api/Stage/${stage.id}`, stageBody({ name: 'Taken' })],
      ['DELETE', `/api/Stage/${stage.id}`],
      ['PUT', `/api/Stage/Publish/${stage.id}`],
      ['POST', '/api/Stage/VerticalCarousel', { stageId: stage.id, images: [intruderImage.id], ...place }],
      ['PUT', `/api/Stage/VerticalCarousel/${carousel.id}`, { images: [intruderImage.id], ...place }],
      ['DELETE', `/api/Stage/VerticalCarousel/${carousel.id}`],
      ['GET', '/api/Stage/not-a-uuid'],
    ] as Array<['GET' | 'PUT' | 'DELETE' | 'POST', string, Json?]>) {
      const response = await as(t.app, intruder.accessToken).send(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = (await as(t.app, intruder.accessToken).get('/api/Stage/Query')).json() as { totalCount: number };
    expect(list.totalCount).toBe(0);
    expect((await as(t.app, owner.accessToken).get(`/api/Stage/${stage.id}`)).json()).toMatchObject({
      name: 'Harbour Front',
      verticalCarousels: [expect.objectContaining({ id: carousel.id })],
    });
  });

  it('keeps vertical carousels of the partner’s images in order, and replaces or removes them', async () => {
    const partner = await registerPartner(t.app);
    const [a, b] = [await imageAsset(partner.accessToken), await imageAsset(partner.accessToken)];
    const stage = await create(partner.accessToken);
    const added = await as(t.app, partner.accessToken).post('/api/Stage/VerticalCarousel', {
      stageId: stage.id,
      name: 'Menu',
      images: [a.id, b.id],
      ...place,
    });
    expect(added.statusCode, added.body).toBe(200);
    const carousel = added.json() as { id: string };
    const updated = await as(t.app, partner.accessToken).put(`/api/Stage/VerticalCarousel/${carousel.id}`, {
      name: 'Menu',
      images: [b.id, a.id, b.id],
      ...place,
      position: [0, 2, 0],
    });
    expect(updated.json()).toMatchObject({
      images: [{ assetId: b.id }, { assetId: a.id }, { assetId: b.id }],
      position: [0, 2, 0],
    });
    const empty = await as(t.app, partner.accessToken).put(`/api/Stage/VerticalCarousel/${carousel.id}`, {
      images: [],
      ...place,
    });
    expect(empty.statusCode).toBe(400);
    const read = (await as(t.app, partner.accessToken).get(`/api/Stage/${stage.id}`)).json() as {
      verticalCarousels: Json[];
    };
    expect(read.verticalCarousels).toHaveLength(1);
    expect((await as(t.app, partner.accessToken).delete(`/api/Stage/VerticalCarousel/${carousel.id}`)).statusCode).toBe(
      204,
    );
    expect(
      ((await as(t.app, partner.accessToken).get(`/api/Stage/${stage.id}`)).json() as { verticalCarousels: Json[] })
        .verticalCarousels,
    ).toEqual([]);
  });

  it('keeps a stage to ten vertical carousels when fifteen are added at once', async () => {
    const partner = await registerPartner(t.app);
    const image = await imageAsset(partner.accessToken);
    const stage = await create(partner.accessToken);
    const answers = await Promise.all(
      Array.from({ length: 15 }, () =>
        as(t.app, partner.accessToken).post('/api/Stage/VerticalCarousel', {
          stageId: stage.id,
          images: [image.id],
          ...place,
        }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(10);
    for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(refused.json()).toMatchObject({
        errorCode: 'ValidationFailed',
        message: 'A stage holds at most 10 vertical carousels',
      });
    }
    const read = (await as(t.app, partner.accessToken).get(`/api/Stage/${stage.id}`)).json() as {
      verticalCarousels: Json[];
    };
    expect(read.verticalCarousels).toHaveLength(10);
  });

  it('publishes only with a month bought, for a month; the AR app sees it until it expires, and the partner is mailed', async () => {
    clock = new Date('2026-05-01T10:00:00Z');
    const partner = await registerPartner(t.app);
    const stage = await create(partner.accessToken, { latitude: 35.6586, longitude: 139.7454 });
    const refused = await as(t.app, partner.accessToken).put(`/api/Stage/Publish/${stage.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      errorCode: 'SubscriptionRequired',
      message: 'Publishing needs an active placement month: buy one first.',
    });
    expect((await as(t.app, partner.accessToken).get(`/api/Stage/${stage.id}`)).json()).toMatchObject({
      state: 'Draft',
    });

    await buyFreeMonth(t.app, partner.accessToken, PORTAL);
    const published = await as(t.app, partner.accessToken).put(`/api/Stage/Publish/${stage.id}`);
    expect(published.json()).toMatchObject({
      state: 'Published',
      publishedAt: '2026-05-01T10:00:00.000Z',
      expiresAt: '2026-06-01T10:00:00.000Z',
    });
    expect((await as(t.app, partner.accessToken).put(`/api/Stage/Publish/${stage.id}`)).json()).toMatchObject({
      errorCode: 'StageNotPublishable',
    });
    const nearby = async () =>
      ((await as(t.app).get('/game/api/Stage/Nearby?lat=35.6590&lng=139.7450&radius=500')).json() as { data: Json[] })
        .data;
    expect(await nearby()).toEqual([expect.objectContaining({ id: stage.id, anchorId: 'anchor-harbour-01' })]);

    const mailsTo = async (subject: RegExp) =>
      (await readOutbox(t.app)).filter((mail) => mail.to === partner.email && subject.test(mail.subject));
    clock = new Date('2026-05-29T10:00:01Z');
    await t.app.services.stages.runExpiry();
    await t.app.services.stages.runExpiry();
    expect(await mailsTo(/ends in 3 days/)).toHaveLength(1);

    clock = new Date('2026-06-01T10:00:00Z');
    expect(await nearby()).toEqual([]);
    expect((await as(t.app, partner.accessToken).get(`/api/Stage/${stage.id}`)).json()).toMatchObject({
      state: 'Expired',
    });
    const runs = await Promise.all([t.app.services.stages.runExpiry(), t.app.services.stages.runExpiry()]);
    expect(runs.reduce((sum, run) => sum + run.expired, 0)).toBe(1);
    expect(await mailsTo(/has ended/)).toHaveLength(1);
    const expiredList = (await as(t.app, partner.accessToken).get('/api/Stage/Query?State=Expired')).json() as {
      data: Json[];
    };
    expect(expiredList.data.map((s) => s.id)).toEqual([stage.id]);

    // the month bought has ended too: a new one publishes the expired stage again
    expect((await as(t.app, partner.accessToken).put(`/api/Stage/Publish/${stage.id}`)).statusCode).toBe(403);
    await buyFreeMonth(t.app, partner.accessToken, PORTAL);
    expect((await as(t.app, partner.accessToken).put(`/api/Stage/Publish/${stage.id}`)).json()).toMatchObject({
      state: 'Published',
      expiresAt: '2026-07-01T10:00:00.000Z',
    });
  });

  it('answers the AR app nearest first within the radius, across the antimeridian, never drafts', async () => {
    clock = new Date('2026-08-01T00:00:00Z');
    const partner = await registerPartner(t.app);
    await buyFreeMonth(t.app, partner.accessToken, PORTAL);
    const publish = async (name: string, latitude: number, longitude: number) => {
      const stage = await create(partner.accessToken, { name, latitude, longitude });
      expect((await as(t.app, partner.accessToken).put(`/api/Stage/Publish/${stage.id}`)).statusCode).toBe(200);
      return stage.id;
    };
    const far = await publish('Far', -17.0, 179.999);
    const near = await publish('Near', -17.0, -179.9995);
    await create(partner.accessToken, { name: 'Draft', latitude: -17.0, longitude: 179.9999 });
    await publish('Outside', -17.1, 179.9);
    const response = await as(t.app).get('/game/api/Stage/Nearby?lat=-17&lng=-179.9999&radius=300');
    const found = (response.json() as { data: Array<{ id: string; distance: number }> }).data;
    expect(found.map((s) => s.id)).toEqual([near, far]);
    expect(found[0]?.distance).toBeLessThan(found[1]?.distance as number);
    expect(found[1]?.distance).toBeLessThanOrEqual(300);

    for (const query of [
      'lat=91&lng=0',
      'lat=0&lng=200',
      'lat=0&lng=0&radius=20000',
      'lat=0&lng=0&radius=0',
      'lng=0',
      // what Number() would read as 0 or 16: a place must be written as a decimal number
      'lat=&lng=0',
      'lat=%20&lng=0',
      'lat=0&lng=%09',
      'lat=0x10&lng=0',
      'lat=0&lng=0b1',
      'lat=0&lng=0&radius=0x100',
      'lat=0&lng=0&radius=',
      'lat=Infinity&lng=0',
      'lat=1&lat=2&lng=0',
    ]) {
      const bad = await as(t.app).get(`/game/api/Stage/Nearby?${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json()).toMatchObject({ errorCode: 'ValidationFailed' });
    }
    // decimals as a query writes them
    for (const query of ['lat=-17.0&lng=-179.9999&radius=300', 'lat=-17&lng=-1.799999e2&radius=%2B3e2']) {
      const good = await as(t.app).get(`/game/api/Stage/Nearby?${query}`);
      expect(good.statusCode, query).toBe(200);
      expect(
        (good.json() as { data: Array<{ id: string }> }).data.map((s) => s.id),
        query,
      ).toEqual([near, far]);
    }
  });

  it('answers the AR app each stage with its contents and carousels, oldest carousel first, as the partner sees them', async () => {
    clock = new Date('2026-09-01T00:00:00Z');
    const partner = await registerPartner(t.app);
    await buyFreeMonth(t.app, partner.accessToken, PORTAL);
    const [a, b] = [await imageAsset(partner.accessToken), await imageAsset(partner.accessToken)];
    const stage = await create(partner.accessToken, {
      name: 'Tower',
      latitude: 48.8584,
      longitude: 2.2945,
      contents: [
        { type: 'Image', assetId: a.id, name: 'Poster', ...place },
        { type: 'Utility', utility: 'InfoBoard', ...place, position: [-3, 0, 0] },
      ],
    });
    const bare = await create(partner.accessToken, { name: 'Bare', latitude: 48.8586, longitude: 2.2945 });
    const carousels: string[] = [];
    for (const [name, images] of [
      ['Menu', [a.id, b.id]],
      ['Prices', [b.id]],
      ['Hours', [a.id]],
    ] as Array<[string, string[]]>) {
      const added = await as(t.app, partner.accessToken).post('/api/Stage/VerticalCarousel', {
        stageId: stage.id,
        name,
        images,
        ...place,
        position: [carousels.length, 1, 0],
      });
      expect(added.statusCode, added.body).toBe(200);
      carousels.push((added.json() as { id: string }).id);
    }
    for (const id of [stage.id, bare.id])
      expect((await as(t.app, partner.accessToken).put(`/api/Stage/Publish/${id}`)).statusCode).toBe(200);

    const response = await as(t.app).get('/game/api/Stage/Nearby?lat=48.8583&lng=2.2945&radius=100');
    expect(response.statusCode, response.body).toBe(200);
    const found = (response.json() as { data: Array<Json & { distance: number }> }).data;
    expect(found.map((s) => s.id)).toEqual([stage.id, bare.id]);
    for (const [index, id] of [stage.id, bare.id].entries()) {
      const own = (await as(t.app, partner.accessToken).get(`/api/Stage/${id}`)).json() as Json;
      const { state, publishedAt, createdAt, updatedAt, ...shown } = own;
      const answered = found[index] as Json & { distance: number };
      expect(answered).toEqual({ ...shown, distance: expect.any(Number) });
      const exact = distanceMetres(
        { lat: 48.8583, lng: 2.2945 },
        { lat: own.latitude as number, lng: own.longitude as number },
      );
      expect(Math.abs(answered.distance - exact)).toBeLessThanOrEqual(0.05 + 1e-6);
      expect(Math.round(answered.distance * 10)).toBeCloseTo(answered.distance * 10, 6);
    }
    expect(found[0]?.verticalCarousels).toEqual([
      expect.objectContaining({
        id: carousels[0],
        name: 'Menu',
        images: [expect.objectContaining({ assetId: a.id, url: a.url }), expect.objectContaining({ assetId: b.id })],
        position: [0, 1, 0],
      }),
      expect.objectContaining({ id: carousels[1], name: 'Prices', position: [1, 1, 0] }),
      expect.objectContaining({ id: carousels[2], name: 'Hours', position: [2, 1, 0] }),
    ]);
    expect(found[0]?.contents).toEqual([
      expect.objectContaining({ type: 'Image', name: 'Poster', assetId: a.id, url: a.url }),
      expect.objectContaining({ type: 'Utility', utility: 'InfoBoard', position: [-3, 0, 0] }),
    ]);
    expect(found[0]?.expiresAt).toBe('2026-10-01T00:00:00.000Z');
    expect(found[1]?.verticalCarousels).toEqual([]);

    // what the partner changes next, the AR app is answered at once: a new name, a carousel fewer, a deleted stage
    const nearby = async () =>
      (
        (await as(t.app).get('/game/api/Stage/Nearby?lat=48.8583&lng=2.2945&radius=100')).json() as {
          data: Array<Json & { verticalCarousels: Json[] }>;
        }
      ).data;
    expect(
      (
        await as(t.app, partner.accessToken).put(
          `/api/Stage/${bare.id}`,
          stageBody({ name: 'Renamed', latitude: 48.8586, longitude: 2.2945 }),
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (await as(t.app, partner.accessToken).delete(`/api/Stage/VerticalCarousel/${carousels[1]}`)).statusCode,
    ).toBe(204);
    const changed = await nearby();
    expect(changed.map((s) => s.name)).toEqual(['Tower', 'Renamed']);
    expect(changed[0]?.verticalCarousels.map((c) => c.id)).toEqual([carousels[0], carousels[2]]);
    expect((await as(t.app, partner.accessToken).delete(`/api/Stage/${stage.id}`)).statusCode).toBe(204);
    expect((await nearby()).map((s) => s.name)).toEqual(['Renamed']);
  });

  it('replaces a stage on update and deletes it with its carousels', async () => {
    const partner = await registerPartner(t.app);
    const image = await imageAsset(partner.accessToken);
    const stage = await create(partner.accessToken, { contents: [{ type: 'Image', assetId: image.id, ...place }] });
    const updated = await as(t.app, partner.accessToken).put(
      `/api/Stage/${stage.id}`,
      stageBody({ name: 'Renamed', contents: [{ type: 'Utility', utility: 'InfoBoard', ...place }] }),
    );
    expect(updated.json()).toMatchObject({ name: 'Renamed', contents: [{ type: 'Utility', utility: 'InfoBoard' }] });
    await as(t.app, partner.accessToken).post('/api/Stage/VerticalCarousel', {
      stageId: stage.id,
      images: [image.id],
      ...place,
    });
    expect((await as(t.app, partner.accessToken).delete(`/api/Stage/${stage.id}`)).statusCode).toBe(204);
    expect((await as(t.app, partner.accessToken).get(`/api/Stage/${stage.id}`)).statusCode).toBe(404);
    expect((await as(t.app, partner.accessToken).delete(`/api/Stage/${stage.id}`)).statusCode).toBe(404);
  });
});
