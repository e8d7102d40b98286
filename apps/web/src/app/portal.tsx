import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';

/**
 * What the portal runs under, in the browser and when its public pages are prerendered alike: hydration needs the
 * same tree on both sides. `children` is the router (the browser's, or a static one) around the routes.
 */
export function Portal({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </StrictMode>
  );
}
