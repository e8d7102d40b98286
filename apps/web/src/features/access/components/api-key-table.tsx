import { type ApiKey, apiKeyScopeLabels, isApiKeyExpired } from '@portal/contracts';
import { ConfirmRowDialog, RowDangerButton, useConfirmRow } from '../../../components/confirm-dialog.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useApiKeys } from '../api/list-api-keys.ts';
import { useRevokeApiKey } from '../api/revoke-api-key.ts';
import '../api-keys.css';
import { TableHead } from '../../../components/table-head.tsx';

const DAY_MS = 24 * 60 * 60_000;
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** A recent use as "5 minutes ago", an older one as its date. */
function formatLastUsed(iso: string | null, now: Date): string {
  if (!iso) return 'Never';
  const ago = now.getTime() - Date.parse(iso);
  if (ago < 60_000) return 'Just now';
  if (ago < 60 * 60_000) return relative.format(-Math.floor(ago / 60_000), 'minute');
  if (ago < DAY_MS) return relative.format(-Math.floor(ago / (60 * 60_000)), 'hour');
  if (ago < 7 * DAY_MS) return relative.format(-Math.floor(ago / DAY_MS), 'day');
  return formatDate(iso);
}

function Expiry({ apiKey, now }: { apiKey: ApiKey; now: Date }) {
  if (!apiKey.expiresAt) return <>Never</>;
  if (isApiKeyExpired(apiKey, now)) {
    return (
      <time className="api-key-table__expired" dateTime={apiKey.expiresAt} title={formatDate(apiKey.expiresAt)}>
        Expired
      </time>
    );
  }
  return <time dateTime={apiKey.expiresAt}>{formatDate(apiKey.expiresAt)}</time>;
}

/** The partner's keys: name, scopes, prefix, dates, and Revoke after a confirmation. */
export function ApiKeyTable() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const revoking = useConfirmRow<ApiKey>(revoke.mutateAsync, revoke.isPending);

  if (keys.isPending) return <div className="page-loading" aria-busy="true" />;
  if (keys.isError) return <p className="empty">The API keys could not be loaded.</p>;
  if (keys.data.data.length === 0) {
    return (
      <div className="empty">
        <p>No API keys yet. Create one for your build scripts or the Lumora CLI.</p>
      </div>
    );
  }
  const now = new Date();
  return (
    <>
      <div className="table-wrap">
        <table className="table api-key-table">
          <caption className="visually-hidden">API keys</caption>
          <TableHead columns={['Name', 'Scopes', 'Key', 'Created', 'Expires', 'Last used', { hidden: 'Actions' }]} />
          <tbody>
            {keys.data.data.map((apiKey) => (
              <tr key={apiKey.id}>
                <th scope="row" className="api-key-table__name">
                  {apiKey.name}
                </th>
                <td data-label="Scopes">
                  <ul className="api-key-table__scopes">
                    {apiKey.scopes.map((scope) => (
                      <li key={scope} className="tag">
                        {apiKeyScopeLabels[scope]}
                      </li>
                    ))}
                  </ul>
                </td>
                <td data-label="Key">
                  <code className="api-key-table__prefix">{apiKey.prefix}…</code>
                </td>
                <td data-label="Created">
                  <time dateTime={apiKey.createdAt}>{formatDate(apiKey.createdAt)}</time>
                </td>
                <td data-label="Expires">
                  <Expiry apiKey={apiKey} now={now} />
                </td>
                <td data-label="Last used">
                  {apiKey.lastUsedAt ? (
                    <time dateTime={apiKey.lastUsedAt} title={formatDate(apiKey.lastUsedAt)}>
                      {formatLastUsed(apiKey.lastUsedAt, now)}
                    </time>
                  ) : (
                    'Never'
                  )}
                </td>
                <td className="api-key-table__actions">
                  <RowDangerButton label="Revoke" rowName={apiKey.name} onClick={() => revoking.ask(apiKey)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmRowDialog {...revoking.dialog} title="Revoke this API key?" confirmLabel="Revoke">
        <p>
          “{revoking.row?.name}” ({revoking.row?.prefix}…) stops working at once: scripts and the CLI that use it are
          refused. This cannot be undone.
        </p>
      </ConfirmRowDialog>
    </>
  );
}
