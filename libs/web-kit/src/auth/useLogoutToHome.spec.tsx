import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AuthProvider, useAuth } from './AuthProvider.js';
import { useLogoutToHome } from './useLogoutToHome.js';
import { TEST_USER, testSession } from '../testing/render.js';

// What each test records: the path and whether a user was signed in, at every render of the app.
let seen: Array<{ path: string; signedIn: boolean }> = [];
function Probe() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  seen.push({ path: pathname, signedIn: user !== null });
  return null;
}
function LogoutButton({ label }: { label: string }) {
  const logout = useLogoutToHome();
  return (
    <button type="button" onClick={logout}>
      {label}
    </button>
  );
}

const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => Promise.resolve(new Response(null, { status: 204 })));
beforeEach(() => {
  seen = [];
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderApp(route: string) {
  return render(
    <AuthProvider initialUser={TEST_USER} initialSession={testSession()}>
      <MemoryRouter initialEntries={[route]}>
        <Probe />
        {/* A header that stays mounted, like the shell's. */}
        <LogoutButton label="Header logout" />
        <Routes>
          <Route path="/" element={<p>Home</p>} />
          {/* A page with its own Log out, unmounted when home replaces it. */}
          <Route path="/blog-admin" element={<LogoutButton label="Page logout" />} />
        </Routes>
      </MemoryRouter>
    </AuthProvider>,
  );
}
const logoutCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/auth/logout'));

describe('useLogoutToHome (docs/product/signed-in.md §2: logout returns home)', () => {
  it.each(['Header logout', 'Page logout'])('%s: goes home, then ends the session once, never signed out off home', async (label) => {
    renderApp('/blog-admin');
    await userEvent.click(screen.getByRole('button', { name: label }));
    await act(async () => {});
    expect(screen.getByText('Home')).toBeInTheDocument();
    expect(seen.at(-1)).toEqual({ path: '/', signedIn: false });
    // The session never ended while the page being left was still shown.
    expect(seen.filter((entry) => entry.path !== '/' && !entry.signedIn)).toEqual([]);
    expect(logoutCalls()).toHaveLength(1);
  });

  it('logging out on home itself ends the session', async () => {
    renderApp('/');
    await userEvent.click(screen.getByRole('button', { name: 'Header logout' }));
    await act(async () => {});
    expect(seen.at(-1)).toEqual({ path: '/', signedIn: false });
    expect(logoutCalls()).toHaveLength(1);
  });
});
