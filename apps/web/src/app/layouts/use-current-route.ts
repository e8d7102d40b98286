import { useMatches, useSearchParams } from 'react-router';
import type { PortalRoute } from '../routes.tsx';

/** The route-table entry of the page on screen, and the title it shows (Detail uses its `name` query). */
export function useCurrentRoute(): { route: PortalRoute | undefined; title: string } {
  const matches = useMatches();
  const [params] = useSearchParams();
  const route = [...matches].reverse().find((m) => m.handle && (m.handle as PortalRoute).path)?.handle as
    | PortalRoute
    | undefined;
  const nameQuery = params.get('name');
  const title = route?.path === '/developers/my-project/detail' && nameQuery ? nameQuery : (route?.name ?? '');
  return { route, title };
}
