import { can, INVITATION_DAYS, MAX_STUDIO_MEMBERS } from '@portal/contracts';
import { AUDIT_PATH } from '@portal/contracts/pages';
import { Link } from 'react-router';
import { LoadFailed, Loading } from '../../../components/paged-table.tsx';
import { useMembers } from '../api/list-members.ts';
import { useCurrentStudio } from '../api/list-studios.ts';
import { InvitationsList } from '../components/invitations-list.tsx';
import { InviteForm } from '../components/invite-form.tsx';
import { LeaveStudio } from '../components/leave-studio.tsx';
import { MailPreferences } from '../components/mail-preferences.tsx';
import { isMe, MembersTable } from '../components/members-table.tsx';
import { MoveOwnership } from '../components/move-ownership.tsx';
import { RoleTable } from '../components/role-table.tsx';
import '../team.css';

export interface TeamPageProps {
  /** The signed-in person's email: the members list names them by it. */
  myEmail: string | undefined;
}

/**
 * The Team page: the studio's members and their roles, invitations, ownership, the role table explained and the
 * member's own mail. Who may change what is the role table's (`can`), as the server's.
 */
export function TeamPage({ myEmail }: TeamPageProps) {
  const { studio, isPending, isError, refetch } = useCurrentStudio();
  const members = useMembers();
  if (isPending) return <Loading className="team-loading" label="Loading your studio…" />;
  if (isError || !studio) return <LoadFailed what="Your studios" onRetry={() => void refetch()} />;
  const canManage = can(studio.role, 'members');
  const me = members.data?.data.find((member) => isMe(member, myEmail));
  return (
    <div className="team-page">
      <section className="page-heading">
        <div>
          <h2>{studio.name}</h2>
          <p className="page-heading__intro">
            You work here as <strong>{studio.role}</strong>.{' '}
            {canManage
              ? `Invite people by email: the link works for ${INVITATION_DAYS} days, once. A studio has at most ${MAX_STUDIO_MEMBERS} members.`
              : 'The owner and the admins manage who works here.'}
          </p>
        </div>
        <div className="button-row">
          {can(studio.role, 'audit') ? (
            <Link className="btn btn--secondary btn--md" to={AUDIT_PATH}>
              Audit log
            </Link>
          ) : null}
          {me && studio.role !== 'Owner' ? <LeaveStudio studio={studio} myUserId={me.userId} /> : null}
        </div>
      </section>

      <section className="team-section" aria-labelledby="team-members-title">
        <h2 id="team-members-title">Members{members.data ? ` (${members.data.data.length})` : ''}</h2>
        {members.isPending ? (
          <Loading className="team-loading" label="Loading the members…" />
        ) : members.isError ? (
          <LoadFailed what="The members" onRetry={() => void members.refetch()} />
        ) : (
          <MembersTable members={members.data.data} myEmail={myEmail} canManage={canManage} />
        )}
      </section>

      {canManage ? (
        <div className="team-columns">
          <section className="team-section card" aria-labelledby="team-invite-title">
            <h2 id="team-invite-title">Invite a person</h2>
            <InviteForm />
          </section>
          <section className="team-section" aria-labelledby="team-invitations-title">
            <h2 id="team-invitations-title">Open invitations</h2>
            <InvitationsList />
          </section>
        </div>
      ) : null}

      {can(studio.role, 'ownership') && members.data ? (
        <section className="team-section card" aria-labelledby="team-owner-title">
          <h2 id="team-owner-title">Ownership</h2>
          <p className="team-note">
            The owner alone holds the payout account and may move ownership. Moving it makes you an admin.
          </p>
          <MoveOwnership members={members.data.data} />
        </section>
      ) : null}

      <div className="team-columns">
        <section className="team-section card" aria-labelledby="team-roles-title">
          <h2 id="team-roles-title">Who does what</h2>
          <RoleTable />
        </section>
        <section className="team-section card" aria-labelledby="team-mail-title">
          <h2 id="team-mail-title">Your mail from this studio</h2>
          <MailPreferences key={studio.mutedMail.join()} studio={studio} />
        </section>
      </div>
    </div>
  );
}
