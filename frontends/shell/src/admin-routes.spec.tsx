import type { AuthUser } from '@paycadence/contracts';
import { AuthProvider } from '@paycadence/web-kit';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from './AppRoutes';
import { ANN, json, mockFetch, testSession } from './auth/test-helpers';

// The admin entries of the route table: /admin and the pages of the admin-console remote.
const loader = vi.hoisted(() => ({
  loadRemoteComponent: vi.fn(),
  cachedRemoteComponent: vi.fn(() => undefined),
}));
vi.mock('./remotes/remote-loader', () => loader);

function FakeRemotePage() {
  return <h1>Remote page</h1>;
}

const ADMIN: AuthUser = { ...ANN, id: 'a1', email: 'ada@example.com', role: 'admin' };

const renderAt = (path: string, user: AuthUser | null) =>
  render(
    <AuthProvider initialUser={user} initialSession={user ? testSession() : null}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </AuthProvider>,
  );

beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  loader.loadRemoteComponent.mockReset();
  loader.loadRemoteComponent.mockResolvedValue(FakeRemotePage);
});

describe('/admin (docs/product/accounts.md §2: the sign-in screen)', () => {
  it('shows the sign-in screen to a signed-out visitor and loads no admin page', () => {
    renderAt('/admin', null);
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(loader.loadRemoteComponent).not.toHaveBeenCalled();
  });

  it('keeps an admin who signs in there on /admin, now showing the management page', async () => {
    const fetchMock = mockFetch((url) => (url.endsWith('/api/auth/login') ? json({ user: ADMIN, session: testSession() }) : json({ message: 'unexpected' }, 500)));
    renderAt('/admin', null);
    await userEvent.type(screen.getByLabelText('Email'), ADMIN.email);
    await userEvent.type(screen.getByLabelText('Password'), 'Calm-Bills-2026!');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Remote page' })).toBeInTheDocument();
    await waitFor(() => expect(loader.loadRemoteComponent).toHaveBeenCalledWith({ name: 'admin-console', module: './AdminManagementPage' }, { retry: false }));
    expect(loader.loadRemoteComponent).not.toHaveBeenCalledWith({ name: 'dashboard', module: './DashboardPage' }, expect.anything());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it('shows the Waitlist & User Management page of the admin-console remote once signed in', async () => {
    renderAt('/admin', ADMIN);
    expect(await screen.findByRole('heading', { name: 'Remote page' })).toBeInTheDocument();
    expect(loader.loadRemoteComponent).toHaveBeenCalledWith({ name: 'admin-console', module: './AdminManagementPage' }, { retry: false });
  });

  it('hands a signed-in non-admin to the same page, which answers Access Denied itself', async () => {
    renderAt('/admin', ANN);
    expect(await screen.findByRole('heading', { name: 'Remote page' })).toBeInTheDocument();
    expect(loader.loadRemoteComponent).toHaveBeenCalledWith({ name: 'admin-console', module: './AdminManagementPage' }, { retry: false });
  });
});

describe('/admin/* (docs/product/accounts.md §2: guarded)', () => {
  it.each([
    ['/admin/users', './UserManagementPage'],
    ['/admin/waitlist', './AdminWaitlistPage'],
    ['/admin/logs', './SystemLogsPage'],
  ])('%s shows %s of the admin-console remote', async (path, module) => {
    renderAt(path, ADMIN);
    expect(await screen.findByRole('heading', { name: 'Remote page' })).toBeInTheDocument();
    expect(loader.loadRemoteComponent).toHaveBeenCalledWith({ name: 'admin-console', module }, { retry: false });
  });

  it.each(['/admin/nothing-here', '/admin/constructor', '/admin/toString', '/admin/__proto__', '/admin/hasOwnProperty', '/admin/valueOf'])(
    'shows the not-found page for %s (not a page of the table, inherited names included)',
    (path) => {
      renderAt(path, ADMIN);
      expect(loader.loadRemoteComponent).not.toHaveBeenCalled();
      expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    },
  );

  it('sends a signed-out visitor to /admin-login', () => {
    renderAt('/admin/users', null);
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(loader.loadRemoteComponent).not.toHaveBeenCalled();
  });
});
