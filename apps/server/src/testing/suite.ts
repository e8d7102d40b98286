import { afterAll, beforeAll } from 'vitest';

/**
 * What `make` makes for a suite (an app, a fake server, a partner), made before the suite's tests, after the hooks
 * registered before this call and before those registered after it; closed after them when it has a `close`. The
 * object answered now is filled in then.
 */
export function useBeforeAll<T extends object>(make: () => Promise<T>): T {
  const made = {} as T & { close?: () => Promise<void> };
  beforeAll(async () => {
    Object.assign(made, await make());
  });
  afterAll(async () => {
    await made.close?.();
  });
  return made;
}
