import type { FastifyBaseLogger } from 'fastify';
import { formatInvocation } from './protocol.ts';

/** Who a connection belongs to, as `authenticate` found them. */
export interface HubUser {
  id: string;
  email: string;
  /** The session the token stands for: when it ends (a logout, a password reset), so do its connections. */
  sessionId: string;
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
  /**
   * The largest message read (default 32 KB). An invocation over it is not run: `answerTooLarge` answers it, else an
   * invocation expecting a Completion gets an error one and a `send()` nothing. A frame may hold several messages, up
   * to `FRAME_LIMIT_IN_MESSAGES` times this (128 KB by default); a larger frame cannot be read and closes the socket
   * (1009).
   */
  maxMessageBytes?: number;
  /**
   * Answers, in place of the method, an invocation of one of `methods` whose message is over `maxMessageBytes`: what
   * it returns is the invocation's result. The game answers it as it answers every refusal (a failed result message).
   */
  answerTooLarge?(connection: HubConnection, target: string): unknown;
  /**
   * Sockets one user may hold on this hub, handshake done or not: the next is refused at its handshake with
   * `hubErrors.tooManyConnections`. Default: no limit.
   */
  maxConnectionsPerUser?: number;
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
  /**
   * Ends every connection, handshake done or not, whose user `matches`, with a Close its client does not reconnect
   * after (`allowReconnect: false`) carrying `reason`. Answers how many it ended.
   */
  closeWhere(matches: (user: HubUser) => boolean, reason: string): number;
}
