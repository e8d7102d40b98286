import { type Tester, testerMessages, type WhitelistEntry, type WhitelistResponse } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/toast.tsx';
import { apiRequest } from '../../../lib/api-client.ts';

const whitelistKey = ['whitelist'] as const;

export const useWhitelist = () =>
  useQuery({
    queryKey: whitelistKey,
    queryFn: ({ signal }) => apiRequest<WhitelistResponse>('/api/WhiteList', { signal }),
  });

/** The platform user an email belongs to, looked up once the email is complete. */
export const useTesterSearch = (email: string | undefined) =>
  useQuery({
    queryKey: ['whitelist', 'search', email],
    queryFn: ({ signal }) =>
      apiRequest<Tester>('/api/WhiteList/Search', { query: { email }, signal, background: true }),
    enabled: Boolean(email),
    retry: false,
    staleTime: 60_000,
    meta: { handlesErrors: 'all' },
  });

export function useAddTester() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => apiRequest<WhitelistEntry>('/api/WhiteList', { method: 'POST', body: { email } }),
    meta: { handlesErrors: ['TesterNotFound', 'TesterAlreadyAdded', 'TesterIsYou', 'WhitelistFull', 'RateLimited'] },
    onSuccess: async () => {
      toast.success(testerMessages.added);
      await queryClient.invalidateQueries({ queryKey: whitelistKey });
    },
  });
}

export function useRemoveTester() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/api/WhiteList/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: async () => {
      toast.success(testerMessages.removed);
      await queryClient.invalidateQueries({ queryKey: whitelistKey });
    },
  });
}
