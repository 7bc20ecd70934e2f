import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from '@payday/web-kit';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { AdminConsolePage } from './pages/AdminConsolePage';

const queryClient = new QueryClient();

/** The remote on its own, inside the same providers the shell gives its pages. */
export function StandaloneApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <BrowserRouter basename={import.meta.env.BASE_URL.replace(/\/$/, '')}>
          <main id="main-content">
            <Routes>
              <Route path="*" element={<AdminConsolePage />} />
            </Routes>
          </main>
        </BrowserRouter>
      </AuthProvider>
    </QueryClientProvider>
  );
}
