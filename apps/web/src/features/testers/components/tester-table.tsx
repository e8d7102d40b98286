import type { WhitelistEntry } from '@portal/contracts';
import { ConfirmRowDialog, RowDangerButton, useConfirmRow } from '../../../components/confirm-dialog.tsx';
import { TableHead } from '../../../components/table-head.tsx';
import { useRemoveTester, useWhitelist } from '../api/whitelist.ts';
import { TesterAvatar } from './tester-avatar.tsx';

/** The whitelist: avatar, email and user name of each tester, with Remove (after a confirmation). */
export function TesterTable({ caption }: { caption: string }) {
  const whitelist = useWhitelist();
  const remove = useRemoveTester();
  const removing = useConfirmRow<WhitelistEntry>(remove.mutateAsync, remove.isPending);

  if (whitelist.isPending) return <div className="page-loading" aria-busy="true" />;
  if (whitelist.isError) return <p className="empty">The testers could not be loaded.</p>;
  if (whitelist.data.data.length === 0) {
    return (
      <div className="empty">
        <p>
          No testers yet. Add the people who should install your testing builds by the email of their Lumora account.
        </p>
      </div>
    );
  }
  return (
    <>
      <div className="table-wrap">
        <table className="table tester-table">
          <caption className="visually-hidden">{caption}</caption>
          <TableHead columns={[{ hidden: 'Avatar' }, 'Email', 'User name', { hidden: 'Actions' }]} />
          <tbody>
            {whitelist.data.data.map((entry) => (
              <tr key={entry.id}>
                <td className="tester-table__avatar">
                  <TesterAvatar name={entry.user.fullName} url={entry.user.profileUrl} />
                </td>
                <td className="tester-table__email">{entry.user.email}</td>
                <td className="tester-table__name">{entry.user.fullName}</td>
                <td className="tester-table__actions">
                  <RowDangerButton label="Remove" rowName={entry.user.email} onClick={() => removing.ask(entry)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmRowDialog {...removing.dialog} title="Remove this tester?" confirmLabel="Remove">
        <p>{removing.row?.user.fullName} will no longer get your testing builds in the test-distribution app.</p>
      </ConfirmRowDialog>
    </>
  );
}
