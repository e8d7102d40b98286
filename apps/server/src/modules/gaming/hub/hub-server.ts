import { randomUUID } from 'node:crypto';
import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import { createToken } from '../../../lib/tokens.ts';
import { sendError } from '../../../plugins/errors.ts';
import { redactUrl } from '../../../plugins/logging.ts';
import { Connection, type HubRuntime } from './connection.ts';
import { hubErrors } from './protocol.ts';
import type { HubHandle, HubMethod, HubOptions, HubUser } from './types.ts';

export { MAX_PENDING_MESSAGES, SUPPORTED_API_VERSION } from './connection.ts';
export { hubErrors } from './protocol.ts';
export {
  type HubConnection,
  HubError,
  type HubHandle,
  type HubMethod,
  type HubOptions,
  type HubUser,
  PreparedInvocation,
} from './types.ts';

const DEFAULTS = {
  keepAliveMs: 15_000,
  serverTimeoutMs: 30_000,
  maxMessageBytes: 32 * 1024,
  negotiateTimeoutMs: 30_000,
};

/**
 * A frame may carry several messages: `ws` refuses (close 1009) a frame this many times the message limit, so a
 * message somewhat over the limit can still be read and answered without being run.
 */
export const FRAME_LIMIT_IN_MESSAGES = 4;
/** How long `closeAll` waits for clients to answer the close before cutting their sockets. */
const CLOSE_GRACE_MS = 1_000;
const SHUTDOWN_REASON = 'The server is shutting down.';
const AVAILABLE_TRANSPORTS = [{ transport: 'WebSockets', transferFormats: ['Text'] }];

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
  const maxPerUser = options.maxConnectionsPerUser ?? Number.POSITIVE_INFINITY;
  /** The sockets each user holds, those refused for being one too many left out. */
  const perUser = new Map<string, number>();
  /** Counts a socket of `userId` in, when there is room for it: answers whether there was. */
  const admit = (userId: string) => {
    const held = perUser.get(userId) ?? 0;
    if (held >= maxPerUser) return false;
    perUser.set(userId, held + 1);
    return true;
  };
  const release = (userId: string) => {
    const held = (perUser.get(userId) ?? 1) - 1;
    if (held > 0) perUser.set(userId, held);
    else perUser.delete(userId);
  };
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
      // one too many is still accepted, so that its handshake can say why it is refused
      const isAdmitted = admit(init.user.id);
      const refusal = isAdmitted ? undefined : hubErrors.tooManyConnections(maxPerUser);
      const connection = new Connection(init.connectionId, init.user, init.apiVersion, ws, runtime, refusal);
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
        if (isAdmitted) release(init.user.id);
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

  function closeWhere(matches: (user: HubUser) => boolean, reason: string): number {
    let closed = 0;
    for (const connection of connections) {
      if (!matches(connection.user)) continue;
      connection.close(reason, false);
      closed += 1;
    }
    return closed;
  }

  return { connections: () => connections.size, closeAll, closeWhere };
}

interface ConnectionInit {
  connectionId: string;
  user: HubUser;
  apiVersion: string | undefined;
  /** The negotiate token the socket came with, if any: forgotten once the connection ends. */
  token?: string;
  negotiation?: Negotiation;
}
