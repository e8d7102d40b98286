import { ITEM_DETAIL_PATH, ITEM_DETAIL_QUERY } from '@portal/contracts/pages';
import { useLocation, useSearchParams } from 'react-router';
import { matchRoute, type PortalRoute } from '../routes.tsx';

/** The document title of a page whose banner says `title`. */
export const documentTitle = (title: string) => (title ? `${title} · Lumora Partner Portal` : 'Lumora Partner Portal');

/** The route-table entry of the page on screen, and the title it shows (Detail uses its `name` query). */
export function useCurrentRoute(): { route: PortalRoute | undefined; title: string } {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const route = matchRoute(pathname);
  const nameQuery = params.get(ITEM_DETAIL_QUERY.name);
  const title = route?.path === ITEM_DETAIL_PATH && nameQuery ? nameQuery : (route?.name ?? '');
  return { route, title };
}
