import type { AuthUser } from '@paycadence/contracts';
import { AuthProvider } from '@paycadence/web-kit';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { testSession } from '../auth/test-helpers';
import { Header } from './Header';

const user: AuthUser = {
  id: 'u1', email: 'ann@example.com', role: 'user', status: 'active', firstName: 'Ann', lastName: 'Lee',
  phone: null, dateOfBirth: null, address: null, created_at: '2026-01-01T00:00:00Z', mfa_enabled: false, email_confirmed: true,
};

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const renderHeader = (who: AuthUser | null, path = '/settings') =>
  render(
    <AuthProvider initialUser={who} initialSession={who ? testSession('at') : null}>
      <MemoryRouter initialEntries={[path]}>
        <Header />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </AuthProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('signed-in header (docs/product/signed-in.md §2)', () => {
  it('shows Dashboard and the Account menu; the Admin menu only for admins', async () => {
    renderHeader(user);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(within(nav).queryByRole('button', { name: 'Admin' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Sign In' })).toBeNull();
    await userEvent.click(within(nav).getByRole('button', { name: 'Account' }));
    const menu = within(nav).getByRole('list', { name: 'Account' });
    expect(within(menu).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Profile', '/profile'], ['Connected Accounts', '/connected-accounts'], ['Due-date planner', '/planner'], ['Family', '/household'], ['Settings', '/settings'],
    ]);
    expect(within(menu).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('gives admins the Admin menu', async () => {
    renderHeader({ ...user, role: 'admin' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await userEvent.click(within(nav).getByRole('button', { name: 'Admin' }));
    expect(within(within(nav).getByRole('list', { name: 'Admin' })).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/blog-admin', '/admin/users', '/admin/logs',
    ]);
  });

  it('closes a menu on Escape (focus back on its button) and on an outside click; arrow keys move through items', async () => {
    renderHeader(user);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const button = within(nav).getByRole('button', { name: 'Account' });
    await userEvent.click(button);
    const menu = within(nav).getByRole('list', { name: 'Account', hidden: true });
    const items = within(menu).getAllByRole('link');
    items[0].focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[1]);
    await userEvent.keyboard('{Escape}');
    expect(menu.hidden).toBe(true);
    expect(document.activeElement).toBe(button);
    await userEvent.click(button);
    expect(menu.hidden).toBe(false);
    fireEvent.mouseDown(document.body);
    expect(menu.hidden).toBe(true);
  });

  it('Logout returns home and ends the session', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetchMock);
    renderHeader(user);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await userEvent.click(within(nav).getByRole('button', { name: 'Account' }));
    await userEvent.click(within(nav).getByRole('button', { name: 'Logout' }));
    expect(screen.getByTestId('where').textContent).toBe('/');
    expect(await within(screen.getByRole('navigation', { name: 'Main' })).findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
  });
});
