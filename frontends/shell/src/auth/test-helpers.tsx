import type { AuthSession, AuthUser } from '@paycadence/contracts';
import { AuthProvider } from '@paycadence/web-kit';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';

export const ANN: AuthUser = {
  id: 'u1', email: 'ann.lee@example.com', role: 'user', status: 'active', firstName: 'Ann', lastName: 'Lee',
  phone: null, dateOfBirth: null, address: null, created_at: '2026-01-02T00:00:00Z', mfa_enabled: false, email_confirmed: true,
};

/** A session as services/auth answers it (the refresh token is the HttpOnly cookie), valid for 15 minutes. */
export const testSession = (accessToken = 'at'): AuthSession => ({
  access_token: accessToken,
  expires_in: 900,
  expires_at: Math.floor(Date.now() / 1000) + 900,
  token_type: 'bearer',
});

export const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

export function mockFetch(handler: (url: string, init: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn((url: string, init: RequestInit) => handler(url, init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const bodyOf = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;

/** Stands in for every other page: shows where a screen navigated to. */
function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

/**
 * Renders `ui` at `path` with a session (or none) and shows the current path for navigation checks. `pageSession`
 * uses the page's own session (the provider as the shell mounts it: signed-in hint, shared store) instead.
 */
export function renderScreen(ui: ReactElement, { path = '/', user = null as AuthUser | null, pageSession = false } = {}) {
  const seed = pageSession ? {} : { initialUser: user, initialSession: user ? testSession('at') : null };
  return render(
    <AuthProvider {...seed}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={path.split('#')[0]} element={ui} />
          <Route path="*" element={<WhereAmI />} />
        </Routes>
      </MemoryRouter>
    </AuthProvider>,
  );
}
