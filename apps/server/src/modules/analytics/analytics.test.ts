import type { GameInfo } from '@portal/contracts';
import { expect, it, vi } from 'vitest';
import { playAction, useGameHub } from '../../testing/game-clients.ts';
import {
  addMember,
  as,
  buyFreeMonth,
  createProduct,
  describeEachDatabase,
  pngImage,
  postFile,
  registerPartner,
  registerTester,
  releaseFirstVersion,
  useAdminAndPartner,
  userIdOf,
} from '../../testing/index.ts';
import { selectPlayEvents } from './repository.ts';

const PORTAL = 'http://localhost:8080';

describeEachDatabase('play analytics: what the game host and the AR app record', (variant) => {
  // many people register from one address here
  const { t, admin, partner } = useAdminAndPartner(variant, {
    RATE_LIMIT_CODES_PER_IP: '1000',
    RATE_LIMIT_LOGIN_PER_IP: '1000',
  });
  const hub = useGameHub(t);

  const recorded = async () => {
    await t.app.services.analytics.flush();
    return selectPlayEvents(t.app.db);
  };
  const connect = async (person: { email: string; password: string }) =>
    hub.connect(await hub.token(person.email, person.password));
  const ownerId = () => userIdOf(t.app.db, partner.email);
  const released = async (name: string) => {
    const item = await createProduct(t.app, partner.accessToken, { name });
    await releaseFirstVersion(t.app, { partner: partner.accessToken, admin: admin.accessToken }, 'Product', item.id);
    return item.id;
  };

  it('records a game of the live version: players, testers and members apart, bots never, nobody by id', async () => {
    const productId = await released('Counted Tag');
    const [first, second] = [await registerPartner(t.app), await registerPartner(t.app)];
    const tester = await registerTester(t.app, partner.accessToken);
    const developer = await addMember(t.app, partner, 'Developer');
    const people = { first, second, tester, developer };
    const players = Object.fromEntries(
      await Promise.all(Object.entries(people).map(async ([name, person]) => [name, await connect(person)] as const)),
    );
    const host = players.first;
    if (!host) throw new Error('no host');
    const created = await playAction(host, 'CreateGame', 'anchor', { ProductId: productId, ProductVersion: 1 });
    expect(created.succeeded, JSON.stringify(created)).toBe(true);
    const gameId = (JSON.parse(created.jsonData ?? '{}') as GameInfo).id;
    for (const name of ['second', 'tester', 'developer']) {
      const player = players[name];
      if (!player) throw new Error(name);
      expect(await playAction(player, 'JoinGame', gameId)).toMatchObject({ succeeded: true });
    }
    expect(await playAction(host, 'AddSyntheticPlayers', gameId, 2, 'win')).toMatchObject({ succeeded: true });
    expect(await playAction(host, 'StartGame', gameId)).toMatchObject({ succeeded: true });
    expect(await playAction(host, 'EndGame', gameId)).toMatchObject({ succeeded: true });

    const events = (await recorded()).filter((event) => event.gameId === gameId);
    const of = (kind: string) => events.filter((event) => event.kind === kind);
    expect(of('game-created')).toEqual([
      expect.objectContaining({ audience: 'public', ownerId: await ownerId(), itemId: productId, version: 1 }),
    ]);
    // four people joined, the bots did not; the tester and the member count apart
    expect(of('player-joined').map((event) => event.audience)).toEqual(['public', 'public', 'testing', 'testing']);
    expect(of('game-started')).toEqual([expect.objectContaining({ audience: 'public', players: 2 })]);
    expect(of('game-ended')).toEqual([
      expect.objectContaining({ audience: 'public', players: 2, durationMs: expect.any(Number) }),
    ]);

    // each player is a keyed hash: the same one for the same person, never their id or email
    const hashes = of('player-joined').map((event) => event.player);
    expect(new Set(hashes).size).toBe(4);
    for (const hash of hashes) expect(hash).toMatch(/^[0-9a-f]{32}$/);
    const everything = JSON.stringify(await recorded());
    for (const person of Object.values(people)) {
      expect(everything).not.toContain(person.email);
      expect(everything).not.toContain(await userIdOf(t.app.db, person.email));
    }
  });

  it("records a player's time on the hub, and a game they leave by going", async () => {
    const productId = await released('Session Tag');
    const player = await registerPartner(t.app);
    const connection = await connect(player);
    const created = await playAction(connection, 'CreateGame', 'anchor', { ProductId: productId, ProductVersion: 1 });
    const gameId = (JSON.parse(created.jsonData ?? '{}') as GameInfo).id;
    await connection.client.stop();
    await vi.waitFor(async () => {
      const events = await recorded();
      expect(events.filter((event) => event.gameId === gameId).map((event) => event.kind)).toEqual([
        'game-created',
        'player-joined',
        'player-left',
      ]);
      expect(events.some((event) => event.kind === 'hub-session' && event.durationMs !== null)).toBe(true);
    });
  });

  it("records the stages of the AR app's nearby answers and the views of a live item, by their studio", async () => {
    const productId = await released('Viewed Tag');
    const image = (
      await postFile(t.app, partner.accessToken, 'poster.png', await pngImage(320, 480), '/api/Stage/Media')
    ).json() as { id: string };
    const owner = as(t.app, partner.accessToken);
    const stage = await owner.post('/api/Stage', {
      name: 'Pier 7',
      latitude: 22.29,
      longitude: 114.17,
      anchorId: 'pier-7',
      contents: [{ type: 'Image', assetId: image.id, position: [0, 1, 0], rotation: [0, 0, 0], scale: [1, 1, 1] }],
    });
    expect(stage.statusCode, stage.body).toBe(200);
    const stageId = (stage.json() as { id: string }).id;
    await buyFreeMonth(t.app, partner.accessToken, PORTAL);
    expect((await owner.put(`/api/Stage/Publish/${stageId}`)).statusCode).toBe(200);

    for (let n = 0; n < 2; n++) {
      const nearby = await as(t.app).get('/game/api/Stage/Nearby?lat=22.29&lng=114.17&radius=100');
      expect(nearby.json().data.map((one: { id: string }) => one.id)).toContain(stageId);
    }
    expect((await as(t.app).get(`/api/Product/Live/${productId}`)).statusCode).toBe(200);
    const member = await addMember(t.app, partner, 'Marketing');
    expect((await as(t.app, member.accessToken).get(`/api/Product/Live/${productId}`)).statusCode).toBe(200);

    const owned = await ownerId();
    const events = await recorded();
    const impressions = events.filter((event) => event.kind === 'impression' && event.stageId === stageId);
    expect(impressions).toHaveLength(2);
    expect(impressions.every((event) => event.ownerId === owned && event.audience === 'public')).toBe(true);
    expect(impressions[0]?.player).toBe(impressions[1]?.player);
    const views = events.filter((event) => event.kind === 'view' && event.itemId === productId);
    expect(views.map((event) => [event.ownerId, event.audience])).toEqual([
      [owned, 'public'],
      [owned, 'testing'],
    ]);
  });
});
