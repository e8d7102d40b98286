import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { HubConnection } from '@microsoft/signalr';
import { gameErrorCatalog } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { connectGamePlayer, type GamePlayer, gameToken, playAction } from '../../testing/game-clients.ts';
import {
  as,
  createGameInTesting,
  createScratchDatabase,
  describeWithRedis,
  dropRedisKeys,
  latestCode,
  listenOnFreePort,
  registerConnectedPartner,
  registerPartner,
  registerTester,
  testConfig,
} from '../../testing/index.ts';
import { GAME_NODE_LOST } from './backplane.ts';
import { SESSION_ENDED } from './routes.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;

type Player = GamePlayer;

if (!postgresUrl) {
  describe.skip('the realtime hub across two nodes (skipped: TEST_DATABASE_URL is not set)', () => {});
} else {
  describeWithRedis('the realtime hub across two nodes on one PostgreSQL and one Redis', (redisUrl) => {
    let database: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
    const prefix = `portal-test-${randomBytes(4).toString('hex')}`;
    const nodes: Array<{ app: FastifyInstance; origin: string }> = [];
    const clients: HubConnection[] = [];

    beforeAll(async () => {
      database = await createScratchDatabase();
      const config = testConfig({ DATABASE_URL: database.url, REDIS_URL: redisUrl, REDIS_PREFIX: prefix });
      // both nodes start at once, as a deployment's do: one prepares the database while the other waits
      const apps = await Promise.all([buildApp(config, { logger: false }), buildApp(config, { logger: false })]);
      for (const app of apps) nodes.push({ app, origin: `http://127.0.0.1:${await listenOnFreePort(app)}` });
    }, 60_000);

    afterAll(async () => {
      await Promise.all(clients.map((client) => client.stop()));
      await Promise.all(nodes.map(({ app }) => app.close()));
      await database?.drop();
      await dropRedisKeys(redisUrl, `${prefix}:`);
    });

    const node = (index: number) => {
      const found = nodes[index];
      if (!found) throw new Error(`no node ${index}`);
      return found;
    };

    async function connect(origin: string, email: string, password: string): Promise<Player> {
      const player = await connectGamePlayer(origin, await gameToken(origin, email, password), { reconnects: true });
      clients.push(player.client);
      return player;
    }
    const act = playAction;

    const seen = (player: Player) => player.events.map((event) => `${event.event} ${event.userId}`);

    /** Settles with the error a connection closes with; watched before the close is caused. */
    const closeOf = (player: Player) => new Promise<Error | undefined>((resolve) => player.client.onclose(resolve));
    /** The message `closed` settled with within a second of `since`, or that the connection is still open then. */
    async function within(closed: Promise<Error | undefined>, since: number) {
      const error = await Promise.race([closed, delay(1000 - (Date.now() - since)).then(() => 'still open')]);
      return typeof error === 'string' ? error : error?.message;
    }
    const closedBy = (reason: string) => `Server returned an error on close: ${reason}`;

    it('closes a connection on the other node within a second of its session’s logout, and on every node on a password reset', async () => {
      const a = node(0);
      const b = node(1);
      const partner = await registerPartner(a.app);
      const token = await gameToken(b.origin, partner.email, partner.password);
      const onB = await connectGamePlayer(b.origin, token, { reconnects: true });
      clients.push(onB.client);
      const closedOnB = closeOf(onB);
      const loggedOutAt = Date.now();
      expect((await as(a.app, token).post('/api/Access/Logout')).statusCode).toBe(204);
      expect(await within(closedOnB, loggedOutAt)).toBe(closedBy(SESSION_ENDED));
      expect(onB.reconnecting).toEqual([]);

      const players = [await connect(a.origin, partner.email, partner.password)];
      players.push(await connect(b.origin, partner.email, partner.password));
      const closes = players.map(closeOf);
      expect((await as(b.app).get(`/api/Access/SendResetPasswordCode?email=${partner.email}`)).statusCode).toBe(200);
      const verificationCode = await latestCode(b.app, partner.email);
      const resetAt = Date.now();
      const reset = await as(a.app).post('/api/Access/ResetPassword', {
        email: partner.email,
        password: 'Another123',
        verificationCode,
      });
      expect(reset.statusCode).toBe(200);
      expect(await Promise.all(closes.map((closed) => within(closed, resetAt)))).toEqual([
        closedBy(SESSION_ENDED),
        closedBy(SESSION_ENDED),
      ]);
    }, 30_000);

    it('takes a tester off the whitelist out of a game held on the other node, and refuses them there after', async () => {
      const a = node(0);
      const b = node(1);
      const partner = await registerConnectedPartner(a.app);
      const tester = await registerTester(a.app, partner.accessToken);
      const game = await createGameInTesting(a.app, partner.accessToken, 'Two Node Whitelist');
      // the game lives on b; the tester plays it from a
      const host = await connect(b.origin, partner.email, partner.password);
      const guest = await connect(a.origin, tester.email, tester.password);
      const created = await act(host, 'CreateGame', 'anchor', { ProductId: game.productId, ProductVersion: 1 });
      const gameId = (JSON.parse(created.jsonData as string) as { id: string }).id;
      const joined = await act(guest, 'JoinGame', gameId);
      expect(joined).toMatchObject({ succeeded: true });
      const testerId = (JSON.parse(joined.jsonData as string) as { players: Array<{ userId: string }> }).players[1]
        ?.userId;

      const list = await as(a.app, partner.accessToken).get('/api/WhiteList');
      const entry = (list.json() as { data: Array<{ id: string; user: { email: string } }> }).data.find(
        (row) => row.user.email === tester.email,
      );
      const removedAt = Date.now();
      expect((await as(a.app, partner.accessToken).delete(`/api/WhiteList/${entry?.id}`)).statusCode).toBe(204);
      await vi.waitFor(() => expect(seen(host)).toContain(`left ${testerId}`), { timeout: 1000 });
      await vi.waitFor(() => expect(seen(guest)).toContain(`left ${testerId}`), { timeout: 1000 });
      expect(Date.now() - removedAt).toBeLessThan(1000);
      expect(await act(guest, 'JoinGame', gameId)).toMatchObject({
        succeeded: false,
        error: { errorCode: 'VersionNotPlayable' },
      });
    }, 30_000);

    it('plays one game with a player on each node: each sees the other’s events, and a node that stops ends its games', async () => {
      const a = node(0);
      const b = node(1);
      const partner = await registerConnectedPartner(a.app);
      // the tester registers and is whitelisted through the other node: one database behind both
      const tester = await registerTester(b.app, partner.accessToken);
      const game = await createGameInTesting(a.app, partner.accessToken, 'Two Node Tag');

      const host = await connect(a.origin, partner.email, partner.password);
      const guest = await connect(b.origin, tester.email, tester.password);
      const created = await act(host, 'CreateGame', 'anchor', { ProductId: game.productId, ProductVersion: 1 });
      expect(created).toMatchObject({ succeeded: true });
      const info = JSON.parse(created.jsonData as string) as { id: string; hostUserId: string };
      const gameId = info.id;

      // the guest's node does not hold the game: its invocations go to the host's node and back
      const joined = await act(guest, 'JoinGame', gameId);
      expect(joined, JSON.stringify(joined)).toMatchObject({ succeeded: true });
      const guestUserId = (JSON.parse(joined.jsonData as string) as { players: Array<{ userId: string }> }).players[1]
        ?.userId;
      await vi.waitFor(() => expect(seen(host)).toContain(`joined ${guestUserId}`));
      expect(await act(host, 'StartGame', gameId)).toMatchObject({ succeeded: true });
      await vi.waitFor(() => expect(seen(guest)).toContain(`started ${info.hostUserId}`));
      expect(await act(guest, 'Win', gameId)).toMatchObject({ succeeded: true });
      await vi.waitFor(() => expect(seen(host)).toContain(`win ${guestUserId}`));
      // the guest's own event comes back through the game's node: it may land after the other player's
      await vi.waitFor(() => expect(seen(guest)).toContain(`win ${guestUserId}`));
      // refusals come back from the other node as on one
      expect(await act(guest, 'EndGame', gameId)).toMatchObject({ succeeded: false, error: { errorCode: 'NotHost' } });
      const state = await act(guest, 'GetGameInformation', gameId);
      expect(JSON.parse(state.jsonData as string)).toMatchObject({ id: gameId, state: 'Playing' });

      // synthetic players added from the other node join the game where it lives, and everyone hears them
      await act(host, 'EndGame', gameId);
      const second = await act(guest, 'CreateGame', 'anchor', { ProductId: game.productId, ProductVersion: 1 });
      const secondId = (JSON.parse(second.jsonData as string) as { id: string }).id;
      expect(await act(host, 'JoinGame', secondId)).toMatchObject({ succeeded: true });
      const bots = await act(guest, 'AddSyntheticPlayers', secondId, 2, 'goals');
      expect(bots).toMatchObject({ succeeded: true });
      await vi.waitFor(() =>
        expect(
          host.events.filter(
            (event) => event.event === 'joined' && event.gameId === secondId && event.userId.startsWith('bot-'),
          ),
        ).toHaveLength(2),
      );

      // the guest goes: the game on the other node hears it left
      await guest.client.stop();
      await vi.waitFor(() =>
        expect(host.events).toContainEqual(
          expect.objectContaining({ event: 'left', gameId, userId: guestUserId, reason: 'disconnected' }),
        ),
      );

      // the game's node stops: its player on the other node gets a close to reconnect after, and the game has ended
      const watcher = await connect(b.origin, tester.email, tester.password);
      const third = await act(host, 'CreateGame', 'anchor', { ProductId: game.productId, ProductVersion: 1 });
      const thirdId = (JSON.parse(third.jsonData as string) as { id: string }).id;
      expect(await act(watcher, 'ViewGame', thirdId)).toMatchObject({ succeeded: true });
      await a.app.close();
      await vi.waitFor(() => expect(watcher.reconnecting).toContainEqual(expect.stringContaining(GAME_NODE_LOST)), {
        timeout: 10_000,
      });
      const again = await connect(b.origin, tester.email, tester.password);
      expect(await act(again, 'GetGameInformation', thirdId)).toMatchObject({
        succeeded: false,
        error: { errorCode: 'GameEnded', message: GAME_NODE_LOST },
      });
      expect(gameErrorCatalog.GameEnded).toBeTruthy();
    }, 60_000);
  });
}
