import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session.ts';

export const logout = () => apiRequest<void>('/api/Access/Logout', { method: 'POST', background: true });

/** Ends the session on the server (best effort), clears it here and goes Home. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    try {
      await logout();
    } catch {
      // the token is dropped either way
    }
    session.clear();
    queryClient.clear();
    navigate('/');
  };
}
