import type { Studio } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { studiosQueryRoot } from './list-studios.ts';

/** The refusals the invitation page explains itself. */
export const ACCEPT_ERRORS = ['InvitationInvalid', 'InvitationForAnotherEmail', 'InvitationNotFound'] as const;

/** Joins the studio the invitation names (the signed-in person's email must be the invited one). */
export const acceptInvitation = (token: string) =>
  apiRequest<{ studio: Studio }>('/api/Team/Invitations/Accept', { method: 'POST', body: { token } });

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    meta: { handlesErrors: ACCEPT_ERRORS },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studiosQueryRoot }),
  });
}
