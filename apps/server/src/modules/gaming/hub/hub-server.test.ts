import { setTimeout as delay } from 'node:timers/promises';
import {
  type HubConnection as ClientConnection,
  HttpTransportType,
  HubConnectionBuilder,
  HubConnectionState,
  type IHttpConnectionOptions,
  LogLevel,
} from '@microsoft/signalr';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { listenOnFreePort } from '../../../testing/ports.ts';
import {
  type HubConnection,
  HubError,
  type HubOptions,
  hubErrors,
  MAX_PENDING_MESSAGES,
  registerHub,
} from './hub-server.ts';

const PATH = '/game/socket/Gaming';
const RS = '\x1e';
const PLAYER = { id: 'user-1', email: 'player@example.com', sessionId: 'session-1' };
const OTHER_PLAYER = { id: 'user-2', email: 'other@example.com', sessionId: 'session-2' };

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startHub(overrides: Partial<HubOptions> = {}) {
  const app = Fastify();
  const events: string[] = [];
  const connected: HubConnection[] = [];
  const hub = registerHub(app, {
    path: PATH,
    authenticate: async (token) => (token === 'good' ? PLAYER : token === 'other' ? OTHER_PLAYER : undefined),
    methods: {
      Echo: (_connection, ...args) => (args.length === 1 ? args[0] : args),
      Add: (_connection, a, b) => {
        if (typeof a !== 'number' || typeof b !== 'number') throw new HubError('Two numbers are expected.');
        return a + b;
      },
      Fail: () => {
        throw new HubError('The game is full.');
      },
      Crash: () => {
        throw new Error('a detail of the server');
      },
      Record: (_connection, value) => {
        events.push(`record:${String(value)}`);
      },
      Slow: async (_connection, ms) => {
        await delay(Number(ms));
        return 'slow';
      },
      Push: (connection, ...args) => connection.send('ReceiveMessage', ...args),
      WhoAmI: (connection) => ({ id: connection.id, user: connection.user, apiVersion: connection.apiVersion ?? null }),
    },
    onConnect: (connection) => {
      connected.push(connection);
      events.push(`connect:${connection.user.id}`);
    },
    onDisconnect: (connection) => {
      events.push(`disconnect:${connection.user.id}`);
    },
    log: app.log,
    ...overrides,
  });
  const port = await listenOnFreePort(app);
  cleanups.push(() => app.close());
  return {
    app,
    hub,
    events,
    connected,
    httpUrl: `http://127.0.0.1:${port}${PATH}`,
    wsUrl: `ws://127.0.0.1:${port}${PATH}`,
  };
}

interface ClientOptions {
  token?: string;
  skipNegotiation?: boolean;
  reconnect?: boolean;
}

/** The official client, as the staging console builds it (with `ws` as its WebSocket in Node). */
function buildClient(url: string, { token = 'good', skipNegotiation = false, reconnect = false }: ClientOptions = {}) {
  // `WebSocket` is read by the client in Node but missing from its typings
  const options: IHttpConnectionOptions & { WebSocket: typeof WebSocket } = {
    accessTokenFactory: () => token,
    WebSocket,
    ...(skipNegotiation ? { skipNegotiation: true, transport: HttpTransportType.WebSockets } : {}),
  };
  let builder = new HubConnectionBuilder().withUrl(url, options).configureLogging(LogLevel.None);
  if (reconnect) builder = builder.withAutomaticReconnect([0, 0, 0]);
  const client = builder.build();
  cleanups.push(() => client.stop());
  return client;
}

async function startClient(url: string, options?: ClientOptions): Promise<ClientConnection> {
  const client = buildClient(url, options);
  await client.start();
  return client;
}

