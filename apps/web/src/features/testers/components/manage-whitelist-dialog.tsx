import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { AddTesterForm } from './add-tester-form.tsx';
import { TesterTable } from './tester-table.tsx';

/** My Projects' Manage Whitelist: add by email, and the whitelist with Remove. */
export function ManageWhitelistButton() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setIsOpen(true)}>
        Manage Whitelist
      </Button>
      <Dialog isOpen={isOpen} title="Manage Whitelist" onClose={() => setIsOpen(false)} className="dialog--wide">
        <div className="dialog__body whitelist-dialog">
          <AddTesterForm submitLabel="Add to Whitelist" />
          <TesterTable caption="Whitelist" />
        </div>
      </Dialog>
    </>
  );
}
