import type { AuthSession, AuthUser } from '@payday/contracts';
import { AuthProvider } from '@payday/web-kit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';

export const TEST_USER: AuthUser = {
  id: '7d1e2f0a-1111-4222-8333-944455556666',
  email: 'sam.rivera@example.com',
  role: 'user',
  status: 'active',
  firstName: 'Sam',
  lastName: 'Rivera',
  phone: null,
  dateOfBirth: null,
  address: null,
  created_at: '2026-01-01T00:00:00Z',
  mfa_enabled: false,
};

/** A session as services/auth answers it, valid for 15 minutes from now. */
export const testSession = (): AuthSession => ({
  access_token: 'token-1',
  refresh_token: 'r',
  expires_in: 900,
  expires_at: Math.floor(Date.now() / 1000) + 900,
  token_type: 'bearer',
});

/** Renders inside the providers the shell gives a remote: session, router, query client. */
export function renderWithProviders(ui: ReactElement, user: AuthUser | null = TEST_USER) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <AuthProvider initialUser={user} initialSession={user ? testSession() : null}>
      <MemoryRouter initialEntries={['/connected-accounts']}>
        <QueryClientProvider client={client}>{ui}</QueryClientProvider>
      </MemoryRouter>
    </AuthProvider>,
  );
  return { ...result, client };
}