/** A bare `ws` client speaking the protocol by hand, to see exactly what goes over the wire. */
class RawClient {
  readonly messages: Array<Record<string, unknown>> = [];
  /** Every frame's text as it came. */
  readonly frames: string[] = [];
  readonly closed: Promise<number>;
  private read = 0;
  private wake: () => void = () => {};

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.frames.push(data.toString());
      for (const text of data.toString().split(RS).filter(Boolean)) this.messages.push(JSON.parse(text));
      this.wake();
    });
    this.closed = new Promise((resolve) => socket.on('close', (code) => resolve(code)));
  }

  static open(url: string, headers: Record<string, string> = { authorization: 'Bearer good' }): Promise<RawClient> {
    const socket = new WebSocket(url, { headers });
    cleanups.push(() => socket.terminate());
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new RawClient(socket)));
      socket.once('error', reject);
    });
  }

  static async connect(url: string, headers?: Record<string, string>): Promise<RawClient> {
    const client = await RawClient.open(url, headers);
    client.sendText(`{"protocol":"json","version":1}${RS}`);
    expect(await client.next()).toEqual({});
    return client;
  }

  sendText(text: string): void {
    this.socket.send(text);
  }

  /** Several messages in one frame, as the client's batching does. */
  send(...messages: object[]): void {
    this.sendText(messages.map((message) => `${JSON.stringify(message)}${RS}`).join(''));
  }

  /** The next message not yet read; fails rather than waits for the test's timeout. */
  async next(): Promise<Record<string, unknown>> {
    while (this.read === this.messages.length) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no message after ${JSON.stringify(this.messages)}`)), 2_000);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    return this.messages[this.read++] as Record<string, unknown>;
  }
}

async function negotiate(httpUrl: string, token = 'good') {
  const response = await fetch(`${httpUrl}/negotiate?negotiateVersion=1`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('connecting', () => {
  it('negotiates with the bearer header, opens the socket with its token and runs onConnect and onDisconnect', async () => {
    const { httpUrl, events, connected } = await startHub();
    const client = await startClient(httpUrl);
    expect(await client.invoke('WhoAmI')).toEqual({ id: client.connectionId, user: PLAYER, apiVersion: null });
    expect(connected[0]?.id).toBe(client.connectionId);
    await client.stop();
    await vi.waitFor(() => expect(events).toEqual(['connect:user-1', 'disconnect:user-1']));
  });

  it('answers negotiate with a connection id, a separate token and the WebSockets transport only', async () => {
    const { httpUrl, wsUrl } = await startHub();
    const { status, body } = await negotiate(httpUrl);
    expect(status).toBe(200);
    expect(body).toEqual({
      connectionId: expect.any(String),
      connectionToken: expect.any(String),
      negotiateVersion: 1,
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
    });
    expect(body.connectionToken).not.toBe(body.connectionId);
    // clients before negotiateVersion 1 open the socket with the connectionId; any body type is left unread
    const legacy = await fetch(`${httpUrl}/negotiate`, {
      method: 'POST',
      headers: { authorization: 'Bearer good', 'content-type': 'application/json' },
    });
    const legacyBody = (await legacy.json()) as Record<string, unknown>;
    expect(legacyBody).toEqual({
      connectionId: expect.any(String),
      negotiateVersion: 0,
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
    });
    await RawClient.connect(`${wsUrl}?id=${String(legacyBody.connectionId)}`);
  });

  it('refuses negotiate without a valid bearer token', async () => {
    const { httpUrl } = await startHub();
    expect(await negotiate(httpUrl, 'bad')).toEqual({
      status: 401,
      body: { errorCode: 'Unauthorized', message: expect.any(String) },
    });
    const response = await fetch(`${httpUrl}/negotiate?negotiateVersion=1`, { method: 'POST' });
    expect(response.status).toBe(401);
    await expect(startClient(httpUrl, { token: 'bad' })).rejects.toThrow(/401/);
  });

  it('serves skipNegotiation, authenticating at the upgrade', async () => {
    const { httpUrl, connected } = await startHub();
    const client = await startClient(httpUrl, { skipNegotiation: true });
    expect(await client.invoke('Echo', 'hello')).toBe('hello');
    expect(connected[0]?.user).toEqual(PLAYER);
    await expect(startClient(httpUrl, { skipNegotiation: true, token: 'bad' })).rejects.toThrow(
      /WebSocket failed to connect/,
    );
  });

  it('takes the token from the access_token query on the socket, as browsers send it', async () => {
    const { wsUrl, connected } = await startHub();
    const raw = await RawClient.connect(`${wsUrl}?access_token=good`, {});
    raw.send({ type: 1, invocationId: '0', target: 'Echo', arguments: [1] });
    expect(await raw.next()).toEqual({ type: 3, invocationId: '0', result: 1 });
    expect(connected[0]?.user).toEqual(PLAYER);
    await expect(RawClient.open(`${wsUrl}?access_token=bad`, {})).rejects.toThrow('Unexpected server response: 401');
    await expect(RawClient.open(wsUrl, {})).rejects.toThrow('Unexpected server response: 401');
  });

  it('refuses an unknown id (404), a second socket on one id (409) and another user on it (403)', async () => {
    const { httpUrl, wsUrl } = await startHub();
    await expect(RawClient.open(`${wsUrl}?id=unknown`)).rejects.toThrow('Unexpected server response: 404');
    const { body } = await negotiate(httpUrl);
    const url = `${wsUrl}?id=${String(body.connectionToken)}`;
    await expect(RawClient.open(url, { authorization: 'Bearer other' })).rejects.toThrow(
      'Unexpected server response: 403',
    );
    const first = await RawClient.connect(url);
    await expect(RawClient.open(url)).rejects.toThrow('Unexpected server response: 409');
    // the public id does not open a socket
    await expect(RawClient.open(`${wsUrl}?id=${String(body.connectionId)}`)).rejects.toThrow(
      'Unexpected server response: 404',
    );
    first.socket.close();
    await first.closed;
    await vi.waitFor(() => expect(RawClient.open(url)).rejects.toThrow('Unexpected server response: 404'));
  });

  it('forgets a negotiated token whose socket does not come', async () => {
    const { httpUrl, wsUrl } = await startHub({ negotiateTimeoutMs: 30 });
    const { body } = await negotiate(httpUrl);
    await delay(80);
    await expect(RawClient.open(`${wsUrl}?id=${String(body.connectionToken)}`)).rejects.toThrow(
      'Unexpected server response: 404',
    );
  });

  it('refuses a game API version other than 1.x at the handshake, naming the version served', async () => {
    const { httpUrl } = await startHub();
    await expect(startClient(`${httpUrl}?v=2.0`)).rejects.toThrow(
      "Server returned handshake error: The game API version '2.0' is not supported: this server serves version 1.x.",
    );
    const client = await startClient(`${httpUrl}?v=1.17`);
    expect(await client.invoke('WhoAmI')).toMatchObject({ apiVersion: '1.17' });
  });

  it('refuses a hub protocol or version other than json 1', async () => {
    const { wsUrl, events } = await startHub();
    const messagepack = await RawClient.open(wsUrl);
    messagepack.sendText(`{"protocol":"messagepack","version":1}${RS}`);
    expect(await messagepack.next()).toEqual({ error: "The protocol 'messagepack' is not supported." });
    await messagepack.closed;
    const version2 = await RawClient.open(wsUrl);
    version2.sendText(`{"protocol":"json","version":2}${RS}`);
    expect(await version2.next()).toEqual({ error: "The server does not support version 2 of the 'json' protocol." });
    await version2.closed;
    expect(events).toEqual([]);
  });

  it('leaves other upgrade paths to their own listeners, and refuses them when there is none', async () => {
    const { app, wsUrl } = await startHub();
    const otherUrl = wsUrl.replace(PATH, '/other');
    await expect(RawClient.open(otherUrl)).rejects.toThrow('Unexpected server response: 404');

    const echo = new WebSocketServer({ noServer: true });
    cleanups.push(() => echo.close());
    app.server.on('upgrade', (request, socket, head) => {
      if (request.url !== '/other') return;
      echo.handleUpgrade(request, socket, head, (ws) => ws.on('message', (data) => ws.send(data.toString())));
    });
    const other = await RawClient.open(otherUrl);
    other.send({ hello: 'there' });
    expect(await other.next()).toEqual({ hello: 'there' });
    await RawClient.connect(wsUrl);
  });
});

describe('invocations', () => {
  it('resolves invoke() with the result, matching methods regardless of case', async () => {
    const { httpUrl } = await startHub();
    const client = await startClient(httpUrl);
    expect(await client.invoke('Add', 2, 3)).toBe(5);
    expect(await client.invoke('add', 4, 5)).toBe(9);
    expect(await client.invoke('ECHO', { nested: [1, null] })).toEqual({ nested: [1, null] });
  });

  it("rejects with ASP.NET's wording: the HubError's message, and nothing of any other error", async () => {
    const { httpUrl } = await startHub();
    const client = await startClient(httpUrl);
    await expect(client.invoke('Fail')).rejects.toThrow(
      "An unexpected error occurred invoking 'Fail' on the server. HubException: The game is full.",
    );
    await expect(client.invoke('Add', 'x', 1)).rejects.toThrow(
      "An unexpected error occurred invoking 'Add' on the server. HubException: Two numbers are expected.",
    );
    const crash = client.invoke('Crash');
    await expect(crash).rejects.toThrow("An unexpected error occurred invoking 'Crash' on the server.");
    await expect(crash).rejects.not.toThrow(/detail/);
    expect(await client.invoke('Echo', 'still here')).toBe('still here');
  });

  it("rejects an unknown method with ASP.NET's wording", async () => {
    const { httpUrl } = await startHub();
    const client = await startClient(httpUrl);
    await expect(client.invoke('Nope', 1)).rejects.toThrow(
      "Failed to invoke 'Nope' due to an error on the server. HubException: Method does not exist.",
    );
  });

  it('runs a send() without ever answering it, even when it fails', async () => {
    const { httpUrl, wsUrl, events } = await startHub();
    const raw = await RawClient.connect(wsUrl);
    raw.send(
      { type: 1, target: 'Record', arguments: ['raw'] },
      { type: 1, target: 'Fail', arguments: [] },
      { type: 1, target: 'Nope', arguments: [] },
      { type: 1, invocationId: '7', target: 'Echo', arguments: ['after'] },
    );
    expect(await raw.next()).toEqual({ type: 3, invocationId: '7', result: 'after' });
    expect(raw.messages).toHaveLength(2);
    const client = await startClient(httpUrl);
    await client.send('Record', 'official');
    await vi.waitFor(() => expect(events).toContain('record:official'));
    expect(events).toContain('record:raw');
  });

  it('answers a method that returns nothing with a Completion without a result', async () => {
    const { wsUrl } = await startHub();
    const raw = await RawClient.connect(wsUrl);
    raw.send({ type: 1, invocationId: '1', target: 'Record', arguments: [1] });
    expect(await raw.next()).toEqual({ type: 3, invocationId: '1' });
  });

  it('answers every message of a batched frame, one invocation after the other', async () => {
    const { wsUrl } = await startHub();
    const raw = await RawClient.connect(wsUrl);
    raw.send(
      { type: 1, invocationId: '1', target: 'Slow', arguments: [30] },
      { type: 6 },
      { type: 1, invocationId: '2', target: 'Echo', arguments: ['fast'] },
    );
    expect(await raw.next()).toEqual({ type: 3, invocationId: '1', result: 'slow' });
    expect(await raw.next()).toEqual({ type: 3, invocationId: '2', result: 'fast' });
  });

  it('sends what one invocation writes in one frame: the calls it makes to the client, then its completion', async () => {
    const { wsUrl } = await startHub();
    const raw = await RawClient.connect(wsUrl);
    raw.send({ type: 1, invocationId: '1', target: 'Push', arguments: ['a', 1] });
    expect(await raw.next()).toEqual({ type: 1, target: 'ReceiveMessage', arguments: ['a', 1] });
    expect(await raw.next()).toEqual({ type: 3, invocationId: '1' });
    expect(raw.frames.at(-1)).toBe(
      `{"type":1,"target":"ReceiveMessage","arguments":["a",1]}${RS}{"type":3,"invocationId":"1"}${RS}`,
    );
  });

  it('refuses stream invocations with an error completion', async () => {
    const { httpUrl } = await startHub();
    const client = await startClient(httpUrl);
    const error = await new Promise<Error>((resolve) => {
      client.stream('Echo', 1).subscribe({ next: () => {}, complete: () => {}, error: resolve });
    });
    expect(error.message).toBe(
      "Failed to invoke 'Echo' due to an error on the server. HubException: Streaming is not supported.",
    );
  });

  it('closes the connection with an error on a malformed message', async () => {
    const { wsUrl, events } = await startHub();
    const raw = await RawClient.connect(wsUrl);
    raw.sendText(`{"type":1,"invocationId":"1",${RS}`);
    expect(await raw.next()).toEqual({
      type: 7,
      error: 'Connection closed with an error. InvalidDataException: Error reading JSON.',
    });
    expect(await raw.closed).toBe(1000);
    await vi.waitFor(() => expect(events).toEqual(['connect:user-1', 'disconnect:user-1']));
  });
});

describe('server calls', () => {
  it("reaches the client's handlers, whatever the case of the target", async () => {
    const { httpUrl, connected } = await startHub();
    const client = await startClient(httpUrl);
    const received: unknown[][] = [];
    client.on('receivemessage', (...args: unknown[]) => received.push(args));
    connected[0]?.send('ReceiveMessage', { succeeded: true, jsonData: '{}', error: null });
    await client.invoke('Push', 'from a method', 2);
    expect(received).toEqual([[{ succeeded: true, jsonData: '{}', error: null }], ['from a method', 2]]);
  });

  it('are written as invocations without an id', async () => {
    const { wsUrl, connected } = await startHub();
    const raw = await RawClient.connect(wsUrl);
    connected[0]?.send('EventMessage', 'joined');
    expect(await raw.next()).toEqual({ type: 1, target: 'EventMessage', arguments: ['joined'] });
  });
});

describe('keep-alive', () => {
  it('pings a quiet client every keepAliveMs', async () => {
    const { wsUrl } = await startHub({ keepAliveMs: 20 });
    const raw = await RawClient.connect(wsUrl);
    expect(await raw.next()).toEqual({ type: 6 });
    expect(await raw.next()).toEqual({ type: 6 });
  });

  it('drops a client silent for serverTimeoutMs and keeps one that pings', async () => {
    const { httpUrl, wsUrl, hub, events } = await startHub({ serverTimeoutMs: 200, keepAliveMs: 40 });
    const client = buildClient(httpUrl);
    client.keepAliveIntervalInMilliseconds = 30;
    await client.start();
    const silent = await RawClient.connect(wsUrl);
    expect(hub.connections()).toBe(2);
    expect(await silent.closed).toBe(1006);
    await vi.waitFor(() => expect(events.filter((event) => event.startsWith('disconnect'))).toHaveLength(1));
    expect(hub.connections()).toBe(1);
    await delay(250);
    expect(client.state).toBe(HubConnectionState.Connected);
    expect(await client.invoke('Echo', 'alive')).toBe('alive');
  });
});

describe('limits', () => {
  it('answers an invocation over maxMessageBytes with an error without running it, ignores such a send(), and carries on', async () => {
    const { httpUrl, events } = await startHub({ maxMessageBytes: 1024 });
    const client = await startClient(httpUrl);
    await expect(client.invoke('Echo', 'x'.repeat(2000))).rejects.toThrow(
      "Failed to invoke 'Echo' due to an error on the server. HubException: The message is larger than the maximum of 1024 bytes.",
    );
    await client.send('Record', 'x'.repeat(2000));
    expect(await client.invoke('Echo', 'ok')).toBe('ok');
    expect(events.filter((event) => event.startsWith('record'))).toEqual([]);
  });

  it('lets answerTooLarge answer an invocation of a method over maxMessageBytes, in place of the method', async () => {
    const answered: string[] = [];
    const { httpUrl, events } = await startHub({
      maxMessageBytes: 1024,
      answerTooLarge: (connection, target) => {
        answered.push(`${target} ${connection.user.id}`);
        return 'too large';
      },
    });
    const client = await startClient(httpUrl);
    expect(await client.invoke('Echo', 'x'.repeat(2000))).toBe('too large');
    await client.send('record', 'x'.repeat(2000));
    // an unknown method stays unknown, whatever its size
    await expect(client.invoke('Nope', 'x'.repeat(2000))).rejects.toThrow(/larger than the maximum of 1024 bytes/);
    expect(await client.invoke('Echo', 'ok')).toBe('ok');
    expect(answered).toEqual(['Echo user-1', 'record user-1']);
    expect(events.filter((event) => event.startsWith('record'))).toEqual([]);
  });

  it(`answers 1,000 invocations sent at once, in order: past ${MAX_PENDING_MESSAGES} waiting it reads no further until they are answered`, async () => {
    const { httpUrl, wsUrl } = await startHub();
    const client = await startClient(httpUrl);
    const pause = vi.spyOn(WebSocket.prototype, 'pause');
    const resume = vi.spyOn(WebSocket.prototype, 'resume');
    cleanups.push(() => vi.restoreAllMocks());
    const numbers = Array.from({ length: 1000 }, (_, index) => index);
    expect(await Promise.all(numbers.map((number) => client.invoke('Echo', number)))).toEqual(numbers);
    const slow = await Promise.all(numbers.slice(0, 300).map(() => client.invoke('Slow', 0)));
    expect(slow.every((result) => result === 'slow')).toBe(true);
    expect(client.state).toBe(HubConnectionState.Connected);
    // the server's socket stopped reading while they waited, and read on once they were answered
    expect(pause).toHaveBeenCalled();
    expect(resume).toHaveBeenCalledTimes(pause.mock.calls.length);
    // in one frame too, which the socket cannot stop reading halfway through
    const raw = await RawClient.connect(wsUrl);
    raw.send(
      ...numbers.map((number) => ({ type: 1, invocationId: String(number), target: 'Echo', arguments: [number] })),
    );
    for (const number of numbers)
      expect(await raw.next()).toEqual({ type: 3, invocationId: String(number), result: number });
  });

  it('closes a client whose message cannot be answered or read, and serves the others', async () => {
    const { httpUrl, wsUrl } = await startHub({ maxMessageBytes: 1024 });
    const client = await startClient(httpUrl);
    const oversizePing = await RawClient.connect(wsUrl);
    oversizePing.send({ type: 6, padding: 'x'.repeat(2000) });
    expect(await oversizePing.next()).toEqual({
      type: 7,
      error:
        'Connection closed with an error. InvalidDataException: The message is larger than the maximum of 1024 bytes.',
    });
    const unfinished = await RawClient.connect(wsUrl);
    unfinished.sendText(`{"type":1,"target":"Echo","arguments":["${'x'.repeat(2000)}`);
    expect(await unfinished.next()).toMatchObject({ type: 7 });
    const hugeFrame = await RawClient.connect(wsUrl);
    hugeFrame.sendText('x'.repeat(10_000));
    expect(await hugeFrame.closed).toBe(1009);
    expect(await client.invoke('Echo', 'unharmed')).toBe('unharmed');
  });
});

