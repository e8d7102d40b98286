import { type PendingInvitation, teamMessages } from '@portal/contracts';
import { INVITATION_PATH } from '@portal/contracts/pages';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { toast } from '../../../components/toast.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useAcceptInvitation } from '../api/accept-invitation.ts';
import { useMyInvitations } from '../api/list-my-invitations.ts';
import { useSwitchStudio } from '../hooks/use-switch-studio.ts';
import '../team.css';

/** The invitations put off with "Not now", for this tab: they come back in the next one. */
const LATER_KEY = 'portal.invitations.later';

function readLater(): string[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(LATER_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function Invitation({ invitation, onLater }: { invitation: PendingInvitation; onLater: () => void }) {
  const accept = useAcceptInvitation();
  const switchStudio = useSwitchStudio();
  const join = async () => {
    try {
      const { studio } = await accept.mutateAsync(invitation.token);
      toast.success(`${teamMessages.accepted}: ${studio.name}, as ${studio.role}.`);
      switchStudio(studio);
    } catch (error) {
      // withdrawn or expired since the banner asked: it says so, and the list is asked again (joining refreshes it)
      if (isApiError(error)) toast.error(error.message);
    }
  };
  return (
    <li className="alert alert--info invitation-notice__item">
      <p>
        <strong>{invitation.invitedBy || 'A member'}</strong> invited you to join{' '}
        <strong>{invitation.studioName}</strong> as {invitation.role}. You keep your own studio, and switch between them
        from My Account.
      </p>
      <div className="button-row">
        <Button onClick={() => void join()} isLoading={accept.isPending}>
          Join {invitation.studioName}
        </Button>
        <Button variant="secondary" onClick={onLater}>
          Not now
        </Button>
      </div>
    </li>
  );
}

/**
 * A signed-in person's open invitations, above every page: they join from here without the mail (the server signs a
 * token for them alone). Not on the invitation page, which asks the same.
 */
export default function InvitationNotice() {
  const { pathname } = useLocation();
  const invitations = useMyInvitations();
  const [later, setLater] = useState(readLater);
  const shown = (invitations.data?.data ?? []).filter((invitation) => !later.includes(invitation.id));
  if (pathname === INVITATION_PATH || shown.length === 0) return null;
  const putOff = (id: string) => {
    const next = [...later, id];
    sessionStorage.setItem(LATER_KEY, JSON.stringify(next));
    setLater(next);
  };
  return (
    <section className="container invitation-notice" aria-label="Invitations to studios">
      <ul>
        {shown.map((invitation) => (
          <Invitation key={invitation.id} invitation={invitation} onLater={() => putOff(invitation.id)} />
        ))}
      </ul>
    </section>
  );
}
