/**
 * The ASP.NET Core SignalR JSON hub protocol, version 1: framing, message parsing and the wording of errors, as
 * `dotnet/aspnetcore` (HubProtocol.md, DefaultHubDispatcher) and the official `@microsoft/signalr` client expect
 * them. No sockets here.
 */

/** Ends every message, handshake included. */
export const RECORD_SEPARATOR = '\x1e';
const RECORD_SEPARATOR_BYTE = 0x1e;

/** The JSON hub protocol's name and the one version served (2 is stateful reconnect, never offered). */
export const HUB_PROTOCOL = 'json';
export const HUB_PROTOCOL_VERSION = 1;

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

/** A message the server acts on; every other type (stream items, acks, future types) is ignored. */
export type ClientMessage =
  | { type: 1; invocationId: string | undefined; target: string; arguments: unknown[]; hasStreams: boolean }
  | { type: 4; invocationId: string; target: string }
  | { type: 6 }
  | { type: 7 }
  | { type: 'ignored'; messageType: number };

/** A message that breaks the protocol: the connection closes with it (ASP.NET's InvalidDataException). */
export class InvalidMessageError extends Error {
  override readonly name = 'InvalidDataException';
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const decoder = new TextDecoder('utf-8', { fatal: true });

function parseJson(bytes: Uint8Array): unknown {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    throw new InvalidMessageError('The message is not valid UTF-8.');
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new InvalidMessageError('Error reading JSON.');
  }
}

/** `{"protocol":"json","version":1}` → what the client asked for; anything else is not a handshake. */
export function parseHandshakeRequest(bytes: Uint8Array): { protocol: string; version: number } {
  const value = parseJson(bytes);
  if (!isRecord(value) || typeof value.protocol !== 'string' || typeof value.version !== 'number') {
    throw new InvalidMessageError('The handshake request is not valid.');
  }
  return { protocol: value.protocol, version: value.version };
}

function readTarget(message: Record<string, unknown>): string {
  if (typeof message.target !== 'string' || message.target === '') {
    throw new InvalidMessageError("Missing required property 'target'.");
  }
  return message.target;
}

function readInvocationId(message: Record<string, unknown>): string | undefined {
  const { invocationId } = message;
  if (invocationId === undefined || invocationId === null) return undefined;
  if (typeof invocationId !== 'string') throw new InvalidMessageError("Expected 'invocationId' to be of type String.");
  return invocationId;
}

function readArguments(message: Record<string, unknown>): unknown[] {
  const args = message.arguments ?? [];
  if (!Array.isArray(args)) throw new InvalidMessageError("Expected 'arguments' to be of type Array.");
  return args;
}

/** One message (its separator removed) → what it asks for. Throws {@link InvalidMessageError}. */
export function parseMessage(bytes: Uint8Array): ClientMessage {
  const message = parseJson(bytes);
  if (!isRecord(message)) throw new InvalidMessageError('The message is not a JSON object.');
  if (typeof message.type !== 'number') throw new InvalidMessageError("Missing required property 'type'.");
  switch (message.type) {
    case MessageType.Invocation:
      return {
        type: MessageType.Invocation,
        invocationId: readInvocationId(message),
        target: readTarget(message),
        arguments: readArguments(message),
        hasStreams: Array.isArray(message.streamIds) && message.streamIds.length > 0,
      };
    case MessageType.StreamInvocation: {
      const invocationId = readInvocationId(message);
      if (invocationId === undefined) throw new InvalidMessageError("Missing required property 'invocationId'.");
      return { type: MessageType.StreamInvocation, invocationId, target: readTarget(message) };
    }
    case MessageType.Ping:
      return { type: MessageType.Ping };
    case MessageType.Close:
      return { type: MessageType.Close };
    default:
      // ASP.NET ignores types it does not know, so that newer clients can add some
      return { type: 'ignored', messageType: message.type };
  }
}

const NO_BYTES = Buffer.alloc(0);

/**
 * Cuts the bytes a client sends into messages. A frame may hold several messages, and a message may in principle
 * span frames: the unfinished tail waits for the next frame. 0x1e never occurs inside a UTF-8 multi-byte sequence,
 * so cutting bytes is safe.
 */
export class MessageSplitter {
  private tail: Buffer = NO_BYTES;

  /** The bytes of a message not yet ended by a separator. */
  get pendingBytes(): number {
    return this.tail.length;
  }

  push(chunk: Buffer): Buffer[] {
    const data = this.tail.length > 0 ? Buffer.concat([this.tail, chunk]) : chunk;
    const messages: Buffer[] = [];
    let start = 0;
    for (let end = data.indexOf(RECORD_SEPARATOR_BYTE); end !== -1; end = data.indexOf(RECORD_SEPARATOR_BYTE, start)) {
      messages.push(data.subarray(start, end));
      start = end + 1;
    }
    // a copy, so the frame the tail came from is not held; nothing left (the usual case) allocates nothing
    this.tail = start === data.length ? NO_BYTES : Buffer.from(data.subarray(start));
    return messages;
  }
}

/** A message as sent: JSON ended by the separator. */
export const formatMessage = (message: object): string => `${JSON.stringify(message)}${RECORD_SEPARATOR}`;

export const HANDSHAKE_OK = formatMessage({});
export const PING = formatMessage({ type: MessageType.Ping });

/** A refused handshake: the reply carries no `type`, and the connection closes after it. */
export const formatHandshakeError = (error: string): string => formatMessage({ error });

export const formatInvocation = (target: string, args: unknown[]): string =>
  formatMessage({ type: MessageType.Invocation, target, arguments: args });

/** A Completion carries a result or an error, never both; a method that returns nothing sends neither. */
export const formatCompletion = (invocationId: string, outcome: { result: unknown } | { error: string }): string =>
  formatMessage({ type: MessageType.Completion, invocationId, ...outcome });

export const formatClose = (error?: string, allowReconnect?: boolean): string =>
  formatMessage({ type: MessageType.Close, error, allowReconnect });

/** ASP.NET's wording, which clients may parse (DefaultHubDispatcher). */
export const hubErrors = {
  unsupportedProtocol: (protocol: string) => `The protocol '${protocol}' is not supported.`,
  unsupportedVersion: (version: number) =>
    `The server does not support version ${version} of the '${HUB_PROTOCOL}' protocol.`,
  invalidHandshake: 'An unexpected error occurred during connection handshake.',
  /** A method that threw; the message of a HubError (HubException) is the only detail a client sees. */
  methodFailed: (target: string, hubMessage?: string) =>
    `An unexpected error occurred invoking '${target}' on the server.${hubMessage === undefined ? '' : ` HubException: ${hubMessage}`}`,
  /** An invocation refused before its method ran. */
  invocationRefused: (target: string, hubMessage: string) =>
    `Failed to invoke '${target}' due to an error on the server. HubException: ${hubMessage}`,
  methodNotFound: 'Method does not exist.',
  streamingNotSupported: 'Streaming is not supported.',
  messageTooLarge: (maxBytes: number) => `The message is larger than the maximum of ${maxBytes} bytes.`,
  /** Ours, not ASP.NET's: the handshake error of a socket past its user's connection limit. */
  tooManyConnections: (max: number) =>
    `This account already has ${max} connections to this hub, the most it may hold: close one before opening another.`,
  /** The error of a Close that ends a connection over a protocol fault. */
  closedWithError: (error?: Error) =>
    `Connection closed with an error.${error === undefined ? '' : ` ${error.name}: ${error.message}`}`,
} as const;
