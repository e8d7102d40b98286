import { useCallback, useRef } from 'react';

export const CLICK_THROTTLE_MS = 800;

/** Runs `fn` at most once per `waitMs`; later calls inside the window are dropped. */
export function useThrottledCallback<A extends unknown[]>(
  fn: ((...args: A) => void) | undefined,
  waitMs = CLICK_THROTTLE_MS,
) {
  const last = useRef(0);
  const latest = useRef(fn);
  latest.current = fn;
  return useCallback(
    (...args: A) => {
      const now = Date.now();
      if (now - last.current < waitMs) return;
      last.current = now;
      latest.current?.(...args);
    },
    [waitMs],
  );
}