describe('connections per user', () => {
  it('refuses a socket past maxConnectionsPerUser at its handshake, saying why, and counts one that closes out', async () => {
    const { httpUrl, hub } = await startHub({ maxConnectionsPerUser: 2 });
    const first = await startClient(httpUrl);
    await startClient(httpUrl, { skipNegotiation: true });
    await expect(startClient(httpUrl)).rejects.toThrow(
      `Server returned handshake error: ${hubErrors.tooManyConnections(2)}`,
    );
    expect(hubErrors.tooManyConnections(2)).toBe(
      'This account already has 2 connections to this hub, the most it may hold: close one before opening another.',
    );
    // another user has room of their own
    await startClient(httpUrl, { token: 'other' });
    await first.stop();
    await vi.waitFor(() => expect(hub.connections()).toBe(2));
    expect(await (await startClient(httpUrl)).invoke('Echo', 'room again')).toBe('room again');
  });
});

describe('closeWhere', () => {
  it("closes the matching users' connections for good, open or still shaking hands, and leaves the others", async () => {
    const { httpUrl, wsUrl, hub, events } = await startHub();
    const client = buildClient(httpUrl, { reconnect: true });
    const reconnecting: unknown[] = [];
    client.onreconnecting((error) => reconnecting.push(error));
    const closed = new Promise<Error | undefined>((resolve) => client.onclose(resolve));
    await client.start();
    const handshaking = await RawClient.open(wsUrl);
    const other = await startClient(httpUrl, { token: 'other' });

    expect(hub.closeWhere((user) => user.sessionId === PLAYER.sessionId, 'Signed out.')).toBe(2);
    expect((await closed)?.message).toBe('Server returned an error on close: Signed out.');
    handshaking.sendText(`{"protocol":"json","version":1}${RS}`);
    expect(await handshaking.next()).toEqual({ error: 'Signed out.' });
    expect(await handshaking.closed).toBe(1000);
    expect(reconnecting).toEqual([]);
    expect(await other.invoke('Echo', 'still here')).toBe('still here');
    await vi.waitFor(() => expect(events).toContain('disconnect:user-1'));
  });

  it('sends allowReconnect false in its Close', async () => {
    const { wsUrl, hub } = await startHub();
    const raw = await RawClient.connect(wsUrl);
    hub.closeWhere(() => true, 'Signed out.');
    expect(await raw.next()).toEqual({ type: 7, error: 'Signed out.', allowReconnect: false });
  });
});

