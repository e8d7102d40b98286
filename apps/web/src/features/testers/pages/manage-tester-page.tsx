import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { useWhitelist } from '../api/whitelist.ts';
import { AddTesterDialog } from '../components/add-tester-dialog.tsx';
import { TesterTable } from '../components/tester-table.tsx';

/** Manage Tester: the partner's testers, who get its testing versions in the test-distribution app. */
export default function ManageTesterPage() {
  const [isAdding, setIsAdding] = useState(false);
  const whitelist = useWhitelist();
  return (
    <>
      <section className="page-heading">
        <div>
          <h2>Testers{whitelist.data ? ` (${whitelist.data.totalCount})` : ''}</h2>
          <p className="page-heading__intro">
            Everyone here can install the testing version of each of your projects in the Lumora test-distribution app,
            before you submit it for review.
          </p>
        </div>
        <div className="button-row">
          <Button onClick={() => setIsAdding(true)}>Add Tester</Button>
        </div>
      </section>
      <TesterTable caption="Testers" />
      <AddTesterDialog isOpen={isAdding} onClose={() => setIsAdding(false)} />
    </>
  );
}
