import { VPS_PATH } from '@portal/contracts/pages';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/paged-table.tsx';
import { isApiError } from '../../../lib/api-client.ts';

/** A stage id that is not the partner's (deleted, another partner's, mistyped), or no id at all. */
export function StageNotFound() {
  return (
    <div className="empty empty--page stage-not-found" role="alert">
      <h2>This stage does not exist</h2>
      <p>It may have been deleted, or the link is incomplete.</p>
      <Link className="btn btn--primary btn--md" to={VPS_PATH}>
        Back to your stages
      </Link>
    </div>
  );
}

/** The stage could not be loaded for another reason (the network, the server): try again. */
export function StageLoadFailed({ onRetry }: { onRetry: () => void }) {
  return <LoadFailed className="stage-load-failed" what="The stage" onRetry={onRetry} />;
}

export function StageLoading({ label }: { label: string }) {
  return (
    <div className="page-loading stage-loading" role="status" aria-busy="true">
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/** Whether loading a stage failed because there is no such stage of the partner's. */
export const isMissingStage = (error: unknown) => isApiError(error, 'StageNotFound') || isApiError(error, 'NotFound');
