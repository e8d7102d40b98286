import { apiRequest } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session.ts';
import { studioChoice } from '../../../lib/studio.ts';

/** How long Log out waits for the server before it goes Home anyway: the session is dropped here either way. */
const LOGOUT_WAIT_MS = 3000;

/** Ends a session on the server. */
export const logout = (token: string) =>
  apiRequest<void>('/api/Access/Logout', {
    method: 'POST',
    background: true,
    token,
    signal: AbortSignal.timeout(LOGOUT_WAIT_MS),
  });

/**
 * Log out (SPEC §2): the session is dropped here, ended on the server (best effort) and Home loads afresh, with
 * nothing of the partner's left in memory. The page is not told the session is gone: its guards would send it to
 * the login page, with the partner's page as the way back, before Home had loaded.
 */
export function useLogout() {
  return async () => {
    const token = session.getToken();
    session.forget();
    // the tab's studio goes with its session (it is kept in this tab's storage, which the reload keeps)
    studioChoice.forget();
    if (token) {
      try {
        await logout(token);
      } catch {
        // the token is dropped either way
      }
    }
    window.location.assign('/');
  };
}
