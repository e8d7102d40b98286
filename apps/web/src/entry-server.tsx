import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { Portal } from './app/portal.tsx';
import { PortalRoutes } from './app/router.tsx';
import { portalRoutes } from './app/routes.tsx';

export { documentTitle } from './app/layouts/use-current-route.ts';

import { createQueryClient } from './lib/query-client.ts';

/** The routes a signed-out visitor may open: their HTML is written at build time. */
export const publicRoutes = portalRoutes.filter((route) => !route.guards.includes('auth'));

/**
 * The markup of `path` as a signed-out visitor first sees it: the same tree the browser hydrates, under a static
 * router, with nothing fetched (the build has no server, so every query shows its loading state). Waits for the
 * lazy page to load, so the page itself is in the HTML rather than the boundary's fallback.
 */
export async function renderRoute(path: string): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <Portal queryClient={createQueryClient()}>
      <StaticRouter location={path}>
        <PortalRoutes />
      </StaticRouter>
    </Portal>,
    { onError: (error) => void errors.push(error) },
  );
  const html = await new Response(prelude).text();
  if (errors.length > 0) throw new AggregateError(errors, `prerendering ${path} failed`);
  return html;
}
