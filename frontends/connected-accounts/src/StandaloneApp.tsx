import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from '@paycadence/web-kit';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ConnectedAccountsPage } from './pages/ConnectedAccountsPage';

const queryClient = new QueryClient();

/** The remote on its own, inside the same providers the shell gives its pages. */
export function StandaloneApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <BrowserRouter basename={import.meta.env.BASE_URL.replace(/\/$/, '')}>
          <main id="main-content">
            <Routes>
              <Route path="*" element={<ConnectedAccountsPage />} />
            </Routes>
          </main>
        </BrowserRouter>
      </AuthProvider>
    </QueryClientProvider>
  );
}
