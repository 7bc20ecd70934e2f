import type { AuthUser } from '@paycadence/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from '@paycadence/web-kit';
import { useState } from 'react';
import { AppRoutes } from './AppRoutes';
import { Layout } from './layout/Layout';

export interface AppProps {
  /**
   * Who is signed in from the first render, instead of restoring the session from the browser: the build's
   * rendering of the public pages (src/prerender/render-page.tsx) passes null, a visitor signed out.
   */
  initialUser?: AuthUser | null;
}

/** Providers every screen relies on; the router itself is supplied by bootstrap (or a test). */
export function App({ initialUser }: AppProps = {}) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider initialUser={initialUser}>
        <Layout>
          <AppRoutes />
        </Layout>
      </AuthProvider>
    </QueryClientProvider>
  );
}
