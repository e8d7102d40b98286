import { useLocation, useSearchParams } from 'react-router';
import { matchRoute, type PortalRoute } from '../routes.tsx';

/** The document title of a page whose banner says `title`. */
export const documentTitle = (title: string) => (title ? `${title} · Lumora Partner Portal` : 'Lumora Partner Portal');

/** The route-table entry of the page on screen, and the title it shows (Detail uses its `name` query). */
export function useCurrentRoute(): { route: PortalRoute | undefined; title: string } {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const route = matchRoute(pathname);
  const nameQuery = params.get('name');
  const title = route?.path === '/developers/my-project/detail' && nameQuery ? nameQuery : (route?.name ?? '');
  return { route, title };
}
