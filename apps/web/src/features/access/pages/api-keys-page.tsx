import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { useApiKeys } from '../api/list-api-keys.ts';
import { ApiKeyTable } from '../components/api-key-table.tsx';
import { CreateApiKeyDialog } from '../components/create-api-key-dialog.tsx';

/** API keys: credentials for build scripts and the CLI, each limited to its scopes. */
export default function ApiKeysPage() {
  const [isCreating, setIsCreating] = useState(false);
  const keys = useApiKeys();
  return (
    <>
      <section className="page-heading">
        <div>
          <h2>Your keys{keys.data ? ` (${keys.data.data.length})` : ''}</h2>
          <p className="page-heading__intro">
            An API key lets your build scripts and the Lumora CLI read your projects, upload builds and manage versions
            without your password, each within the scopes you give it. A key never opens your account itself: your
            profile, password, payout account and API keys need you to sign in. See the{' '}
            <Link to="/document">SDK documentation</Link> for the CLI.
          </p>
        </div>
        <div className="button-row">
          <Button onClick={() => setIsCreating(true)}>Create API key</Button>
        </div>
      </section>
      <ApiKeyTable />
      <CreateApiKeyDialog isOpen={isCreating} onClose={() => setIsCreating(false)} />
    </>
  );
}
