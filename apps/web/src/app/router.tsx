import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { Guarded } from './guards.tsx';
import { FrameLayout, FullLayout, RootLayout } from './layouts/layouts.tsx';
import { type PortalRoute, portalRoutes } from './routes.tsx';

function toRouteObject(portalRoute: PortalRoute): RouteObject {
  return {
    path: portalRoute.path,
    handle: portalRoute,
    lazy: async () => {
      const { default: Page } = await portalRoute.load();
      return {
        element: (
          <Guarded guards={portalRoute.guards}>
            <Page />
          </Guarded>
        ),
      };
    },
  };
}

export const routeObjects: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: () => null,
    children: [
      { Component: FrameLayout, children: portalRoutes.filter((r) => r.layout === 'frame').map(toRouteObject) },
      { Component: FullLayout, children: portalRoutes.filter((r) => r.layout === 'full').map(toRouteObject) },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routeObjects);
