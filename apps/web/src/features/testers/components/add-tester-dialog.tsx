import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { AddTesterForm } from './add-tester-form.tsx';

/** Manage Tester's Add Tester dialog: one email field. */
export function AddTesterDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <Dialog isOpen={isOpen} title="Add Tester" onClose={onClose} className="dialog--confirm">
      <div className="dialog__body">
        <p>Testers get the testing version of each of your projects in the Lumora test-distribution app.</p>
        <AddTesterForm submitLabel="Add Tester" onAdded={onClose}>
          <Button variant="secondary" onClick={onClose} isThrottled={false}>
            Cancel
          </Button>
        </AddTesterForm>
      </div>
    </Dialog>
  );
}
