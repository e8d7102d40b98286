import { setTimeout as delay } from 'node:timers/promises';
import { gameErrorCatalog } from '@portal/contracts';
import { expect, it, vi } from 'vitest';
import { type GamePlayer, playAction, useGameHub } from '../../testing/game-clients.ts';
import {
  as,
  createGameInTesting,
  describeEachDatabase,
  latestCode,
  registerConnectedPartner,
  registerPartner,
  registerTester,
  useTestApp,
} from '../../testing/index.ts';
import { hubErrors } from './hub/hub-server.ts';
import { SESSION_ENDED } from './routes.ts';

/** A player whose connection reconnects after a close that allows it, and whose end is recorded. */
interface Player extends GamePlayer {
  /** Settles with the error the connection closed with, once it has closed for good. */
  closed: Promise<Error | undefined>;
}

/** How a connection ended, or that it is still open `withinMs` after `since`. */
async function endOf(player: Player, since: number, withinMs = 1000) {
  const error = await Promise.race([player.closed, delay(withinMs - (Date.now() - since)).then(() => 'still open')]);
  return typeof error === 'string' ? error : error?.message;
}

const closedBy = (reason: string) => `Server returned an error on close: ${reason}`;

describeEachDatabase('the realtime game server when a session ends', (variant) => {
  const t = useTestApp(variant);
  const hub = useGameHub(t);
  const gameToken = hub.token;

  async function connect(token: string): Promise<Player> {
    const player = await hub.connect(token, { reconnects: true });
    return { ...player, closed: new Promise((resolve) => player.client.onclose(resolve)) };
  }

  it('closes a connection for good within a second of its session’s logout, and leaves the other sessions’', async () => {
    const partner = await registerConnectedPartner(t.app);
    const tester = await registerTester(t.app, partner.accessToken);
    const game = await createGameInTesting(t.app, partner.accessToken, 'Logout Tag');
    const token = await gameToken(partner.email, partner.password);
    const player = await connect(token);
    const elsewhere = await connect(await gameToken(partner.email, partner.password));
    const guest = await connect(await gameToken(tester.email, tester.password));
    const created = await playAction(player, 'CreateGame', 'anchor', { ProductId: game.productId, ProductVersion: 1 });
    const gameId = (JSON.parse(created.jsonData as string) as { id: string }).id;
    expect(await playAction(guest, 'JoinGame', gameId)).toMatchObject({ succeeded: true });

    const loggedOutAt = Date.now();
    expect((await as(t.app, token).post('/api/Access/Logout')).statusCode).toBe(204);
    expect(await endOf(player, loggedOutAt)).toBe(closedBy(SESSION_ENDED));
    // not a close to reconnect after: the token is dead
    expect(player.reconnecting).toEqual([]);
    await expect(connect(token)).rejects.toThrow(/401/);
    // its game heard it go, and another session of the same account plays on
    await vi.waitFor(() =>
      expect(guest.events).toContainEqual(expect.objectContaining({ event: 'left', gameId, reason: 'disconnected' })),
    );
    expect(await playAction(elsewhere, 'GetGameInformation', gameId)).toMatchObject({ succeeded: true });
  });

  it('closes every connection of an account whose password is reset, within a second', async () => {
    const partner = await registerPartner(t.app);
    const players = [
      await connect(await gameToken(partner.email, partner.password)),
      await connect(await gameToken(partner.email, partner.password)),
    ];
    const stranger = await registerPartner(t.app);
    const unrelated = await connect(await gameToken(stranger.email, stranger.password));

    const sent = await as(t.app).get(`/api/Access/SendResetPasswordCode?email=${encodeURIComponent(partner.email)}`);
    expect(sent.statusCode).toBe(200);
    const verificationCode = await latestCode(t.app, partner.email);
    const resetAt = Date.now();
    const reset = await as(t.app).post('/api/Access/ResetPassword', {
      email: partner.email,
      password: 'Another123',
      verificationCode,
    });
    expect(reset.statusCode).toBe(200);
    for (const player of players) {
      expect(await endOf(player, resetAt)).toBe(closedBy(SESSION_ENDED));
      expect(player.reconnecting).toEqual([]);
    }
    expect(await endOf(unrelated, Date.now(), 200)).toBe('still open');
  });

  it('opens no connection with an API key, so that a revoked key leaves none behind', async () => {
    const partner = await registerPartner(t.app);
    const created = await as(t.app, partner.accessToken).post('/api/ApiKey', { name: 'CI', scopes: ['read'] });
    expect(created.statusCode).toBe(200);
    const { secret } = created.json() as { secret: string };
    const negotiate = await fetch(`${hub.origin}/game/socket/Gaming/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(negotiate.status).toBe(401);
    await expect(connect(secret)).rejects.toThrow(/401/);
  });

  it("refuses an account's 21st connection with the reason, and takes one again once another closes", async () => {
    expect(t.config.hubConnectionsPerUser).toBe(20);
    const partner = await registerPartner(t.app);
    const token = await gameToken(partner.email, partner.password);
    const held = await Promise.all(Array.from({ length: 20 }, () => connect(token)));
    await expect(connect(token)).rejects.toThrow(
      `Server returned handshake error: ${hubErrors.tooManyConnections(20)}`,
    );
    // another account has room of its own
    const stranger = await registerPartner(t.app);
    await connect(await gameToken(stranger.email, stranger.password));
    await held[0]?.client.stop();
    await vi.waitFor(async () => {
      await connect(token);
    });
  });
});

describeEachDatabase('the realtime game server when a tester is taken off the whitelist', (variant) => {
  const t = useTestApp(variant);
  const hub = useGameHub(t);
  const connect = async (email: string, password: string): Promise<GamePlayer> =>
    hub.connect(await hub.token(email, password));

  async function startTestingGame(name: string) {
    const partner = await registerConnectedPartner(t.app);
    const tester = await registerTester(t.app, partner.accessToken);
    const game = await createGameInTesting(t.app, partner.accessToken, name);
    const host = await connect(partner.email, partner.password);
    const created = await playAction(host, 'CreateGame', 'anchor', { ProductId: game.productId, ProductVersion: 1 });
    const gameId = (JSON.parse(created.jsonData as string) as { id: string }).id;
    return { partner, tester, host, gameId };
  }

  it('takes the tester out of the games of that testing version at once, and refuses them there after', async () => {
    const { partner, tester, host, gameId } = await startTestingGame('Whitelist Tag');
    const guest = await connect(tester.email, tester.password);
    const joined = await playAction(guest, 'JoinGame', gameId);
    expect(joined).toMatchObject({ succeeded: true });
    const testerId = (JSON.parse(joined.jsonData as string) as { players: Array<{ userId: string }> }).players[1]
      ?.userId;

    const list = await as(t.app, partner.accessToken).get('/api/WhiteList');
    const entry = (list.json() as { data: Array<{ id: string; user: { email: string } }> }).data.find(
      (row) => row.user.email === tester.email,
    );
    const removedAt = Date.now();
    expect((await as(t.app, partner.accessToken).delete(`/api/WhiteList/${entry?.id}`)).statusCode).toBe(204);
    const left = expect.objectContaining({ event: 'left', gameId, userId: testerId, role: 'player' });
    // those who stay hear it, and so does the tester
    await vi.waitFor(() => expect(host.events).toContainEqual(left), { timeout: 1000 });
    await vi.waitFor(() => expect(guest.events).toContainEqual(left), { timeout: 1000 });
    expect(Date.now() - removedAt).toBeLessThan(1000);
    const info = await playAction(host, 'GetGameInformation', gameId);
    expect(JSON.parse(info.jsonData as string)).toMatchObject({ players: [{ isHost: true }] });

    const refused = { succeeded: false, error: { errorCode: 'VersionNotPlayable' } };
    expect(await playAction(guest, 'JoinGame', gameId)).toMatchObject(refused);
    expect(await playAction(guest, 'ViewGame', gameId)).toMatchObject(refused);
    expect(await playAction(guest, 'SetMyGameInfo', gameId, 'still here?')).toMatchObject({
      succeeded: false,
      error: { errorCode: 'NotInGame' },
    });
  });

  it('refuses a testing version’s game to anyone not on its whitelist, as player and as spectator', async () => {
    const { gameId } = await startTestingGame('Private Lobby');
    const stranger = await registerPartner(t.app);
    const outsider = await connect(stranger.email, stranger.password);
    for (const action of ['JoinGame', 'ViewGame']) {
      expect(await playAction(outsider, action, gameId)).toMatchObject({
        succeeded: false,
        error: { errorCode: 'VersionNotPlayable', message: gameErrorCatalog.VersionNotPlayable },
      });
    }
  });
});
