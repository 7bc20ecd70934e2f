import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider, Toaster } from '@paycadence/web-kit';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { AdminManagementPage } from './pages/AdminManagementPage';
import { AdminWaitlistPage } from './pages/AdminWaitlistPage';
import { BlogAdminPage } from './pages/BlogAdminPage';
import { SystemLogsPage } from './pages/SystemLogsPage';
import { UserManagementPage } from './pages/UserManagementPage';

const queryClient = new QueryClient();

/** The remote on its own, inside the same providers the shell gives its pages (paths as in the shell). */
export function StandaloneApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <BrowserRouter basename={import.meta.env.BASE_URL.replace(/\/$/, '')}>
          <main id="main-content">
            <Routes>
              <Route path="/admin/users" element={<UserManagementPage />} />
              <Route path="/admin/waitlist" element={<AdminWaitlistPage />} />
              <Route path="/admin/logs" element={<SystemLogsPage />} />
              <Route path="/blog-admin" element={<BlogAdminPage />} />
              <Route path="*" element={<AdminManagementPage />} />
            </Routes>
          </main>
          <Toaster />
        </BrowserRouter>
      </AuthProvider>
    </QueryClientProvider>
  );
}
