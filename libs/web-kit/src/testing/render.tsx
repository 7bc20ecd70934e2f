import type { AuthSession, AuthUser } from '@paycadence/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AuthProvider } from '../auth/AuthProvider.js';
import { Toaster } from '../toast/Toaster.js';
import { resetToasts } from '../toast/toast-store.js';

/** The signed-in user of remote unit tests (an id shaped like the server's, so path schemas accept it). */
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
  email_confirmed: true,
};

/** The access token of `testSession()`, what a stubbed server sees as `Authorization: Bearer token-1`. */
export const TEST_ACCESS_TOKEN = 'token-1';

/** A session as services/auth answers it, valid for 15 minutes from now. */
export const testSession = (): AuthSession => ({
  access_token: TEST_ACCESS_TOKEN,
  expires_in: 900,
  expires_at: Math.floor(Date.now() / 1000) + 900,
  token_type: 'bearer',
});

export interface RenderWithProvidersOptions {
  /** The signed-in user; `null` renders signed out. TEST_USER by default. */
  user?: AuthUser | null;
  /** The router's current path ('/dashboard', '/connected-accounts'). */
  route?: string;
  /** Also renders the toasts the shell's layout shows (off by default: its live region is one more role="status"). */
  toasts?: boolean;
}

/**
 * Renders inside the providers the shell gives a remote: session, router, query client (no retries, so a
 * failing stub shows its error at once), and on request the toasts. Also answers the query client, for tests that look into the cache.
 */
export function renderWithProviders(
  ui: ReactElement,
  { user = TEST_USER, route = '/', toasts = false }: RenderWithProvidersOptions = {},
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  resetToasts();
  const result = render(
    <AuthProvider initialUser={user} initialSession={user ? testSession() : null}>
      <MemoryRouter initialEntries={[route]}>
        <QueryClientProvider client={client}>
          {ui}
          {toasts && <Toaster />}
        </QueryClientProvider>
      </MemoryRouter>
    </AuthProvider>,
  );
  return { ...result, client };
}
