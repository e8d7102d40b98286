import { ACTION_BURST, type ConsoleMessage, gameErrorCatalog, MAX_MESSAGE_BYTES } from '@portal/contracts';
import { expect, it, vi } from 'vitest';
import { type GamePlayer, playAction, useGameHub } from '../../testing/game-clients.ts';
import {
  createGameInTesting,
  describeEachDatabase,
  registerConnectedPartner,
  useTestApp,
} from '../../testing/index.ts';
import { FRAME_LIMIT_IN_MESSAGES, MAX_PENDING_MESSAGES } from './hub/hub-server.ts';

const codeOf = (message: ConsoleMessage | undefined) => message?.error?.errorCode;

describeEachDatabase('the realtime game server’s limits, with the official SignalR client', (variant) => {
  const t = useTestApp(variant);
  const hub = useGameHub(t);

  /** The partner's console, in a game of its testing version. */
  async function hostInGame(name: string): Promise<{ host: GamePlayer; gameId: string }> {
    const partner = await registerConnectedPartner(t.app);
    const game = await createGameInTesting(t.app, partner.accessToken, name);
    const host = await hub.connect(await hub.token(partner.email, partner.password));
    const created = await playAction(host, 'CreateGame', 'anchor', { ProductId: game.productId, ProductVersion: 1 });
    return { host, gameId: (JSON.parse(created.jsonData as string) as { id: string }).id };
  }

  it(`answers a message over ${MAX_MESSAGE_BYTES / 1024} KB with a failed ReceiveMessage, and carries on`, async () => {
    const { host, gameId } = await hostInGame('Large Tag');
    const tooLarge = 'x'.repeat(MAX_MESSAGE_BYTES);
    const refused = await playAction(host, 'SetMyGameInfo', gameId, tooLarge);
    expect(refused).toEqual({
      succeeded: false,
      jsonData: null,
      error: { errorCode: 'MessageTooLarge', message: gameErrorCatalog.MessageTooLarge },
    });
    // a send(), which expects no completion, hears the same
    const before = host.results.length;
    await host.client.send('SetMyGameInfo', gameId, tooLarge);
    await vi.waitFor(() => expect(codeOf(host.results[before])).toBe('MessageTooLarge'));
    expect(await playAction(host, 'SetMyGameInfo', gameId, 'small')).toMatchObject({ succeeded: true });
  });

  it(`answers 1,000 invocations sent at once, each with its ReceiveMessage in order: ${ACTION_BURST} run, the rest are rate limited`, async () => {
    const { host, gameId } = await hostInGame('Flood Tag');
    expect(1000).toBeGreaterThan(MAX_PENDING_MESSAGES);
    const before = host.results.length;
    await Promise.all(Array.from({ length: 1000 }, () => host.client.invoke('GetGameInformation', gameId)));
    const answers = host.results.slice(before);
    expect(answers).toHaveLength(1000);
    // the connection's allowance (CreateGame took one) refills as the flood is answered: a few more may pass
    const answered = answers.filter((message) => message.succeeded).length;
    expect(answered).toBeGreaterThanOrEqual(ACTION_BURST - 1);
    expect(answered).toBeLessThan(ACTION_BURST + 20);
    expect(answers.slice(0, ACTION_BURST - 1).every((message) => message.succeeded)).toBe(true);
    expect(answers.filter((message) => !message.succeeded).every((message) => codeOf(message) === 'RateLimited')).toBe(
      true,
    );
    expect(host.client.state).toBe('Connected');
  });

  it(`closes the connection on a frame over ${(FRAME_LIMIT_IN_MESSAGES * MAX_MESSAGE_BYTES) / 1024} KB, which it cannot read`, async () => {
    const { host, gameId } = await hostInGame('Huge Tag');
    const closed = new Promise<Error | undefined>((resolve) => host.client.onclose(resolve));
    await expect(
      host.client.invoke('SetMyGameInfo', gameId, 'x'.repeat(FRAME_LIMIT_IN_MESSAGES * MAX_MESSAGE_BYTES)),
    ).rejects.toThrow();
    expect((await closed)?.message).toBe('WebSocket closed with status code: 1009 (no reason given).');
  });
});
