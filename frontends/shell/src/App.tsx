import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from '@payday/web-kit';
import { useState } from 'react';
import { AppRoutes } from './AppRoutes';
import { Layout } from './layout/Layout';

/** Providers every screen relies on; the router itself is supplied by bootstrap (or a test). */
export function App() {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Layout>
          <AppRoutes />
        </Layout>
      </AuthProvider>
    </QueryClientProvider>
  );
}
