import type * as SignalR from '@microsoft/signalr';
import signalrUrl from '@microsoft/signalr/dist/browser/signalr.min.js?url';
import {
  type ConsoleAction,
  type ConsoleMessage,
  GAME_EVENT_METHOD,
  GAME_RESULT_METHOD,
  type GameEvent,
  parseGameEvent,
} from '@portal/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { loading } from '../../../lib/loading.ts';
import { hostUrl } from '../../../lib/runtime-config.ts';
import { gameToken } from '../api/game-login.ts';

/** The game API's version, which the hub checks (DESIGN §5). */
const GAME_API_VERSION = '1.17';
const KEEP_ALIVE_MS = 15_000;

declare global {
  interface Window {
    signalR?: typeof SignalR;
  }
}

let loadingClient: Promise<typeof SignalR> | undefined;

/**
 * The official client, as its own browser bundle loaded on first use. Bundled, its Node fallbacks (`require('ws')`…)
 * would put the bundler's `require` shim into the main chunk that every page loads.
 */
function loadClient(): Promise<typeof SignalR> {
  loadingClient ??= new Promise<typeof SignalR>((resolve, reject) => {
    const failed = () => {
      loadingClient = undefined;
      reject(new Error('The game server client could not be loaded.'));
    };
    if (window.signalR) {
      resolve(window.signalR);
      return;
    }
    const script = document.createElement('script');
    script.src = signalrUrl;
    script.onload = () => (window.signalR ? resolve(window.signalR) : failed());
    script.onerror = failed;
    document.head.append(script);
  });
  return loadingClient;
}

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected' | 'reconnecting';

/** One hub invocation: the console's own (a form, a panel's button) or a replayed step of a saved session. */
export interface Invocation {
  /** Unique for the page's life: the result it brings names it. */
  id: number;
  action: ConsoleAction;
  /** Positional, as the hub receives them. */
  args: readonly unknown[];
  sentAt: Date;
  origin: 'console' | 'replay';
}

export interface GameConnectionHandlers {
  /** An invocation is about to be sent. */
  onInvoke?: (invocation: Invocation) => void;
  /** The answer to an invocation. */
  onResult: (invocation: Invocation, message: ConsoleMessage) => void;
  /** An event of a game this connection is in; `event` is undefined when the API does not know it. */
  onEvent: (message: ConsoleMessage, event: GameEvent | undefined) => void;
  /** The connection was lost and the client is trying to get it back. */
  onReconnecting?: (error: Error | undefined) => void;
  /** The connection is back, as a new hub connection. */
  onReconnected?: () => void;
  /** The server or the network closed the connection, and reconnecting failed or was not allowed. */
  onLost: (error: Error | undefined) => void;
}

interface PendingInvocation {
  invocation: Invocation;
  resolve: (message: ConsoleMessage) => void;
  reject: (error: Error) => void;
}

/**
 * The staging console's connection to the realtime game server, through the official SignalR client (the only
 * place that imports it, so it stays in this page's chunk). The hub answers every invocation with one
 * `ReceiveMessage`, in order, which names no action: the invocations awaiting theirs wait in a queue. A lost
 * connection is brought back automatically; the invocations it left unanswered fail.
 */
