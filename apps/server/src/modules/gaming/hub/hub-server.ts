import { randomUUID } from 'node:crypto';
import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import { createToken } from '../../../lib/tokens.ts';
import { sendError } from '../../../plugins/errors.ts';
import { redactUrl } from '../../../plugins/logging.ts';
import {
  type ClientMessage,
  formatClose,
  formatCompletion,
  formatHandshakeError,
  formatInvocation,
  HANDSHAKE_OK,
  HUB_PROTOCOL,
  HUB_PROTOCOL_VERSION,
  hubErrors,
  InvalidMessageError,
  MessageSplitter,
  MessageType,
  PING,
  parseHandshakeRequest,
  parseMessage,
} from './protocol.ts';

/** Who a connection belongs to, as `authenticate` found them. */
export interface HubUser {
  id: string;
  email: string;
}

/** One client's connection, as hub methods and the connect/disconnect callbacks see it. */
export interface HubConnection {
  /** The public connection id (negotiate's `connectionId`), never the token that opens the socket. */
  readonly id: string;
  readonly user: HubUser;
  /** The query parameter `v` (the game API version, e.g. `1.17`), when the client sent one. */
  readonly apiVersion: string | undefined;
  /** Calls a client method (`connection.on(target, …)` on the client, matched regardless of case). Dropped once closed. */
  send(target: string, ...args: unknown[]): void;
  /** Sends an invocation built once for many connections (an event for everyone in a game). */
  sendPrepared(message: PreparedInvocation): void;
  /** Sends a Close message and closes the socket; `allowReconnect` lets a client with automatic reconnect come back. */
  close(error?: string, allowReconnect?: boolean): void;
}

/** An invocation of a client method, framed once: the same bytes go to every connection it is sent to. */
export class PreparedInvocation {
  private constructor(readonly frame: Buffer) {}
  static of(target: string, ...args: unknown[]): PreparedInvocation {
    return new PreparedInvocation(Buffer.from(formatInvocation(target, args)));
  }
}

/** What a hub method throws for the client to read: `… HubException: <message>`. Any other error stays in the log. */
export class HubError extends Error {
  override readonly name = 'HubError';
}

export type HubMethod = (connection: HubConnection, ...args: unknown[]) => unknown;

export interface HubOptions {
  /** The hub's absolute path, e.g. `/game/socket/Gaming`: negotiate is served below it, the socket on it. */
  path: string;
  /** The user a bearer token stands for, or undefined when the token is not valid. */
  authenticate(token: string): Promise<HubUser | undefined>;
  /** Hub methods by name, matched regardless of case; arguments arrive unchecked (throw a HubError on bad ones). */
  methods: Record<string, HubMethod>;
  /** Runs once the handshake succeeded; the connection's messages wait until a returned promise settles. */
  onConnect?(connection: HubConnection): void | Promise<void>;
  /** Runs once a connection that completed its handshake is gone, however it went. */
  onDisconnect?(connection: HubConnection): void | Promise<void>;
  /** How often an otherwise quiet connection gets a ping (ASP.NET's KeepAliveInterval). Default 15000. */
  keepAliveMs?: number;
  /** A client silent this long is dropped (ASP.NET's ClientTimeoutInterval). Default 30000. */
  serverTimeoutMs?: number;
  /** The largest message accepted; an invocation over it gets an error Completion. Default 32 KB. */
  maxMessageBytes?: number;
  /** How long a negotiated connection token waits for its socket. Default 30000. */
  negotiateTimeoutMs?: number;
  /** Where the hub logs; it never logs a token or a query string's values. */
  log: FastifyBaseLogger;
}

export interface HubHandle {
  /** Open sockets, handshake done or not. */
  connections(): number;
  /** Sends every connection a reconnectable Close with this reason and resolves once all are gone. */
  closeAll(reason: string): Promise<void>;
}

/** The game API versions served (DESIGN §5): the query parameter `v` must be 1.x, or absent. */
export const SUPPORTED_API_VERSION = '1.x';
const SUPPORTED_API_VERSION_PATTERN = /^1(\.\d{1,6}){0,3}$/;

