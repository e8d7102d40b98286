import type { Invitation } from '@portal/contracts';
import { ConfirmRowDialog, RowDangerButton, useConfirmRow } from '../../../components/confirm-dialog.tsx';
import { LoadFailed, Loading } from '../../../components/paged-table.tsx';
import { TableHead } from '../../../components/table-head.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useInvitations } from '../api/list-invitations.ts';
import { useWithdrawInvitation } from '../api/withdraw-invitation.ts';

/** The studio's open invitations, each with Withdraw (after a confirmation). */
export function InvitationsList() {
  const invitations = useInvitations(true);
  const withdraw = useWithdrawInvitation();
  const withdrawing = useConfirmRow<Invitation>(withdraw.mutateAsync, withdraw.isPending);
  if (invitations.isPending) return <Loading className="team-loading" label="Loading the invitations…" />;
  if (invitations.isError) return <LoadFailed what="The invitations" onRetry={() => void invitations.refetch()} />;
  if (invitations.data.data.length === 0) {
    return (
      <div className="empty">
        <p>No open invitations.</p>
      </div>
    );
  }
  return (
    <>
      <div className="table-wrap">
        <table className="table team-invitations">
          <caption className="visually-hidden">Open invitations</caption>
          <TableHead columns={['Email', 'Role', 'Sent', 'Expires', { hidden: 'Actions' }]} />
          <tbody>
            {invitations.data.data.map((invitation) => (
              <tr key={invitation.id}>
                <th scope="row" className="team-members__email">
                  {invitation.email}
                </th>
                <td data-label="Role">{invitation.role}</td>
                <td data-label="Sent">
                  <time dateTime={invitation.createdAt}>{formatDate(invitation.createdAt)}</time>
                </td>
                <td data-label="Expires">
                  <time dateTime={invitation.expiresAt}>{formatDate(invitation.expiresAt)}</time>
                </td>
                <td className="team-members__actions">
                  <RowDangerButton
                    label="Withdraw"
                    rowName={invitation.email}
                    onClick={() => withdrawing.ask(invitation)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmRowDialog {...withdrawing.dialog} title="Withdraw this invitation?" confirmLabel="Withdraw">
        <p>The link sent to {withdrawing.row?.email} stops working at once.</p>
      </ConfirmRowDialog>
    </>
  );
}
