import type { ConsoleAction, ConsoleMessage } from '@portal/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  compareResults,
  type IdMap,
  learnIds,
  mapIds,
  type ReplayStep,
  type ResultDifference,
  replayStepsOf,
  waitBefore,
} from '../utils/replay.ts';
import type { SessionLog } from '../utils/session-log.ts';

/** What replaying a step gave: the same result as recorded or not, or no result at all. */
export type StepOutcome =
  | { status: 'running'; args: readonly unknown[] }
  | { status: 'same'; args: readonly unknown[]; replayed: ConsoleMessage }
  | { status: 'different'; args: readonly unknown[]; replayed: ConsoleMessage; differences: ResultDifference[] }
  /** Nothing was recorded to compare with. */
  | { status: 'unrecorded'; args: readonly unknown[]; replayed: ConsoleMessage }
  /** It could not be sent, or its answer never came. */
  | { status: 'failed'; args: readonly unknown[]; error: string };

export interface LoadedSessionLog {
  fileName: string;
  log: SessionLog;
  steps: ReplayStep[];
}

export type ReplayInvoke = (
  action: ConsoleAction,
  args: readonly unknown[],
  origin: 'replay',
) => Promise<ConsoleMessage>;

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : String(error));

/** Waits `ms`, or less when `signal` aborts first. */
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * Replays a loaded session log's invocations through `invoke`, one step at a time or at the original pace, mapping
 * the recorded ids to this replay's and comparing each result with the recorded one.
 */
export function useReplay(invoke: ReplayInvoke) {
  const [loaded, setLoaded] = useState<LoadedSessionLog | null>(null);
  const [outcomes, setOutcomes] = useState<StepOutcome[]>([]);
  const [ids, setIds] = useState<IdMap>(() => new Map());
  const [isRunning, setRunning] = useState(false);
  const [isPlaying, setPlaying] = useState(false);
  /** The step the player waits to send, and for how long, as recorded. */
  const [waiting, setWaiting] = useState<{ index: number; ms: number } | null>(null);

  // what the running replay reads between awaits: state would be a render late
  const live = useRef({
    steps: [] as ReplayStep[],
    cursor: 0,
    ids: new Map() as IdMap,
    lastSentAt: null as number | null,
    isRunning: false,
    /** Bumped by every load and reset: an answer to an older replay's step changes nothing. */
    generation: 0,
  });
  const player = useRef<AbortController | null>(null);
  const invokeRef = useRef(invoke);
  invokeRef.current = invoke;

  const stopPlaying = useCallback(() => {
    player.current?.abort();
    player.current = null;
    setPlaying(false);
    setWaiting(null);
  }, []);

  const restart = useCallback(
    (steps: ReplayStep[]) => {
      stopPlaying();
      live.current = {
        steps,
        cursor: 0,
        ids: new Map(),
        lastSentAt: null,
        isRunning: false,
        generation: live.current.generation + 1,
      };
      setOutcomes([]);
      setIds(new Map());
      setRunning(false);
    },
    [stopPlaying],
  );

  const load = useCallback(
    (fileName: string, log: SessionLog) => {
      const steps = replayStepsOf(log);
      restart(steps);
      setLoaded({ fileName, log, steps });
    },
    [restart],
  );

  const unload = useCallback(() => {
    restart([]);
    setLoaded(null);
  }, [restart]);

  const reset = useCallback(() => restart(live.current.steps), [restart]);

  /** Replays the next step; answers whether the replay may go on (it was sent and answered). */
  const runNext = useCallback(async (): Promise<boolean> => {
    const state = live.current;
    const step = state.steps[state.cursor];
    if (!step || state.isRunning) return false;
    const { generation } = state;
    const args = mapIds(step.args, state.ids);
    state.cursor += 1;
    state.isRunning = true;
    state.lastSentAt = Date.now();
    setRunning(true);
    setOutcomes((current) => [...current, { status: 'running', args }]);
    let outcome: StepOutcome;
    try {
      const replayed = await invokeRef.current(step.action, args, 'replay');
      if (step.recorded === null) {
        outcome = { status: 'unrecorded', args, replayed };
      } else {
        const learned = learnIds(live.current.ids, step.recorded, replayed);
        const differences = compareResults(step.recorded, replayed, learned);
        if (generation === live.current.generation) live.current.ids = learned;
        outcome =
          differences.length === 0
            ? { status: 'same', args, replayed }
            : { status: 'different', args, replayed, differences };
      }
    } catch (error) {
      outcome = { status: 'failed', args, error: messageOf(error) };
    }
    if (generation !== live.current.generation) return false;
    live.current.isRunning = false;
    setRunning(false);
    setIds(live.current.ids);
    setOutcomes((current) => current.map((item, index) => (index === step.index ? outcome : item)));
    return outcome.status !== 'failed';
  }, []);

  const next = useCallback(async () => {
    if (!player.current) await runNext();
  }, [runNext]);

  /** Replays the remaining steps at the original pace, until the end, a pause or a step that fails. */
  const play = useCallback(async () => {
    if (player.current) return;
    const controller = new AbortController();
    player.current = controller;
    setPlaying(true);
    try {
      for (;;) {
        const state = live.current;
        const step = state.steps[state.cursor];
        if (!step || controller.signal.aborted) break;
        const wait = waitBefore(step, state.lastSentAt, Date.now());
        if (wait > 0) {
          setWaiting({ index: step.index, ms: wait });
          await sleep(wait, controller.signal);
          if (controller.signal.aborted) break;
          setWaiting(null);
        }
        if (!(await runNext())) break;
      }
    } finally {
      if (player.current === controller) stopPlaying();
    }
  }, [runNext, stopPlaying]);

  // leaving the page stops the player
  useEffect(() => () => player.current?.abort(), []);

  return {
    loaded,
    outcomes,
    ids,
    isRunning,
    isPlaying,
    waiting,
    load,
    unload,
    next,
    play,
    pause: stopPlaying,
    reset,
  };
}