const DEFAULTS = {
  keepAliveMs: 15_000,
  serverTimeoutMs: 30_000,
  maxMessageBytes: 32 * 1024,
  negotiateTimeoutMs: 30_000,
};

/**
 * A frame may carry several messages: `ws` refuses (close 1009) a frame this many times the message limit, so a
 * message somewhat over the limit can still be read and answered with an error Completion.
 */
const FRAME_LIMIT_IN_MESSAGES = 4;
/** Messages queued behind a method still running; a client past this floods, and is closed. */
const MAX_PENDING_MESSAGES = 128;
/** A client that lets this much of our output pile up unread is dropped rather than buffered without end. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** How long `closeAll` waits for clients to answer the close before cutting their sockets. */
const CLOSE_GRACE_MS = 1_000;
const SHUTDOWN_REASON = 'The server is shutting down.';
const AVAILABLE_TRANSPORTS = [{ transport: 'WebSockets', transferFormats: ['Text'] }];

interface HubRuntime {
  /** Sends what the connection wrote in this turn of the event loop once it ends, as one frame. */
  flushSoon(connection: Connection): void;
  readonly options: HubOptions;
  readonly methods: ReadonlyMap<string, HubMethod>;
  readonly keepAliveMs: number;
  readonly serverTimeoutMs: number;
  readonly maxMessageBytes: number;
  readonly log: FastifyBaseLogger;
}

function splitUrl(url: string): { pathname: string; query: URLSearchParams } {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return { pathname: url, query: new URLSearchParams() };
  return { pathname: url.slice(0, queryStart), query: new URLSearchParams(url.slice(queryStart + 1)) };
}

/** The bearer token: the Authorization header (negotiate, the Node client), else `access_token` (browsers' socket). */
function readToken(authorization: string | undefined, query: URLSearchParams): string | undefined {
  const bearer = authorization === undefined ? undefined : /^Bearer\s+(\S.*)$/i.exec(authorization)?.[1]?.trim();
  return bearer || query.get('access_token') || undefined;
}

const isSupportedApiVersion = (version: string | undefined) =>
  version === undefined || SUPPORTED_API_VERSION_PATTERN.test(version);

const apiVersionError = (version: string) =>
  `The game API version '${version.slice(0, 32)}' is not supported: this server serves version ${SUPPORTED_API_VERSION}.`;

class Connection implements HubConnection {
  private state: 'handshake' | 'open' | 'closed' = 'handshake';
  /** Set once the socket is being closed: no message is read or answered after it. */
  private isClosing = false;
  private readonly splitter = new MessageSplitter();
  private readonly inbox: Buffer[] = [];
  /** Messages written in this turn of the event loop: one frame carries them all (a frame may hold many). */
  private outbox: Array<string | Buffer> = [];
  private isDraining = false;
  private hasSentSinceTick = false;
  private readonly silenceTimer: NodeJS.Timeout;
  private keepAliveTimer: NodeJS.Timeout | undefined;
  private resolveClosed: () => void = () => {};
  /** Settles once the socket is closed and `onDisconnect` has run. */
  readonly closed = new Promise<void>((resolve) => {
    this.resolveClosed = resolve;
  });

  constructor(
    readonly id: string,
    readonly user: HubUser,
    readonly apiVersion: string | undefined,
    private readonly socket: WebSocket,
    private readonly hub: HubRuntime,
  ) {
    // covers the handshake too: a socket that never says anything is dropped
    this.silenceTimer = setTimeout(() => this.dropSilent(), hub.serverTimeoutMs).unref();
    socket.on('message', (data) => this.receive(data));
    socket.on('error', (error) => hub.log.debug({ err: error, connectionId: id }, 'hub socket error'));
    socket.on('close', () => void this.finish());
  }

  send(target: string, ...args: unknown[]): void {
    if (this.state !== 'open' || this.isClosing) return;
    this.write(formatInvocation(target, args));
  }

  sendPrepared(message: PreparedInvocation): void {
    if (this.state !== 'open' || this.isClosing) return;
    this.write(message.frame);
  }

