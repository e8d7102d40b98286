import { teamMessages } from '@portal/contracts';
import { INVITATION_PATH, loginPath } from '@portal/contracts/pages';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { Loading } from '../../../components/paged-table.tsx';
import { toast } from '../../../components/toast.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useIsHydrated } from '../../../lib/hydration.ts';
import { useIsSignedIn } from '../../../lib/session.ts';
import { ACCEPT_ERRORS, useAcceptInvitation } from '../api/accept-invitation.ts';
import { useSwitchStudio } from '../hooks/use-switch-studio.ts';
import '../team.css';

/** The query name of the invitation's one-time token, as the invitation mail's link carries it. */
const TOKEN_PARAM = 'token';

/** Where signing in or registering comes back to: this page, with its token. */
const backHere = (token: string) => `${INVITATION_PATH}?${new URLSearchParams({ [TOKEN_PARAM]: token })}`;

function SignedOut({ token }: { token: string }) {
  const back = loginPath(backHere(token));
  return (
    <section className="card team-invitation" aria-labelledby="invitation-title">
      <h2 id="invitation-title">You are invited to a studio</h2>
      <p>
        Sign in with the email address the invitation was sent to, or create an account with it. You come back here to
        join the studio.
      </p>
      <div className="button-row">
        <Link className="btn btn--primary btn--md" to={back}>
          Sign in
        </Link>
        <Link className="btn btn--secondary btn--md" to={`${back}#register-title`}>
          Create an account
        </Link>
      </div>
    </section>
  );
}

function Join({ token }: { token: string }) {
  const accept = useAcceptInvitation();
  const switchStudio = useSwitchStudio();
  const [refusal, setRefusal] = useState<string>();
  const join = async () => {
    setRefusal(undefined);
    try {
      const { studio } = await accept.mutateAsync(token);
      toast.success(`${teamMessages.accepted}: ${studio.name}, as ${studio.role}.`);
      switchStudio(studio);
    } catch (error) {
      if (isApiError(error) && error.errorCode && (ACCEPT_ERRORS as readonly string[]).includes(error.errorCode)) {
        setRefusal(error.message);
      }
    }
  };
  return (
    <section className="card team-invitation" aria-labelledby="invitation-title">
      <h2 id="invitation-title">Join the studio</h2>
      <p>
        You were invited to work in a studio on the Lumora Partner Portal. Joining gives you the role the invitation
        names; you keep your own studio, and switch between them from My Account.
      </p>
      {refusal ? (
        <div className="alert alert--error" role="alert">
          {refusal}
        </div>
      ) : null}
      <div className="button-row">
        <Button onClick={() => void join()} isLoading={accept.isPending}>
          Join studio
        </Button>
      </div>
    </section>
  );
}

/**
 * Where an invitation's mail leads (`?token=`): signed out, the ways to sign in or register and come back; signed in,
 * Join studio, which moves the tab to the studio joined.
 */
export default function InvitationPage() {
  const isHydrated = useIsHydrated();
  const isSignedIn = useIsSignedIn();
  const [params] = useSearchParams();
  const token = params.get(TOKEN_PARAM)?.trim() ?? '';
  // the prerendered page knows neither the session nor the link's token
  if (!isHydrated) return <Loading className="team-loading" label="Loading the invitation…" />;
  if (!token) {
    return (
      <section className="empty empty--page" aria-labelledby="invitation-title">
        <h2 id="invitation-title">No invitation in this link</h2>
        <p>Open the link of the invitation mail again, whole: it ends with the invitation’s token.</p>
      </section>
    );
  }
  return isSignedIn ? <Join token={token} /> : <SignedOut token={token} />;
}
