/** The time a part of the server reads, and (in tests) moves forward. */
export interface Clock {
  now(): Date;
  advance(ms: number): void;
}

/** The system's time, shifted by whatever `advance` added (nothing, outside tests that move it). */
export function shiftableClock(base: () => Date = () => new Date()): Clock {
  let offset = 0;
  return {
    now: () => new Date(base().getTime() + offset),
    advance(ms) {
      offset += ms;
    },
  };
}
