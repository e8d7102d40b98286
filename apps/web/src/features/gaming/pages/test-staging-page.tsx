import { type ConsoleMessage, type GameAction, type GameEvent, type GameType, gameInfoSchema } from '@portal/contracts';
import { useCallback, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { StatusPill } from '../../../components/status-pill.tsx';
import { toast } from '../../../components/toast.tsx';
import { gameToken, useGameLogin } from '../api/game-login.ts';
import { ConnectForm } from '../components/connect-form.tsx';
import { GameActionForm } from '../components/game-action-form.tsx';
import { gameActionDescriptions, pickableActions } from '../components/game-actions.ts';
import { GameSettingsForm } from '../components/game-settings-form.tsx';
import { type LogEntry, ResultLog } from '../components/result-log.tsx';
import { useGameConnection } from '../hooks/use-game-connection.ts';
import '../gaming.css';

/** Older entries go: a long session should not slow the page down. */
const MAX_LOG_ENTRIES = 200;

/** What CreateGame's answer pre-fills the other forms with (SPEC §4). */
interface Prefill {
  gameId: string;
  productVersion: string;
  gameType: GameType | '';
}

function decode(jsonData: string | null): unknown {
  if (jsonData === null) return null;
  try {
    return JSON.parse(jsonData);
  } catch {
    return jsonData;
  }
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : String(error));

/** Test Staging Site: a developer console for the realtime game server (SPEC §2, §4). */
export default function TestStagingPage() {
  const [params] = useSearchParams();
  const productId = params.get('prodId') ?? '';
  const pickerId = useId();
  const [action, setAction] = useState<GameAction>('CreateGame');
  const [prefill, setPrefill] = useState<Prefill>({ gameId: '', productVersion: '', gameType: '' });
  const [entries, setEntries] = useState<LogEntry[]>([]);
  const [account, setAccount] = useState<string | null>(null);
  const [hasDisconnected, setHasDisconnected] = useState(false);
  const nextId = useRef(1);
  const login = useGameLogin();

  const log = useCallback((entry: Omit<LogEntry, 'id' | 'at'>) => {
    const id = nextId.current++;
    setEntries((current) => [{ ...entry, id, at: new Date() }, ...current].slice(0, MAX_LOG_ENTRIES));
  }, []);

  const connection = useGameConnection({
    onResult: (name: GameAction, message: ConsoleMessage) => {
      const data = decode(message.jsonData);
      const error = message.succeeded ? null : (message.error?.message ?? 'Failed');
      log({ kind: 'result', name, succeeded: message.succeeded, data, error });
      if (!message.succeeded) {
        toast.error(error ?? 'Failed');
        return;
      }
      toast.success(`${name} successfully`);
      if (name === 'CreateGame') {
        const game = gameInfoSchema.safeParse(data);
        if (game.success) {
          setPrefill({
            gameId: game.data.id,
            productVersion: String(game.data.productVersion),
            gameType: game.data.gameType,
          });
        }
      }
    },
    onEvent: (message: ConsoleMessage, event: GameEvent | undefined) => {
      log({
        kind: 'event',
        name: event?.event ?? 'Unknown event',
        succeeded: message.succeeded,
        data: decode(message.jsonData),
        error: message.error?.message ?? null,
      });
    },
    onLost: (error) => {
      setHasDisconnected(true);
      toast.warning(error ? `Disconnected: ${error.message}` : 'Disconnected');
    },
  });

  const connect = async ({ email, password }: { email: string; password: string }) => {
    const token = await login.mutateAsync({ email, password });
    try {
      await connection.connect(token);
    } catch (error) {
      toast.error(messageOf(error));
      throw error;
    }
    setAccount(email);
    setHasDisconnected(false);
    toast.success('Connected');
  };

  const disconnect = async () => {
    await connection.disconnect();
    gameToken.clear();
    setHasDisconnected(true);
    toast.success('Disconnected');
  };

  const invoke = async (args: readonly unknown[]) => {
    try {
      await connection.invoke(action, args);
    } catch (error) {
      toast.error(messageOf(error));
      throw error;
    }
  };

  const isConnected = connection.status === 'connected';
  const statusPill = isConnected ? (
    <StatusPill tone="success">Connected</StatusPill>
  ) : hasDisconnected ? (
    <StatusPill tone="neutral">Disconnected</StatusPill>
  ) : (
    <StatusPill tone="neutral">Not connected</StatusPill>
  );

  return (
    <div className="gaming-page">
      <section className="page-heading">
        <div>
          <h2>Game server console</h2>
          <p className="page-heading__intro">
            Play your game’s released or testing versions against the realtime game server: sign in, create a game, then
            take every action a player can and read what the server answers.
          </p>
        </div>
      </section>
      <div className="gaming-layout">
        <div className="gaming-column">
          <section className="card gaming-card" aria-labelledby="gaming-connection-title">
            <div className="gaming-card__head">
              <h2 id="gaming-connection-title" className="gaming-card__title">
                Connection
              </h2>
              {statusPill}
            </div>
            {isConnected ? (
              <div className="gaming-connected">
                <p>
                  Signed in to the game server as <strong>{account}</strong>.
                </p>
                <Button variant="secondary" onClick={disconnect}>
                  Disconnect
                </Button>
              </div>
            ) : (
              <>
                <p className="gaming-card__intro">Sign in to the game server with your account’s email and password.</p>
                <ConnectForm onConnect={connect} />
              </>
            )}
          </section>
          {isConnected ? (
            <section className="card gaming-card" aria-labelledby="gaming-actions-title">
              <div className="gaming-card__head">
                <h2 id="gaming-actions-title" className="gaming-card__title">
                  Actions
                </h2>
              </div>
              {prefill.gameId ? (
                <p className="gaming-card__intro">
                  Last created game: <code className="gaming-mono">{prefill.gameId}</code>
                </p>
              ) : null}
              <div className="field">
                <label className="field__label" htmlFor={pickerId}>
                  Action
                </label>
                <select
                  id={pickerId}
                  className="input"
                  value={action}
                  onChange={(event) => setAction(event.target.value as GameAction)}
                  aria-describedby={`${pickerId}-description`}
                >
                  {pickableActions.map((name) => (
                    <option key={name} value={name}>
                      {gameActionDescriptions[name].label} ({name})
                    </option>
                  ))}
                </select>
                <div className="field__hint" id={`${pickerId}-description`}>
                  {gameActionDescriptions[action].description}
                </div>
              </div>
              {action === 'CreateGame' || action === 'RestartGame' ? (
                <GameSettingsForm
                  key={action}
                  mode={action === 'CreateGame' ? 'create' : 'restart'}
                  prefill={{ ...prefill, productId }}
                  onInvoke={invoke}
                />
              ) : (
                <GameActionForm key={action} action={action} gameId={prefill.gameId} onInvoke={invoke} />
              )}
            </section>
          ) : null}
        </div>
        <ResultLog entries={entries} onClear={() => setEntries([])} />
      </div>
    </div>
  );
}
