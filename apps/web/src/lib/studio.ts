import { useSyncExternalStore } from 'react';
import { session } from './session.ts';

/**
 * The studio this tab acts in: chosen per tab (sessionStorage), so that two tabs may work in two studios. None chosen:
 * the person's default studio, which the server picks when a request names none. A new session (another person, or
 * the same one after signing out) starts without a choice.
 */
export const STUDIO_KEY = 'portal_studio_id';

export { STUDIO_HEADER } from '@portal/contracts/roles';

const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return sessionStorage.getItem(STUDIO_KEY);
  } catch {
    return null;
  }
}

function write(value: string | null) {
  try {
    if (value) sessionStorage.setItem(STUDIO_KEY, value);
    else sessionStorage.removeItem(STUDIO_KEY);
  } catch {
    // no storage (a locked-down browser): the choice lasts as long as the page
  }
}

let chosen = typeof window === 'undefined' ? null : read();

function change(value: string | null) {
  if (value === chosen) return;
  chosen = value;
  write(value);
  for (const listener of listeners) listener();
}

type StudioLostHandler = () => void;
let onLost: StudioLostHandler = () => {};

export const studioChoice = {
  /** The chosen studio's id; null for the person's default. */
  get: () => chosen,
  set: (studioId: string | null) => change(studioId),
  clear: () => change(null),
  /** Drops the choice without telling this page: for a page about to be replaced (Log out), as `session.forget`. */
  forget() {
    chosen = null;
    write(null);
  },
  /**
   * The studio `sentStudioId` named is one the person is no longer in (removed, or it was closed): when it is still
   * this tab's choice, the choice goes and the app is told (once, however many calls fail the same way).
   */
  lose(sentStudioId: string) {
    if (sentStudioId !== chosen) return false;
    change(null);
    onLost();
    return true;
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/** The app registers what losing the chosen studio does (a toast, back to My Projects in the default studio). */
export function setStudioLostHandler(handler: StudioLostHandler) {
  onLost = handler;
}

/** The header that names the chosen studio, if one is chosen. */
export function studioHeaders(header: string): Record<string, string> {
  return chosen ? { [header]: chosen } : {};
}

// a choice belongs to the session it was made in: another session (a sign-out, another person) drops it
let sessionToken = session.getToken();
session.subscribe(() => {
  const token = session.getToken();
  if (token === sessionToken) return;
  sessionToken = token;
  change(null);
});

/** The chosen studio's id, re-rendering when it changes; null for the default. */
export function useChosenStudioId(): string | null {
  return useSyncExternalStore(studioChoice.subscribe, studioChoice.get, () => null);
}
