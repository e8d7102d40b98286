import type { TeamMember } from '@portal/contracts';
import { useId, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useMoveOwnership } from '../api/move-ownership.ts';
import { fullName } from './members-table.tsx';

/** The owner hands the studio to one of its admins (after a confirmation, and a fresh second factor if asked). */
export function MoveOwnership({ members }: { members: TeamMember[] }) {
  const admins = members.filter((member) => member.role === 'Admin');
  const [chosen, setChosen] = useState('');
  const [isAsking, setAsking] = useState(false);
  const move = useMoveOwnership();
  const selectId = useId();
  const admin = admins.find((member) => member.userId === chosen);
  if (admins.length === 0) {
    return <p className="team-note">Ownership moves only to an admin: give a member the Admin role first.</p>;
  }
  return (
    <div className="team-owner">
      <div className="field">
        <label className="field__label" htmlFor={selectId}>
          New owner
        </label>
        <select id={selectId} className="input" value={chosen} onChange={(event) => setChosen(event.target.value)}>
          <option value="">Choose an admin</option>
          {admins.map((member) => (
            <option key={member.userId} value={member.userId}>
              {fullName(member)} ({member.email})
            </option>
          ))}
        </select>
      </div>
      <Button variant="danger" disabled={!admin} onClick={() => setAsking(true)}>
        Move ownership
      </Button>
      <ConfirmDialog
        isOpen={isAsking && admin !== undefined}
        title="Move ownership?"
        confirmLabel="Move ownership"
        variant="danger"
        isBusy={move.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={async () => {
          if (admin) await move.mutateAsync(admin.userId).catch(() => undefined);
          setAsking(false);
          setChosen('');
        }}
      >
        <p>
          {admin ? fullName(admin) : ''} becomes the studio’s owner, with its payout account; you stay as an admin. Only
          the new owner can move it back.
        </p>
      </ConfirmDialog>
    </div>
  );
}
