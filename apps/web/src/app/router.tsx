import { type ComponentType, lazy, useState } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { FrameLayout, FullLayout, RootLayout } from './layouts/layouts.tsx';
import { matchRoute, type PortalRoute, portalRoutes } from './routes.tsx';

/** A guarded route loads its guards with its page, so that a public page's first visit downloads neither. */
async function loadPage(route: PortalRoute): Promise<{ default: ComponentType }> {
  if (route.guards.length === 0 && !route.permission) return route.load();
  const [{ Guarded }, { default: Page }] = await Promise.all([import('./guards.tsx'), route.load()]);
  return {
    default: function GuardedPage() {
      return (
        <Guarded guards={route.guards} permission={route.permission}>
          <Page />
        </Guarded>
      );
    },
  };
}

interface RoutePage {
  LazyPage: ComponentType;
  /** The page's component once its module has loaded. */
  loaded: () => ComponentType | undefined;
  preload: () => Promise<unknown>;
}

/**
 * A route's page, loaded when first rendered, or ahead of that by `preload`: then it renders at once, which is what
 * hydrating a prerendered page needs (a page that suspended there would leave its HTML to a later pass, and an update
 * arriving first, the signed-in header, would have React throw that HTML away).
 */
function routePage(route: PortalRoute): RoutePage {
  let loaded: ComponentType | undefined;
  const load = async () => {
    const module = await loadPage(route);
    loaded = module.default;
    return module;
  };
  return { LazyPage: lazy(load), loaded: () => loaded, preload: load };
}

function Page({ page }: { page: RoutePage }) {
  // chosen once per visit of the page: switching component would start the page over
  const [Component] = useState<ComponentType>(() => page.loaded() ?? page.LazyPage);
  return <Component />;
}

const pages = new Map(portalRoutes.map((route) => [route, routePage(route)]));

const routeObjectsOf = (layout: PortalRoute['layout']): RouteObject[] =>
  [...pages]
    .filter(([route]) => route.layout === layout)
    .map(([route, page]) => ({ path: route.path, element: <Page key={route.path} page={page} /> }));

const routeObjects: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { element: <FrameLayout />, children: routeObjectsOf('frame') },
      { element: <FullLayout />, children: routeObjectsOf('full') },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/** Loads the page of `pathname`, if it is a route of the portal, so that it renders without suspending. */
export async function preloadPage(pathname: string): Promise<void> {
  const route = matchRoute(pathname);
  if (route) await pages.get(route)?.preload();
}

/**
 * Every page of the portal in its layout; an unknown path goes Home. Rendered inside the browser's router, or a
 * static one when the public pages are prerendered.
 */
export function PortalRoutes() {
  return useRoutes(routeObjects);
}