  close(error?: string, allowReconnect?: boolean): void {
    if (this.isClosing || this.state === 'closed') return;
    if (this.state === 'open') this.write(formatClose(error, allowReconnect));
    else if (error !== undefined) this.write(formatHandshakeError(error));
    this.flush();
    this.isClosing = true;
    this.socket.close(1000);
  }

  /** Cuts the socket without a close handshake (a silent or unreadable client). */
  terminate(): void {
    this.isClosing = true;
    this.socket.terminate();
  }

  /** Queues a message (a string or its UTF-8 bytes) for this turn's frame. */
  private write(text: string | Buffer): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    if (this.outbox.length === 0) this.hub.flushSoon(this);
    this.outbox.push(text);
    this.hasSentSinceTick = true;
  }

  /** Sends the queued messages as one text frame (the JSON protocol's transfer format). */
  flush(): void {
    const messages = this.outbox;
    if (messages.length === 0) return;
    this.outbox = [];
    if (this.socket.readyState !== WebSocket.OPEN) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.hub.log.warn({ connectionId: this.id }, 'hub client is not reading its messages: dropped');
      this.terminate();
      return;
    }
    const frame =
      messages.length === 1
        ? (messages[0] as string | Buffer)
        : Buffer.concat(messages.map((message) => (typeof message === 'string' ? Buffer.from(message) : message)));
    this.socket.send(frame, { binary: false });
  }

  private receive(data: RawData): void {
    this.silenceTimer.refresh();
    if (this.isClosing) return;
    const chunk = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    const messages = this.splitter.push(chunk);
    if (this.splitter.pendingBytes > this.hub.maxMessageBytes) {
      this.fail(new InvalidMessageError(hubErrors.messageTooLarge(this.hub.maxMessageBytes)));
      return;
    }
    if (this.inbox.length + messages.length > MAX_PENDING_MESSAGES) {
      this.fail(new InvalidMessageError('Too many messages are waiting for earlier invocations to complete.'));
      return;
    }
    this.inbox.push(...messages);
    void this.drain();
  }

  /** One message at a time, each invocation awaited before the next (ASP.NET's default of one per client). */
  private async drain(): Promise<void> {
    if (this.isDraining) return;
    this.isDraining = true;
    try {
      for (let message = this.inbox.shift(); message && !this.isClosing; message = this.inbox.shift()) {
        await this.handle(message);
      }
    } finally {
      this.isDraining = false;
    }
  }

  private async handle(bytes: Buffer): Promise<void> {
    try {
      if (this.state === 'handshake') {
        await this.handshake(bytes);
        return;
      }
      if (bytes.length > this.hub.maxMessageBytes) {
        this.refuseOversize(bytes);
        return;
      }
      await this.dispatch(parseMessage(bytes));
    } catch (error) {
      if (error instanceof InvalidMessageError) {
        this.hub.log.info({ connectionId: this.id, reason: error.message }, 'hub client broke the protocol');
        this.fail(error);
        return;
      }
      this.hub.log.error({ err: error, connectionId: this.id }, 'hub message failed');
      this.fail();
    }
  }

  private fail(error?: Error): void {
    this.close(hubErrors.closedWithError(error));
  }

  private async handshake(bytes: Buffer): Promise<void> {
    let request: { protocol: string; version: number };
    try {
      if (bytes.length > this.hub.maxMessageBytes) throw new InvalidMessageError('The handshake is too large.');
      request = parseHandshakeRequest(bytes);
    } catch {
      this.refuseHandshake(hubErrors.invalidHandshake);
      return;
    }
    if (request.protocol !== HUB_PROTOCOL) {
      this.refuseHandshake(hubErrors.unsupportedProtocol(request.protocol));
      return;
    }
    if (request.version !== HUB_PROTOCOL_VERSION) {
      this.refuseHandshake(hubErrors.unsupportedVersion(request.version));
      return;
    }
    if (!isSupportedApiVersion(this.apiVersion)) {
      this.refuseHandshake(apiVersionError(this.apiVersion ?? ''));
      return;
    }
    this.write(HANDSHAKE_OK);
    this.state = 'open';
    this.keepAliveTimer = setInterval(() => this.keepAlive(), this.hub.keepAliveMs).unref();
    try {
      await this.hub.options.onConnect?.(this);
    } catch (error) {
      this.hub.log.error({ err: error, connectionId: this.id }, 'hub onConnect failed');
      this.fail();
    }
  }

  private refuseHandshake(error: string): void {
    this.hub.log.info({ connectionId: this.id, reason: error }, 'hub handshake refused');
    this.close(error);
  }

  /** A ping only when nothing else went out since the last tick, as ASP.NET does. */
  private keepAlive(): void {
    if (!this.hasSentSinceTick) this.write(PING);
    this.hasSentSinceTick = false;
  }

  private dropSilent(): void {
    this.hub.log.info({ connectionId: this.id, state: this.state }, 'hub client timed out');
    this.terminate();
  }

  private async dispatch(message: ClientMessage): Promise<void> {
    switch (message.type) {
      case MessageType.Invocation:
        if (message.hasStreams) {
          this.refuseInvocation(message.invocationId, message.target, hubErrors.streamingNotSupported);
          return;
        }
        await this.invoke(message.invocationId, message.target, message.arguments);
        return;
      case MessageType.StreamInvocation:
        this.refuseInvocation(message.invocationId, message.target, hubErrors.streamingNotSupported);
        return;
      case MessageType.Ping:
        return;
      case MessageType.Close:
        this.isClosing = true;
        this.socket.close(1000);
        return;
      default:
        this.hub.log.debug({ connectionId: this.id, messageType: message.messageType }, 'hub message ignored');
    }
  }

  /** An invocation's reply, if it expects one: `send()` on the client leaves the id out and gets none. */
  private complete(invocationId: string | undefined, target: string, outcome: { result: unknown } | { error: string }) {
    if (invocationId === undefined) return;
    let text: string;
    try {
      text = formatCompletion(invocationId, outcome);
    } catch (error) {
      this.hub.log.error({ err: error, connectionId: this.id, method: target }, 'hub result not serializable');
      text = formatCompletion(invocationId, { error: hubErrors.methodFailed(target) });
    }
    this.write(text);
  }

  private refuseInvocation(invocationId: string | undefined, target: string, reason: string): void {
    this.hub.log.debug({ connectionId: this.id, method: target, reason }, 'hub invocation refused');
    this.complete(invocationId, target, { error: hubErrors.invocationRefused(target, reason) });
  }

  private async invoke(invocationId: string | undefined, target: string, args: unknown[]): Promise<void> {
    const method = this.hub.methods.get(target.toLowerCase());
    if (!method) {
      this.refuseInvocation(invocationId, target, hubErrors.methodNotFound);
      return;
    }
    let outcome: { result: unknown } | { error: string };
    try {
      outcome = { result: await method(this, ...args) };
    } catch (error) {
      if (error instanceof HubError) {
        outcome = { error: hubErrors.methodFailed(target, error.message) };
      } else {
        this.hub.log.error({ err: error, connectionId: this.id, method: target }, 'hub method failed');
        outcome = { error: hubErrors.methodFailed(target) };
      }
    }
    this.complete(invocationId, target, outcome);
  }

  /** Answers an invocation too large to run with an error Completion; anything else too large ends the connection. */
  private refuseOversize(bytes: Buffer): void {
    const error = hubErrors.messageTooLarge(this.hub.maxMessageBytes);
    let message: ClientMessage | undefined;
    try {
      message = parseMessage(bytes);
    } catch {
      message = undefined;
    }
    if (
      (message?.type === MessageType.Invocation || message?.type === MessageType.StreamInvocation) &&
      message.invocationId !== undefined
    ) {
      this.refuseInvocation(message.invocationId, message.target, error);
      return;
    }
    this.fail(new InvalidMessageError(error));
  }

  private async finish(): Promise<void> {
    clearTimeout(this.silenceTimer);
    clearInterval(this.keepAliveTimer);
    this.inbox.length = 0;
    const wasOpen = this.state === 'open';
    this.state = 'closed';
    this.isClosing = true;
    try {
      if (wasOpen) await this.hub.options.onDisconnect?.(this);
    } catch (error) {
      this.hub.log.error({ err: error, connectionId: this.id }, 'hub onDisconnect failed');
    } finally {
      this.hub.log.debug({ connectionId: this.id }, 'hub connection closed');
      this.resolveClosed();
    }
  }
}