describe('shutdown', () => {
  it('closeAll sends a reconnectable Close, and a client with automatic reconnect comes back', async () => {
    const { httpUrl, wsUrl, hub, events } = await startHub();
    const client = buildClient(httpUrl, { reconnect: true });
    await client.start();
    const firstId = client.connectionId;
    const raw = await RawClient.connect(wsUrl);
    const reconnected = new Promise<string | undefined>((resolve) => client.onreconnected(resolve));
    await hub.closeAll('Restarting.');
    expect(raw.messages).toContainEqual({ type: 7, error: 'Restarting.', allowReconnect: true });
    const secondId = await reconnected;
    expect(secondId).toBeDefined();
    expect(secondId).not.toBe(firstId);
    expect(await client.invoke('Echo', 'back')).toBe('back');
    expect(events.filter((event) => event.startsWith('disconnect'))).toHaveLength(2);
  });

  it("closes the hub's connections when the app closes", async () => {
    const { app, httpUrl, events } = await startHub();
    const client = await startClient(httpUrl);
    const closed = new Promise<Error | undefined>((resolve) => client.onclose(resolve));
    await app.close();
    expect((await closed)?.message).toBe('Server returned an error on close: The server is shutting down.');
    expect(events).toEqual(['connect:user-1', 'disconnect:user-1']);
  });
});
