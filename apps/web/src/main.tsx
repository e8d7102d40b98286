import './lib/zod-config.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { PortalRoutes } from './app/router.tsx';
import { createQueryClient } from './lib/query-client.ts';
import './styles/global.css';

const queryClient = createQueryClient();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <PortalRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
