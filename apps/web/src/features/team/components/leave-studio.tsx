import { type Studio, teamMessages } from '@portal/contracts';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { toast } from '../../../components/toast.tsx';
import { useLeaveStudio } from '../api/remove-member.ts';
import { useSwitchStudio } from '../hooks/use-switch-studio.ts';

/** A member other than the owner leaves the studio (after a confirmation); the tab goes back to their own. */
export function LeaveStudio({ studio, myUserId }: { studio: Studio; myUserId: string }) {
  const [isAsking, setAsking] = useState(false);
  const leave = useLeaveStudio();
  const switchStudio = useSwitchStudio();
  return (
    <>
      <Button variant="secondary" onClick={() => setAsking(true)}>
        Leave studio
      </Button>
      <ConfirmDialog
        isOpen={isAsking}
        title={`Leave ${studio.name}?`}
        confirmLabel="Leave studio"
        variant="danger"
        isBusy={leave.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={async () => {
          try {
            await leave.mutateAsync(myUserId);
          } catch {
            setAsking(false);
            return;
          }
          setAsking(false);
          toast.success(teamMessages.left);
          switchStudio({ id: '', isDefault: true });
        }}
      >
        <p>You lose access to its items and income at once. Only an owner or an admin can invite you back.</p>
      </ConfirmDialog>
    </>
  );
}