interface Negotiation {
  readonly connectionId: string;
  readonly user: HubUser;
  /** A socket claimed it: a second one is refused (409). */
  isClaimed: boolean;
  connection: Connection | undefined;
  readonly expiry: NodeJS.Timeout;
}

/** Writes a refusal on a socket that asked for an upgrade, then closes it. */
function refuseUpgrade(socket: Duplex, status: number): void {
  if (socket.destroyed) return;
  socket.on('error', () => socket.destroy());
  const reason = STATUS_CODES[status] ?? 'Error';
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(reason)}\r\n\r\n${reason}`,
  );
}

/**
 * Serves an ASP.NET Core SignalR hub (JSON protocol, WebSockets transport) on the app's server, so that the official
 * `@microsoft/signalr` client works against it unchanged: `POST {path}/negotiate`, and the WebSocket on `{path}`
 * (with negotiate's `id`, or with `skipNegotiation`). Call it on the root instance before the app starts: the path
 * is absolute. On shutdown (`preClose`) it refuses new sockets and closes the open ones with a reconnectable Close.
 */
export function registerHub(app: FastifyInstance, options: HubOptions): HubHandle {
  const maxMessageBytes = options.maxMessageBytes ?? DEFAULTS.maxMessageBytes;
  const negotiateTimeoutMs = options.negotiateTimeoutMs ?? DEFAULTS.negotiateTimeoutMs;
  const methods = new Map<string, HubMethod>();
  for (const [name, method] of Object.entries(options.methods)) {
    const key = name.toLowerCase();
    if (methods.has(key)) throw new Error(`Hub methods are matched regardless of case: '${name}' is declared twice`);
    methods.set(key, method);
  }
  // connections that wrote in this turn of the event loop: each sends one frame once the turn's I/O is handled
  const unflushed = new Set<Connection>();
  const flushAll = () => {
    for (const connection of unflushed) connection.flush();
    unflushed.clear();
  };
  const runtime: HubRuntime = {
    flushSoon(connection) {
      if (unflushed.size === 0) setImmediate(flushAll);
      unflushed.add(connection);
    },
    options,
    methods,
    keepAliveMs: options.keepAliveMs ?? DEFAULTS.keepAliveMs,
    serverTimeoutMs: options.serverTimeoutMs ?? DEFAULTS.serverTimeoutMs,
    maxMessageBytes,
    log: options.log,
  };
  const { log, path } = options;
  const negotiations = new Map<string, Negotiation>();
  const connections = new Set<Connection>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: maxMessageBytes * FRAME_LIMIT_IN_MESSAGES });
  let isShuttingDown = false;

  function negotiate(user: HubUser, negotiateVersion: number) {
    const connectionId = randomUUID();
    // version 0 has no separate token: the public id opens the socket
    const token = negotiateVersion >= 1 ? createToken() : connectionId;
    const expiry = setTimeout(() => {
      if (!negotiations.get(token)?.connection) negotiations.delete(token);
    }, negotiateTimeoutMs).unref();
    negotiations.set(token, { connectionId, user, isClaimed: false, connection: undefined, expiry });
    return negotiateVersion >= 1
      ? { connectionId, connectionToken: token, negotiateVersion: 1, availableTransports: AVAILABLE_TRANSPORTS }
      : { connectionId, negotiateVersion: 0, availableTransports: AVAILABLE_TRANSPORTS };
  }

  app.register(async (scope) => {
    // The client posts an empty body, typed text/plain (octet-stream from React Native): whatever it is, it is unread.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));
    scope.post(`${path}/negotiate`, { schema: { hide: true }, bodyLimit: 1024 }, async (request, reply) => {
      const { query } = splitUrl(request.url);
      const token = readToken(request.headers.authorization, query);
      const user = token === undefined ? undefined : await options.authenticate(token);
      if (!user) return sendError(reply, 'Unauthorized');
      if (isShuttingDown) return sendError(reply, 'ServiceUnavailable');
      return negotiate(user, Number(query.get('negotiateVersion')) >= 1 ? 1 : 0);
    });
  });

  function accept(request: IncomingMessage, socket: Duplex, head: Buffer, init: ConnectionInit): void {
    wss.handleUpgrade(request, socket, head, (ws) => {
      const connection = new Connection(init.connectionId, init.user, init.apiVersion, ws, runtime);
      connections.add(connection);
      if (init.negotiation) init.negotiation.connection = connection;
      log.info(
        {
          connectionId: init.connectionId,
          userId: init.user.id,
          apiVersion: init.apiVersion,
          // the game API's version parameter is not SignalR's: the names of what clients send tell us about it
          url: redactUrl(request.url ?? ''),
          userAgent: request.headers['user-agent'],
        },
        'hub connection opened',
      );
      void connection.closed.then(() => {
        connections.delete(connection);
        if (init.token === undefined) return;
        clearTimeout(init.negotiation?.expiry);
        negotiations.delete(init.token);
      });
    });
  }

  async function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer, query: URLSearchParams) {
    if (isShuttingDown) return refuseUpgrade(socket, 503);
    const token = readToken(request.headers.authorization, query);
    const user = token === undefined ? undefined : await options.authenticate(token);
    if (!user) return refuseUpgrade(socket, 401);
    if (socket.destroyed) return;
    // the shutdown may have begun while authenticating: a socket accepted now would hold the server's close
    if (isShuttingDown) return refuseUpgrade(socket, 503);
    const apiVersion = query.get('v') || undefined;
    const id = query.get('id');
    if (id === null) {
      accept(request, socket, head, { connectionId: randomUUID(), user, apiVersion });
      return;
    }
    const negotiation = negotiations.get(id);
    if (!negotiation) return refuseUpgrade(socket, 404);
    if (negotiation.isClaimed) return refuseUpgrade(socket, 409);
    if (negotiation.user.id !== user.id) return refuseUpgrade(socket, 403);
    negotiation.isClaimed = true;
    accept(request, socket, head, { connectionId: negotiation.connectionId, user, apiVersion, token: id, negotiation });
  }

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const { pathname, query } = splitUrl(request.url ?? '/');
    if (pathname !== path) {
      // another listener (a dev server's live reload…) may serve this path; with none, nothing would answer it
      if (app.server.listenerCount('upgrade') === 1) refuseUpgrade(socket, 404);
      return;
    }
    // Node took its own error listener off the upgraded socket: a reset while authenticating must not crash us
    socket.on('error', () => socket.destroy());
    upgrade(request, socket, head, query).catch((error: unknown) => {
      log.error({ err: error }, 'hub upgrade failed');
      refuseUpgrade(socket, 500);
    });
  };
  app.server.on('upgrade', onUpgrade);

  async function closeAll(reason: string): Promise<void> {
    const closing = [...connections];
    for (const connection of closing) connection.close(reason, true);
    const grace = setTimeout(() => {
      for (const connection of closing) connection.terminate();
    }, CLOSE_GRACE_MS).unref();
    await Promise.all(closing.map((connection) => connection.closed));
    clearTimeout(grace);
  }

  // preClose, not onClose: the server's close waits for every socket, upgraded ones included
  app.addHook('preClose', async () => {
    isShuttingDown = true;
    for (const negotiation of negotiations.values()) clearTimeout(negotiation.expiry);
    negotiations.clear();
    await closeAll(SHUTDOWN_REASON);
  });
  app.addHook('onClose', async () => {
    app.server.off('upgrade', onUpgrade);
    wss.close();
  });

  return { connections: () => connections.size, closeAll };
}

interface ConnectionInit {
  connectionId: string;
  user: HubUser;
  apiVersion: string | undefined;
  /** The negotiate token the socket came with, if any: forgotten once the connection ends. */
  token?: string;
  negotiation?: Negotiation;
}
