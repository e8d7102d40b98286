import type { FastifyBaseLogger } from 'fastify';
import { type RawData, WebSocket } from 'ws';
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

import type { HubConnection, HubMethod, HubOptions, HubUser } from './types.ts';
import { HubError, type PreparedInvocation } from './types.ts';

/** The game API versions served (DESIGN §5): the query parameter `v` must be 1.x, or absent. */
export const SUPPORTED_API_VERSION = '1.x';
const SUPPORTED_API_VERSION_PATTERN = /^1(\.\d{1,6}){0,3}$/;

/**
 * Messages a connection may have waiting behind the invocation that runs. Past it the socket is no longer read until
 * half of them are answered: a client that sends faster than it is answered is slowed down, never dropped (ASP.NET
 * does the same: its transport stops reading while the invocations it has read wait).
 */
export const MAX_PENDING_MESSAGES = 128;
/** A client that lets this much of our output pile up unread is dropped rather than buffered without end. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface HubRuntime {
  /** Sends what the connection wrote in this turn of the event loop once it ends, as one frame. */
  flushSoon(connection: Connection): void;
  readonly options: HubOptions;
  readonly methods: ReadonlyMap<string, HubMethod>;
  readonly keepAliveMs: number;
  readonly serverTimeoutMs: number;
  readonly maxMessageBytes: number;
  readonly log: FastifyBaseLogger;
}

const isSupportedApiVersion = (version: string | undefined) =>
  version === undefined || SUPPORTED_API_VERSION_PATTERN.test(version);

const apiVersionError = (version: string) =>
  `The game API version '${version.slice(0, 32)}' is not supported: this server serves version ${SUPPORTED_API_VERSION}.`;

/** One client's socket: its handshake, its invocations in order, its keep-alive and its close. */
export class Connection implements HubConnection {
  private state: 'handshake' | 'open' | 'closed' = 'handshake';
  /** Set once the socket is being closed: no message is read or answered after it. */
  private isClosing = false;
  private readonly splitter = new MessageSplitter();
  private readonly inbox: Buffer[] = [];
  /** Messages written in this turn of the event loop: one frame carries them all (a frame may hold many). */
  private outbox: Array<string | Buffer> = [];
  private isDraining = false;
  /** The socket is not read while too many messages wait (MAX_PENDING_MESSAGES). */
  private isPaused = false;
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
    /** Why this socket is refused at its handshake (its user already holds as many as they may). */
    private readonly refusal?: string,
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
    this.inbox.push(...messages);
    if (this.inbox.length >= MAX_PENDING_MESSAGES && !this.isPaused) {
      this.isPaused = true;
      this.socket.pause();
    }
    void this.drain();
  }

  /** One message at a time, each invocation awaited before the next (ASP.NET's default of one per client). */
  private async drain(): Promise<void> {
    if (this.isDraining) return;
    this.isDraining = true;
    try {
      for (let message = this.inbox.shift(); message && !this.isClosing; message = this.inbox.shift()) {
        // what waited in the inbox was heard from the client: it is not silent while we do not read its pings
        this.silenceTimer.refresh();
        if (this.isPaused && this.inbox.length < MAX_PENDING_MESSAGES / 2) {
          this.isPaused = false;
          this.socket.resume();
        }
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
    if (this.refusal !== undefined) {
      this.refuseHandshake(this.refusal);
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

  /**
   * An invocation too large to run is answered without running it: by `answerTooLarge` for one of the hub's methods,
   * else with an error Completion (nothing for a `send()`). Anything else too large ends the connection, as a message
   * that cannot be read does.
   */
  private refuseOversize(bytes: Buffer): void {
    const error = hubErrors.messageTooLarge(this.hub.maxMessageBytes);
    let message: ClientMessage | undefined;
    try {
      message = parseMessage(bytes);
    } catch {
      message = undefined;
    }
    if (message?.type !== MessageType.Invocation && message?.type !== MessageType.StreamInvocation) {
      this.fail(new InvalidMessageError(error));
      return;
    }
    const { answerTooLarge } = this.hub.options;
    if (
      message.type === MessageType.Invocation &&
      answerTooLarge &&
      this.hub.methods.has(message.target.toLowerCase())
    ) {
      this.hub.log.debug({ connectionId: this.id, method: message.target }, 'hub invocation too large');
      this.complete(message.invocationId, message.target, { result: answerTooLarge(this, message.target) });
      return;
    }
    this.refuseInvocation(message.invocationId, message.target, error);
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
