import type { Invitation, InviteBody } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/mutations.ts';
import { invitationsQueryKey } from './list-invitations.ts';

/** The refusals the invite form shows beside its email, and above its button. */
export const INVITE_EMAIL_ERRORS = ['AlreadyStudioMember', 'AlreadyInvited'] as const;
export const INVITE_FORM_ERRORS = ['StudioMemberLimit', 'InvitationLimit'] as const;

/** Invites a person by email: the server mails them a one-time link. */
export const invite = (body: InviteBody) => apiRequest<Invitation>('/api/Team/Invitations', { method: 'POST', body });

export const useInvite = () =>
  useRefreshingMutation({
    mutate: invite,
    handlesErrors: [...INVITE_EMAIL_ERRORS, ...INVITE_FORM_ERRORS],
    stale: () => [invitationsQueryKey],
  });