export function useGameConnection(handlers: GameConnectionHandlers) {
  const [status, setStatus] = useState<ConnectionStatus>('disconnected');
  const connectionRef = useRef<SignalR.HubConnection | null>(null);
  const pending = useRef<PendingInvocation[]>([]);
  const nextInvocationId = useRef(1);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;

  const dropPending = useCallback((error: Error) => {
    for (const entry of pending.current.splice(0)) entry.reject(error);
  }, []);

  const connect = useCallback(
    async (token: string) => {
      await connectionRef.current?.stop();
      setStatus('connecting');
      loading.start();
      let signalR: typeof SignalR;
      try {
        signalR = await loadClient();
      } catch (error) {
        setStatus('disconnected');
        throw error;
      } finally {
        loading.end();
      }
      const { HubConnectionBuilder, LogLevel } = signalR;
      const connection = new HubConnectionBuilder()
        .withUrl(`${hostUrl('gameApi', '/socket/Gaming')}?v=${GAME_API_VERSION}`, {
          // a reconnect reads the tab's game token again
          accessTokenFactory: () => gameToken.get() ?? token,
        })
        // at once, then after 2, 10 and 30 seconds before giving up; a server that stops asks to be reconnected to
        .withAutomaticReconnect()
        .withKeepAliveInterval(KEEP_ALIVE_MS)
        .configureLogging(LogLevel.None)
        .build();
      connection.on(GAME_RESULT_METHOD, (message: ConsoleMessage) => {
        const entry = pending.current.shift();
        if (!entry) return;
        handlersRef.current.onResult(entry.invocation, message);
        entry.resolve(message);
      });
      connection.on(GAME_EVENT_METHOD, (message: ConsoleMessage) =>
        handlersRef.current.onEvent(message, parseGameEvent(message)),
      );
      connection.onreconnecting((error) => {
        if (connectionRef.current !== connection) return;
        dropPending(new Error('The connection to the game server was lost.'));
        setStatus('reconnecting');
        handlersRef.current.onReconnecting?.(error);
      });
      connection.onreconnected(() => {
        if (connectionRef.current !== connection) return;
        setStatus('connected');
        handlersRef.current.onReconnected?.();
      });
      connection.onclose((error) => {
        if (connectionRef.current !== connection) return;
        connectionRef.current = null;
        dropPending(new Error('The connection to the game server was closed.'));
        setStatus('disconnected');
        handlersRef.current.onLost(error);
      });
      connectionRef.current = connection;
      pending.current = [];
      setStatus('connecting');
      loading.start();
      try {
        await connection.start();
        setStatus('connected');
      } catch (error) {
        connectionRef.current = null;
        setStatus('disconnected');
        throw error;
      } finally {
        loading.end();
      }
    },
    [dropPending],
  );

  /** Stops the connection; its close is ours, not a loss. */
  const disconnect = useCallback(async () => {
    const connection = connectionRef.current;
    connectionRef.current = null;
    dropPending(new Error('Disconnected from the game server.'));
    setStatus('disconnected');
    await connection?.stop();
  }, [dropPending]);

  /**
   * Invokes `action` with its positional arguments and answers its result, which also goes to `onResult`. Fails
   * when the hub refuses the invocation itself (an unknown method) or the connection goes before the result comes.
   */
  const invoke = useCallback(
    async (
      action: ConsoleAction,
      args: readonly unknown[],
      origin: Invocation['origin'] = 'console',
    ): Promise<ConsoleMessage> => {
      const connection = connectionRef.current;
      if (connection?.state !== 'Connected') {
        throw new Error('Not connected to the game server.');
      }
      const invocation: Invocation = { id: nextInvocationId.current++, action, args, sentAt: new Date(), origin };
      let entry: PendingInvocation | undefined;
      const answered = new Promise<ConsoleMessage>((resolve, reject) => {
        entry = { invocation, resolve, reject };
      });
      // a result the caller no longer waits for (it failed first) is no unhandled rejection
      answered.catch(() => {});
      if (entry) pending.current.push(entry);
      handlersRef.current.onInvoke?.(invocation);
      loading.start();
      try {
        await connection.invoke(action, ...args);
      } catch (error) {
        const index = entry ? pending.current.indexOf(entry) : -1;
        if (index >= 0) pending.current.splice(index, 1);
        throw error;
      } finally {
        loading.end();
      }
      // the result comes before the invocation completes, on the same socket: one still missing never comes
      if (entry && pending.current.includes(entry)) {
        pending.current.splice(pending.current.indexOf(entry), 1);
        throw new Error(`The game server did not answer ${action}.`);
      }
      return answered;
    },
    [],
  );

  // leaving the page ends the connection
  useEffect(
    () => () => {
      const connection = connectionRef.current;
      connectionRef.current = null;
      void connection?.stop();
    },
    [],
  );

  return { status, connect, disconnect, invoke };
}
