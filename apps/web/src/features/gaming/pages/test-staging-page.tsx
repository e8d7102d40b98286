import {
  type ConsoleAction,
  type ConsoleMessage,
  type GameAction,
  type GameEvent,
  type GameType,
  gameInfoSchema,
  type SyntheticBehaviour,
  TEST_STAGING_QUERY,
} from '@portal/contracts';
import { useCallback, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import type { SecondStepAnswer } from '../../../components/form/second-step-answer.ts';
import { SecondStepForm } from '../../../components/form/second-step-form.tsx';
import { StatusPill } from '../../../components/status-pill.tsx';
import { toast } from '../../../components/toast.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/download.ts';
import { gameToken, useGameLogin, useGameSecondStep } from '../api/game-login.ts';
import { useStagingVersion } from '../api/get-staging-version.ts';
import { ConnectForm } from '../components/connect-form.tsx';
import { GameActionForm } from '../components/game-action-form.tsx';
import { gameActionDescriptions, pickableActions } from '../components/game-actions.ts';
import { GameSettingsForm } from '../components/game-settings-form.tsx';
import { GamingCard } from '../components/gaming-card.tsx';
import { ReplayPanel } from '../components/replay-panel.tsx';
import { type LogEntry, ResultLog } from '../components/result-log.tsx';
import { SessionLogPanel } from '../components/session-log-panel.tsx';
import { SyntheticPlayersPanel } from '../components/synthetic-players-panel.tsx';
import { type Invocation, useGameConnection } from '../hooks/use-game-connection.ts';
import { useReplay } from '../hooks/use-replay.ts';
import { useSessionLog } from '../hooks/use-session-log.ts';
import { decodeJsonData } from '../utils/replay.ts';
import { sessionLogFileName } from '../utils/session-log.ts';
import { applyBotEvent, applyBotResult, type ConsoleBot } from '../utils/synthetic-players.ts';
import '../gaming.css';

/** Older entries go: a long session should not slow the page down. The session log keeps its own records. */
const MAX_LOG_ENTRIES = 200;
/** The connection's notices replace each other: "Reconnecting…" gives way to "Connected". */
const CONNECTION_TOAST = 'game-connection';

/** What CreateGame's answer pre-fills the other forms with (SPEC §4). */
interface Prefill {
  gameId: string;
  productVersion: string;
  gameType: GameType | '';
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : String(error));

/** Test Staging Site: a developer console for the realtime game server (SPEC §2, §4). */
export default function TestStagingPage() {
  const [params] = useSearchParams();
  const productId = params.get(TEST_STAGING_QUERY.productId) ?? '';
  const pickerId = useId();
  const [action, setAction] = useState<GameAction>('CreateGame');
  const [prefill, setPrefill] = useState<Prefill>({ gameId: '', productVersion: '', gameType: '' });
  const [entries, setEntries] = useState<LogEntry[]>([]);
  const [bots, setBots] = useState<readonly ConsoleBot[]>([]);
  const [account, setAccount] = useState<string | null>(null);
  const [hasDisconnected, setHasDisconnected] = useState(false);
  const nextId = useRef(1);
  const login = useGameLogin();
  const secondStep = useGameSecondStep();
  // an account with two-step sign-in: the email and challenge of the sign-in waiting for its code
  const [waiting, setWaiting] = useState<{ email: string; challenge: string } | null>(null);
  const session = useSessionLog();
  // until a game is created, CreateGame starts from the game's released version (else the one in testing)
  const stagingVersion = useStagingVersion(productId).data ?? '';

  const log = useCallback((entry: Omit<LogEntry, 'id' | 'at'>) => {
    const id = nextId.current++;
    setEntries((current) => [{ ...entry, id, at: new Date() }, ...current].slice(0, MAX_LOG_ENTRIES));
  }, []);

  const connection = useGameConnection({
    onInvoke: (invocation) => session.invocation(invocation),
    onResult: ({ id, action: name, origin }: Invocation, message: ConsoleMessage) => {
      session.result(id, name, message);
      const data = decodeJsonData(message.jsonData);
      const error = message.succeeded ? null : (message.error?.message ?? 'Failed');
      log({ kind: 'result', name, succeeded: message.succeeded, data, error });
      // a replay reports each step in its own panel
      if (origin === 'console') {
        if (message.succeeded) toast.success(`${name} successfully`);
        else toast.error(error ?? 'Failed');
      }
      if (!message.succeeded) return;
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
      setBots((current) => applyBotResult(current, name, data));
    },
    onEvent: (message: ConsoleMessage, event: GameEvent | undefined) => {
      session.event(message);
      log({
        kind: 'event',
        name: event?.event ?? 'Unknown event',
        succeeded: message.succeeded,
        data: decodeJsonData(message.jsonData),
        error: message.error?.message ?? null,
      });
      if (event) setBots((current) => applyBotEvent(current, event));
    },
    onReconnecting: (error) => {
      session.connection('reconnecting', error);
      // the server lets a host's bots go with the connection that added them
      setBots([]);
      toast.warning('Reconnecting…', { key: CONNECTION_TOAST });
    },
    onReconnected: () => {
      session.connection('reconnected');
      toast.success('Connected', { key: CONNECTION_TOAST });
    },
    onLost: (error) => {
      session.end(error);
      replay.pause();
      setBots([]);
      setHasDisconnected(true);
      toast.warning(error ? `Disconnected: ${error.message}` : 'Disconnected', { key: CONNECTION_TOAST });
    },
  });
  const replay = useReplay(connection.invoke);

  const connect = async ({ email, password }: { email: string; password: string }) => {
    const signIn = await login.mutateAsync({ email, password });
    if ('challenge' in signIn) setWaiting({ email, challenge: signIn.challenge });
    else await connectAs(email, signIn.token);
  };

  const answerChallenge = async (email: string, answer: SecondStepAnswer & { challenge: string }) => {
    try {
      await connectAs(email, await secondStep.mutateAsync(answer));
      setWaiting(null);
    } catch (error) {
      if (isApiError(error, 'TwoFactorChallengeExpired')) setWaiting(null);
      throw error;
    }
  };

  const connectAs = async (email: string, token: string) => {
    try {
      await connection.connect(token);
    } catch (error) {
      toast.error(messageOf(error));
      throw error;
    }
    session.start(productId);
    setAccount(email);
    setHasDisconnected(false);
    toast.success('Connected', { key: CONNECTION_TOAST });
  };

  const disconnect = async () => {
    replay.pause();
    session.end();
    await connection.disconnect();
    gameToken.clear();
    setBots([]);
    setHasDisconnected(true);
    toast.success('Disconnected', { key: CONNECTION_TOAST });
  };

  const invoke = async (args: readonly unknown[], name: ConsoleAction = action) => {
    try {
      await connection.invoke(name, args);
    } catch (error) {
      toast.error(messageOf(error));
      throw error;
    }
  };

  const addBotsToGame = (count: number, behaviour: SyntheticBehaviour) =>
    invoke([prefill.gameId, count, behaviour], 'AddSyntheticPlayers');
  const removeBotsFromGame = () => invoke([prefill.gameId], 'RemoveSyntheticPlayers');

  const downloadSession = () => {
    const file = session.toFile();
    if (!file) return;
    saveFile(new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }), sessionLogFileName(file));
  };

  const isConnected = connection.status === 'connected';
  const isReconnecting = connection.status === 'reconnecting';
  const isOnline = isConnected || isReconnecting;
  const statusPill = isConnected ? (
    <StatusPill tone="success">Connected</StatusPill>
  ) : isReconnecting ? (
    <StatusPill tone="warning">Reconnecting</StatusPill>
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
          <GamingCard titleId="gaming-connection-title" title="Connection" actions={statusPill}>
            {isOnline ? (
              <div className="gaming-connected">
                <p>
                  {isReconnecting ? 'The connection was lost: reconnecting as ' : 'Signed in to the game server as '}
                  <strong>{account}</strong>
                  {isReconnecting ? '…' : '.'}
                </p>
                <Button variant="secondary" onClick={disconnect}>
                  Disconnect
                </Button>
              </div>
            ) : waiting ? (
              <SecondStepForm
                className="form gaming-connect"
                titleId="gaming-second-step-title"
                title="Two-step sign-in"
                intro={`The password of ${waiting.email} was right.`}
                onCancel={() => setWaiting(null)}
                onAnswer={(answer) => answerChallenge(waiting.email, { challenge: waiting.challenge, ...answer })}
              />
            ) : (
              <>
                <p className="gaming-card__intro">Sign in to the game server with your account’s email and password.</p>
                <ConnectForm onConnect={connect} />
              </>
            )}
          </GamingCard>
          {isOnline ? (
            <GamingCard titleId="gaming-actions-title" title="Actions">
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
                  // the form starts again from the version once it is known
                  key={`${action}-${stagingVersion}`}
                  mode={action === 'CreateGame' ? 'create' : 'restart'}
                  prefill={{ ...prefill, productId, productVersion: prefill.productVersion || stagingVersion }}
                  onInvoke={invoke}
                />
              ) : (
                <GameActionForm
                  // a new game is the one the form acts on
                  key={`${action}:${prefill.gameId}`}
                  action={action}
                  gameId={prefill.gameId}
                  onInvoke={invoke}
                />
              )}
            </GamingCard>
          ) : null}
          {isOnline && prefill.gameId ? (
            <SyntheticPlayersPanel
              key={prefill.gameId}
              bots={bots.filter((bot) => bot.gameId === prefill.gameId)}
              onAdd={addBotsToGame}
              onRemove={removeBotsFromGame}
            />
          ) : null}
        </div>
        <div className="gaming-column">
          <SessionLogPanel summary={session.summary} onDownload={downloadSession} onLoad={replay.load}>
            {replay.loaded ? (
              <ReplayPanel
                replay={replay.loaded}
                outcomes={replay.outcomes}
                ids={replay.ids}
                isConnected={isConnected}
                isRunning={replay.isRunning}
                isPlaying={replay.isPlaying}
                waiting={replay.waiting}
                productId={productId}
                onNext={replay.next}
                onPlay={replay.play}
                onPause={replay.pause}
                onReset={replay.reset}
                onClose={replay.unload}
              />
            ) : null}
          </SessionLogPanel>
          <ResultLog entries={entries} onClear={() => setEntries([])} />
        </div>
      </div>
    </div>
  );
}
