import './lib/zod-config.ts';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Portal } from './app/portal.tsx';
import { PortalRoutes, preloadPage } from './app/router.tsx';
import { createQueryClient } from './lib/query-client.ts';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const portal = (
  <Portal queryClient={createQueryClient()}>
    <BrowserRouter>
      <PortalRoutes />
    </BrowserRouter>
  </Portal>
);

// a public page arrives prerendered (scripts/prerender.ts): React takes over its HTML, in one pass once the page's
// code is in (should that load fail, hydration tries again and reports it); any other page starts empty
if (root.hasChildNodes()) {
  const hydrate = () => startTransition(() => void hydrateRoot(root, portal));
  preloadPage(window.location.pathname).then(hydrate, hydrate);
} else {
  createRoot(root).render(portal);
}
