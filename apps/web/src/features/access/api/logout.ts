import { apiRequest } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session.ts';

/** Ends a session on the server. */
export const logout = (token: string) =>
  apiRequest<void>('/api/Access/Logout', { method: 'POST', background: true, token });

/**
 * Log out (SPEC §2): the session is dropped here, ended on the server (best effort) and Home loads afresh, with
 * nothing of the partner's left in memory. The page is not told the session is gone: its guards would send it to
 * the login page, with the partner's page as the way back, before Home had loaded.
 */
export function useLogout() {
  return async () => {
    const token = session.getToken();
    session.forget();
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
