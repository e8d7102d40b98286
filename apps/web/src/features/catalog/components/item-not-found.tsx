import { MY_PROJECTS_PATH } from '@portal/contracts/pages';
import { Link } from 'react-router';

/**
 * An id that is not (or no longer) one of the partner's items. `message` is the API's own (ProductNotFound,
 * ModelNotFound), so the error catalog stays out of the bundle every page loads.
 */
export function ItemNotFound({ message }: { message: string }) {
  return (
    <section className="empty empty--page" aria-labelledby="not-found-title">
      <h2 id="not-found-title">{message}</h2>
      <p>It may have been deleted, or the link belongs to another account.</p>
      <Link className="btn btn--primary btn--md" to={MY_PROJECTS_PATH}>
        Back to My Projects
      </Link>
    </section>
  );
}
