import type * as SignalR from '@microsoft/signalr';
import signalrUrl from '@microsoft/signalr/dist/browser/signalr.min.js?url';
import {
  type ConsoleMessage,
  GAME_EVENT_METHOD,
  GAME_RESULT_METHOD,
  type GameAction,
  type GameEvent,
  parseGameEvent,
} from '@portal/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { loading } from '../../../lib/loading.ts';
import { hostUrl } from '../../../lib/runtime-config.ts';

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

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected';

export interface GameConnectionHandlers {
  /** The answer to an action this console invoked. */
  onResult: (action: GameAction, message: ConsoleMessage) => void;
  /** An event of a game this connection is in; `event` is undefined when the API does not know it. */
  onEvent: (message: ConsoleMessage, event: GameEvent | undefined) => void;
  /** The server or the network closed the connection. */
  onLost: (error: Error | undefined) => void;
}

/**
 * The staging console's connection to the realtime game server, through the official SignalR client (the only
 * place that imports it, so it stays in this page's chunk). The hub answers every invocation with one
 * `ReceiveMessage`, in order, which names no action: the actions awaiting theirs wait in a queue.
 */
export function useGameConnection(handlers: GameConnectionHandlers) {
  const [status, setStatus] = useState<ConnectionStatus>('disconnected');
  const connectionRef = useRef<SignalR.HubConnection | null>(null);
  const pending = useRef<GameAction[]>([]);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;

  const connect = useCallback(async (token: string) => {
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
      .withUrl(`${hostUrl('gameApi', '/socket/Gaming')}?v=${GAME_API_VERSION}`, { accessTokenFactory: () => token })
      .withKeepAliveInterval(KEEP_ALIVE_MS)
      .configureLogging(LogLevel.None)
      .build();
    connection.on(GAME_RESULT_METHOD, (message: ConsoleMessage) => {
      const action = pending.current.shift();
      if (action) handlersRef.current.onResult(action, message);
    });
    connection.on(GAME_EVENT_METHOD, (message: ConsoleMessage) =>
      handlersRef.current.onEvent(message, parseGameEvent(message)),
    );
    connection.onclose((error) => {
      if (connectionRef.current !== connection) return;
      connectionRef.current = null;
      pending.current = [];
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
  }, []);

  /** Stops the connection; its close is ours, not a loss. */
  const disconnect = useCallback(async () => {
    const connection = connectionRef.current;
    connectionRef.current = null;
    pending.current = [];
    setStatus('disconnected');
    await connection?.stop();
  }, []);

  /** Invokes `action` with its positional arguments; its result comes through `onResult`. */
  const invoke = useCallback(async (action: GameAction, args: readonly unknown[]) => {
    const connection = connectionRef.current;
    if (connection?.state !== 'Connected') {
      throw new Error('Not connected to the game server.');
    }
    pending.current.push(action);
    loading.start();
    try {
      await connection.invoke(action, ...args);
    } catch (error) {
      const index = pending.current.lastIndexOf(action);
      if (index >= 0) pending.current.splice(index, 1);
      throw error;
    } finally {
      loading.end();
    }
  }, []);

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
