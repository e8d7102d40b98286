import { type HubConnection, HubConnectionBuilder, type IHttpConnectionOptions, LogLevel } from '@microsoft/signalr';
import { type ConsoleMessage, type GameEvent, parseGameEvent } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, expect, vi } from 'vitest';
import { WebSocket } from 'ws';
import { listenOnFreePort } from './ports.ts';

/** A player on the game hub through the official SignalR client, with what it has heard. */
export interface GamePlayer {
  client: HubConnection;
  results: ConsoleMessage[];
  events: GameEvent[];
  /** The messages of the closes it reconnected after (with `reconnects`). */
  reconnecting: Array<string | undefined>;
}

/** The game host's login, as the console calls it: the token, without the `Bearer ` prefix it comes with. */
export async function gameToken(origin: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${origin}/game/api/Access/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  const { accessToken } = (await response.json()) as { accessToken: string };
  expect(accessToken).toMatch(/^Bearer \S+$/);
  return accessToken.replace(/^Bearer /, '');
}

/** Connects to the hub at `origin` with `token`; the caller stops `player.client`. */
export async function connectGamePlayer(
  origin: string,
  token: string,
  options: { reconnects?: boolean } = {},
): Promise<GamePlayer> {
  // `WebSocket` is read by the client in Node but missing from its typings
  const http: IHttpConnectionOptions & { WebSocket: typeof WebSocket } = { accessTokenFactory: () => token, WebSocket };
  const builder = new HubConnectionBuilder().withUrl(`${origin}/game/socket/Gaming?v=1.17`, http);
  if (options.reconnects) builder.withAutomaticReconnect([60_000]);
  const client = builder.configureLogging(LogLevel.None).build();
  const player: GamePlayer = { client, results: [], events: [], reconnecting: [] };
  client.on('ReceiveMessage', (message: ConsoleMessage) => player.results.push(message));
  client.on('EventMessage', (message: ConsoleMessage) => {
    const event = parseGameEvent(message);
    if (event) player.events.push(event);
  });
  client.onreconnecting((error) => player.reconnecting.push(error?.message));
  await client.start();
  return player;
}

/** Invokes an action and answers the ReceiveMessage it brings. */
export async function playAction(player: GamePlayer, action: string, ...args: unknown[]): Promise<ConsoleMessage> {
  const before = player.results.length;
  await player.client.invoke(action, ...args);
  await vi.waitFor(() => expect(player.results.length).toBeGreaterThan(before));
  return player.results[before] as ConsoleMessage;
}

/**
 * The test app's hub on a free port for the suite (the SignalR client needs a real socket, not `app.inject`): its
 * `origin`, the game host's `token` there, and `connect`, whose players are stopped after each test.
 */
export function useGameHub(t: { app: FastifyInstance }) {
  let origin = '';
  const clients: HubConnection[] = [];
  beforeAll(async () => {
    origin = `http://127.0.0.1:${await listenOnFreePort(t.app)}`;
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.stop()));
  });
  return {
    get origin() {
      return origin;
    },
    token: (email: string, password: string) => gameToken(origin, email, password),
    async connect(token: string, options: { reconnects?: boolean } = {}): Promise<GamePlayer> {
      const player = await connectGamePlayer(origin, token, options);
      clients.push(player.client);
      return player;
    },
  };
}
