import { expect, it, vi } from 'vitest';
import {
  connectGamePlayer,
  type GamePlayer,
  gameToken as gameTokenAt,
  playAction,
  useGameHub,
} from '../../testing/game-clients.ts';
import {
  createGameInTesting,
  createTestApp,
  describeEachDatabase,
  listenOnFreePort,
  registerConnectedPartner,
  registerPartner,
  registerTester,
  type TestApp,
  useTestApp,
} from '../../testing/index.ts';

type Player = GamePlayer;

/** Makes the app listen for the SignalR client; answers its origin. */
const listen = async (t: TestApp) => `http://127.0.0.1:${await listenOnFreePort(t.app)}`;

describeEachDatabase('the realtime game server, with the official SignalR client', (variant) => {
  const t = useTestApp(variant);
  const hub = useGameHub(t);
  const gameToken = hub.token;
  const connect = (token: string): Promise<Player> => hub.connect(token);
  const act = playAction;

  it('plays a testing version: the partner creates and starts a game, a whitelisted tester joins, both see the events', async () => {
    const partner = await registerConnectedPartner(t.app);
    const tester = await registerTester(t.app, partner.accessToken);
    const game = await createGameInTesting(t.app, partner.accessToken, 'Orbit Tag');

    const host = await connect(await gameToken(partner.email, partner.password));
    const guest = await connect(await gameToken(tester.email, tester.password));

    const created = await act(host, 'CreateGame', 'test-anchor', { ProductId: game.productId, ProductVersion: 1 });
    expect(created, JSON.stringify(created)).toMatchObject({ succeeded: true, error: null });
    const gameId = (JSON.parse(created.jsonData as string) as { id: string }).id;

    expect(await act(guest, 'JoinGame', gameId)).toMatchObject({ succeeded: true });
    await vi.waitFor(() => expect(host.events.map((event) => event.event)).toContain('joined'));
    expect(await act(host, 'StartGame', gameId)).toMatchObject({ succeeded: true });
    for (const player of [host, guest]) {
      await vi.waitFor(() => expect(player.events.map((event) => event.event)).toContain('started'));
    }

    // someone else's game: refused as a failed result, and the connection carries on
    const refused = await act(guest, 'EndGame', gameId);
    expect(refused).toMatchObject({ succeeded: false, jsonData: null, error: { message: expect.any(String) } });
    expect(await act(guest, 'Win', gameId)).toMatchObject({ succeeded: true });
    await vi.waitFor(() => expect(host.events.map((event) => event.event)).toContain('win'));

    // the guest goes: the host hears it left
    await guest.client.stop();
    await vi.waitFor(() =>
      expect(host.events).toContainEqual(expect.objectContaining({ event: 'left', reason: 'disconnected' })),
    );
  });

  it('refuses a version the player may not play, and a token that is not one', async () => {
    const partner = await registerConnectedPartner(t.app);
    const stranger = await registerPartner(t.app);
    const game = await createGameInTesting(t.app, partner.accessToken, 'Private Tag');
    const player = await connect(await gameToken(stranger.email, stranger.password));
    const refused = await act(player, 'CreateGame', 'test-anchor', { ProductId: game.productId, ProductVersion: 1 });
    expect(refused).toMatchObject({ succeeded: false, error: { message: expect.any(String) } });
    const missing = await act(player, 'CreateGame', 'test-anchor', { ProductId: game.productId, ProductVersion: 9 });
    expect(missing).toMatchObject({ succeeded: false });

    await expect(connect('not-a-token')).rejects.toThrow();
    const negotiate = await fetch(`${hub.origin}/game/socket/Gaming/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(negotiate.status).toBe(401);
    const login = await fetch(`${hub.origin}/game/api/Access/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: stranger.email, password: 'Wrong-password1' }),
    });
    expect(login.status).toBe(400);
    expect(await login.json()).toMatchObject({ errorCode: 'InvalidCredentials' });
  });
  it('plays against synthetic players that the host adds, and that leave with the console that added them', async () => {
    const partner = await registerConnectedPartner(t.app);
    // a testing version's game is its partner's and their testers', spectators included
    const watcher = await registerTester(t.app, partner.accessToken);
    const game = await createGameInTesting(t.app, partner.accessToken, 'Bot Tag');
    const host = await connect(await gameToken(partner.email, partner.password));
    const spectator = await connect(await gameToken(watcher.email, watcher.password));
    const settings = {
      ProductId: game.productId,
      ProductVersion: 1,
      TotalTime: 2,
      RoundInfo: { TotalRounds: 2, Min: 1, Max: 2 },
    };
    const created = await act(host, 'CreateGame', 'test-anchor', settings);
    const gameId = (JSON.parse(created.jsonData as string) as { id: string }).id;

    const refused = await act(spectator, 'AddSyntheticPlayers', gameId, 2, 'win');
    expect(refused).toMatchObject({ succeeded: false, error: { errorCode: 'NotHost' } });
    const winners = await act(host, 'AddSyntheticPlayers', gameId, 1, 'win');
    expect(winners).toMatchObject({ succeeded: true });
    const scorers = await act(host, 'AddSyntheticPlayers', gameId, 1, 'goals');
    const bots = [winners, scorers].flatMap(
      (message) =>
        (JSON.parse(message.jsonData as string) as { players: Array<{ userId: string; name: string }> }).players,
    );
    expect(bots.map((bot) => bot.name)).toEqual(['Bot 1', 'Bot 2']);
    expect(await act(spectator, 'ViewGame', gameId)).toMatchObject({ succeeded: true });
    await vi.waitFor(() =>
      expect(host.events.filter((event) => event.event === 'joined').map((event) => event.userId)).toEqual([
        ...bots.map((bot) => bot.userId),
        expect.not.stringMatching(/^bot-/),
      ]),
    );

    expect(await act(host, 'StartGame', gameId)).toMatchObject({ succeeded: true });
    const [winner, scorer] = bots;
    await vi.waitFor(
      () => {
        const seen = spectator.events.map((event) => `${event.event} ${event.userId}`);
        expect(seen).toEqual(
          expect.arrayContaining([
            `infoSet ${winner?.userId}`,
            `infoSet ${scorer?.userId}`,
            `goalSet ${scorer?.userId}`,
            `win ${winner?.userId}`,
          ]),
        );
      },
      { timeout: 5000 },
    );

    // the console goes: its synthetic players leave with it, and the spectator is left alone in a closed game
    await host.client.stop();
    await vi.waitFor(() => {
      const left = spectator.events.filter((event) => event.event === 'left').map((event) => event.userId);
      expect(left).toEqual(expect.arrayContaining(bots.map((bot) => bot.userId)));
      expect(spectator.events.map((event) => event.event)).toContain('closed');
    });
  });
});

describeEachDatabase('the realtime game server when the process stops', (variant) => {
  it('closes every connection with a close its client reconnects after', async () => {
    const t = await createTestApp(variant);
    const origin = await listen(t);
    const partner = await registerConnectedPartner(t.app);
    const game = await createGameInTesting(t.app, partner.accessToken, 'Restart Tag');
    const token = await gameTokenAt(origin, partner.email, partner.password);
    const player = await connectGamePlayer(origin, token, { reconnects: true });
    try {
      const created = await playAction(player, 'CreateGame', 'test-anchor', {
        ProductId: game.productId,
        ProductVersion: 1,
      });
      expect(created).toMatchObject({ succeeded: true });

      await t.close();
      // a close that allows reconnecting: the client tries again rather than giving up
      await vi.waitFor(() => expect(player.reconnecting.at(-1)).toMatch(/The server is shutting down\./));
    } finally {
      await player.client.stop();
    }
  });
});
