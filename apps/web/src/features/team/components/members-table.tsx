import { type AssignableStudioRole, assignableStudioRoles, type TeamMember } from '@portal/contracts';
import { ConfirmRowDialog, RowDangerButton, useConfirmRow } from '../../../components/confirm-dialog.tsx';
import { TableHead } from '../../../components/table-head.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useChangeRole } from '../api/change-role.ts';
import { useRemoveMember } from '../api/remove-member.ts';

export const fullName = (member: Pick<TeamMember, 'firstName' | 'lastName' | 'email'>) =>
  `${member.firstName} ${member.lastName}`.trim() || member.email;

/** Whether `member` is the signed-in person (the members list names people by email too). */
export const isMe = (member: TeamMember, myEmail: string | undefined) =>
  myEmail !== undefined && member.email.toLowerCase() === myEmail.toLowerCase();

const isAssignable = (role: string): role is AssignableStudioRole =>
  (assignableStudioRoles as readonly string[]).includes(role);

export interface MembersTableProps {
  members: TeamMember[];
  myEmail: string | undefined;
  /** The caller may change roles and remove members (`members`). */
  canManage: boolean;
}

/** The studio's members: name, email, role, joined; for those who manage members, a role choice and Remove. */
export function MembersTable({ members, myEmail, canManage }: MembersTableProps) {
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const removing = useConfirmRow<TeamMember & { id: string }>(remove.mutateAsync, remove.isPending);
  return (
    <>
      <div className="table-wrap">
        <table className="table team-members">
          <caption className="visually-hidden">Members of the studio</caption>
          <TableHead columns={['Name', 'Email', 'Role', 'Joined', ...(canManage ? [{ hidden: 'Actions' }] : [])]} />
          <tbody>
            {members.map((member) => {
              const name = fullName(member);
              const isOwner = member.role === 'Owner';
              return (
                <tr key={member.userId}>
                  <th scope="row" className="team-members__name">
                    {name}
                    {isMe(member, myEmail) ? <span className="tag team-members__you">You</span> : null}
                  </th>
                  <td data-label="Email" className="team-members__email">
                    {member.email}
                  </td>
                  <td data-label="Role">
                    {canManage && !isOwner ? (
                      <select
                        className="input team-members__role"
                        aria-label={`Role of ${name}`}
                        value={member.role}
                        disabled={changeRole.isPending}
                        onChange={(event) => {
                          const role = event.target.value;
                          if (isAssignable(role)) changeRole.mutate({ userId: member.userId, role });
                        }}
                      >
                        {assignableStudioRoles.map((role) => (
                          <option key={role} value={role}>
                            {role}
                          </option>
                        ))}
                      </select>
                    ) : (
                      member.role
                    )}
                  </td>
                  <td data-label="Joined">
                    <time dateTime={member.joinedAt}>{formatDate(member.joinedAt)}</time>
                  </td>
                  {canManage ? (
                    <td className="team-members__actions">
                      {isOwner || isMe(member, myEmail) ? null : (
                        <RowDangerButton
                          label="Remove"
                          rowName={name}
                          onClick={() => removing.ask({ ...member, id: member.userId })}
                        />
                      )}
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <ConfirmRowDialog {...removing.dialog} title="Remove this member?" confirmLabel="Remove">
        <p>
          {removing.row ? fullName(removing.row) : ''} ({removing.row?.email}) loses access to the studio at once. They
          can be invited again.
        </p>
      </ConfirmRowDialog>
    </>
  );
}
