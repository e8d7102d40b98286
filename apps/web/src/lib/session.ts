import { useSyncExternalStore } from 'react';

const TOKEN_KEY = 'platform_access_token';
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

let token = typeof window === 'undefined' ? null : read();

function emit() {
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === TOKEN_KEY) {
      token = read();
      emit();
    }
  });
}

/** The platform access token, kept in localStorage and shared by every tab. */
export const session = {
  getToken: () => token,
  setToken(value: string) {
    token = value;
    localStorage.setItem(TOKEN_KEY, value);
    emit();
  },
  clear() {
    token = null;
    localStorage.removeItem(TOKEN_KEY);
    emit();
  },
  /**
   * Drops the token without telling this page: for a page about to be replaced (Log out loads Home afresh), whose
   * guards would otherwise send it to the login page first. Other tabs still hear of it.
   */
  forget() {
    token = null;
    localStorage.removeItem(TOKEN_KEY);
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useToken(): string | null {
  return useSyncExternalStore(session.subscribe, session.getToken, () => null);
}

export function useIsSignedIn(): boolean {
  return useToken() !== null;
}
