import type { MailKind } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/toast.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { studiosQueryRoot } from './list-studios.ts';

/** The kinds of this studio's mail the member does not want. */
export const setMutedMail = (muted: MailKind[]) =>
  apiRequest<void>('/api/Team/Mail', { method: 'PUT', body: { muted } });

export const MAIL_SAVED = 'Mail preferences saved';

export function useSetMutedMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMutedMail,
    onSuccess: async () => {
      toast.success(MAIL_SAVED);
      await queryClient.invalidateQueries({ queryKey: studiosQueryRoot });
    },
  });
}
