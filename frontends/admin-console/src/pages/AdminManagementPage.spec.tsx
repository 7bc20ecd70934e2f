import { ADMIN_MESSAGES } from '@paycadence/contracts';
import { AuthProvider, SIGNED_IN_HINT_KEY } from '@paycadence/web-kit';
import { renderWithProviders, testSession, TEST_USER } from '@paycadence/web-kit/testing';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { actionAnswer, ADMIN, listedUser, usersPage, waitlistEntry, waitlistPage } from '../test/fixtures.js';
import { fail, never, serveApi, type StubServer } from '../test/server.js';
import { AdminManagementPage } from './AdminManagementPage.js';
import { AdminWaitlistPage } from './AdminWaitlistPage.js';
import { UserManagementPage } from './UserManagementPage.js';

const JO = listedUser({ id: '11111111-0000-4000-8000-000000000001', email: 'jo.park@example.com', name: 'Jo Park', has_security_key: true });
const SUE = listedUser({ id: '11111111-0000-4000-8000-000000000002', email: 'sue.moss@example.com', name: 'Sue Moss', status: 'suspended', last_sign_in_at: null });
const BOSS = listedUser({ id: '11111111-0000-4000-8000-000000000003', email: 'boss@example.com', name: null, firstName: null, lastName: null, role: 'admin' });
const LEE = waitlistEntry({ id: '22222222-0000-4000-8000-000000000001', email: 'lee.wait@example.com', name: 'Lee Wait', referral_source: 'landing' });
const KIM = waitlistEntry({ id: '22222222-0000-4000-8000-000000000002', email: 'kim@parkside.example', name: null, referral_source: 'paycheck-to-paycheck' });

let server: StubServer;
beforeEach(() => {
  server = serveApi({
    users: ({ query }) => usersPage([JO, SUE, BOSS])(query),
    waitlist: ({ query }) => waitlistPage([LEE, KIM])(query),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const renderAsAdmin = (ui = <AdminManagementPage />) => renderWithProviders(ui, { user: ADMIN, toasts: true });
const loaded = () => screen.findByRole('tab', { name: /Registered Users/ });
// Confirmations arrive as a toast (the app's one way to confirm an action).
const status = () => screen.getByRole('region', { name: 'Notifications' }).querySelector<HTMLElement>('.pc-toast__message')!;
const alert = () => screen.getAllByRole('alert').find((region) => region.closest('.ac-messages'))!;
const openWaitlist = async () => userEvent.click(screen.getByRole('tab', { name: /^Waitlist/ }));

describe('the two management pages (docs/product/signed-in.md §2)', () => {
  it("/admin: 'Waitlist & User Management' with the Admin Panel badge and its subtitle", async () => {
    renderAsAdmin();
    expect(screen.getByRole('heading', { level: 1, name: 'Waitlist & User Management' })).toBeInTheDocument();
    expect(screen.getByText('Admin Panel')).toBeInTheDocument();
    expect(screen.getByText('Manage user registrations, waitlist approvals, and user accounts')).toBeInTheDocument();
    await loaded();
    await waitFor(() => expect(document.title).toBe('Waitlist & User Management | PayCadence'));
  });

  it("/admin/users: 'User Management' with its own subtitle and no badge", async () => {
    renderAsAdmin(<UserManagementPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'User Management' })).toBeInTheDocument();
    expect(screen.getByText('Manage registered users, waitlist approvals, and create new accounts')).toBeInTheDocument();
    expect(screen.queryByText('Admin Panel')).not.toBeInTheDocument();
    await loaded();
  });

  it("shows 'Loading user data...' until both lists are in", async () => {
    server.use({ waitlist: never });
    renderAsAdmin();
    expect(await screen.findByText('Loading user data...')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('shows the three stat cards and the two tabs with their counts, Registered Users first', async () => {
    renderAsAdmin();
    await loaded();
    const stat = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(stat('Registered Users')).toBe('3');
    expect(stat('Waitlist Users')).toBe('2');
    expect(stat('Admin Users')).toBe('1');
    const tabs = within(screen.getByRole('tablist', { name: 'User lists' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Registered Users (3)', 'Waitlist (2)']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Create User' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Data' })).toBeInTheDocument();
  });

  it('moves between the tabs with the arrow keys', async () => {
    renderAsAdmin();
    const first = await loaded();
    first.focus();
    await userEvent.keyboard('{ArrowRight}');
    const waitlistTab = screen.getByRole('tab', { name: 'Waitlist (2)' });
    expect(waitlistTab).toHaveAttribute('aria-selected', 'true');
    expect(waitlistTab).toHaveFocus();
    expect(within(screen.getByRole('tabpanel')).getByText('lee.wait@example.com')).toBeInTheDocument();
  });

  it('/admin/waitlist opens on the Waitlist tab', async () => {
    renderAsAdmin(<AdminWaitlistPage />);
    expect(await screen.findByRole('tab', { name: 'Waitlist (2)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { level: 1, name: 'Waitlist & User Management' })).toBeInTheDocument();
  });
});

describe('the lists (docs/product/signed-in.md §3, §4)', () => {
  it('shows each user with e-mail, name, role, status, created and last sign-in (en-US short)', async () => {
    renderAsAdmin();
    await loaded();
    const row = screen.getByText('jo.park@example.com').closest('tr')!;
    expect(within(row).getByText('Jo Park')).toBeInTheDocument();
    expect(within(row).getByText('Standard User')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('03/04/2026')).toBeInTheDocument();
    expect(within(row).getByText('11/20/2026')).toBeInTheDocument();
    const sue = screen.getByText('sue.moss@example.com').closest('tr')!;
    expect(within(sue).getByText('Suspended')).toBeInTheDocument();
    expect(within(sue).getByText('Never')).toBeInTheDocument();
    expect(within(screen.getByText('boss@example.com').closest('tr')!).getByText('Administrator')).toBeInTheDocument();
  });

  it('shows which users have a security key or passkey, and nothing of the keys themselves', async () => {
    renderAsAdmin();
    await loaded();
    expect(screen.getByRole('columnheader', { name: 'Security key' })).toBeInTheDocument();
    const keyCell = (email: string) => within(screen.getByText(email).closest('tr')!).getAllByRole('cell')[4];
    expect(keyCell('jo.park@example.com')).toHaveAttribute('data-label', 'Security key');
    expect(keyCell('jo.park@example.com')).toHaveTextContent('Yes');
    expect(keyCell('sue.moss@example.com')).toHaveTextContent('None');
  });

  it('offers Suspend for an active user, Activate for a suspended one, and nothing for an admin', async () => {
    renderAsAdmin();
    await loaded();
    expect(within(screen.getByText('jo.park@example.com').closest('tr')!).getByRole('button', { name: /^Suspend/ })).toBeInTheDocument();
    expect(within(screen.getByText('sue.moss@example.com').closest('tr')!).getByRole('button', { name: /^Activate/ })).toBeInTheDocument();
    expect(within(screen.getByText('boss@example.com').closest('tr')!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows each waitlist entry with e-mail, name, Source, joined date, Approve and Remove', async () => {
    renderAsAdmin();
    await loaded();
    await openWaitlist();
    expect(screen.getByRole('columnheader', { name: 'Source' })).toBeInTheDocument();
    const row = screen.getByText('lee.wait@example.com').closest('tr')!;
    expect(within(row).getByText('Lee Wait')).toBeInTheDocument();
    expect(within(row).getByText('landing')).toBeInTheDocument();
    expect(within(row).getByText('10/01/2026')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Approve lee.wait@example.com' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Remove lee.wait@example.com' })).toBeInTheDocument();
  });

  it('falls back to empty lists, silently, when the lists do not load (docs/product/signed-in.md §7, §8)', async () => {
    server.use({ users: () => fail(500, 'boom'), waitlist: () => fail(503, 'down') });
    renderAsAdmin();
    expect(await screen.findByText('No registered users found.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Registered Users (0)' })).toBeInTheDocument();
    expect(alert()).toBeEmptyDOMElement();
    await openWaitlist();
    expect(screen.getByText('No waitlist users found.')).toBeInTheDocument();
  });
});

describe('search (docs/product/signed-in.md §2), done by the server', () => {
  const searches = (name: 'users' | 'waitlist') => server.calls(name).map((call) => call.query.get('search'));

  it('sends the text to both lists once typing pauses, and the tab counts are the totals the server found', async () => {
    renderAsAdmin();
    await loaded();
    const search = screen.getByPlaceholderText('Search by email or name...');
    await userEvent.type(search, 'PARK');
    // 'Jo Park' by the last name; no waitlist entry's address or name starts with it
    expect(await screen.findByRole('tab', { name: 'Registered Users (1)' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Waitlist (0)' })).toBeInTheDocument();
    expect(screen.queryByText('sue.moss@example.com')).not.toBeInTheDocument();
    // one request for the word, none for each letter typed on the way
    expect(searches('users')).toEqual([null, 'PARK']);
    expect(searches('waitlist')).toEqual([null, 'PARK']);
    // the stat cards keep the totals
    expect(screen.getByText('Registered Users', { selector: 'dt' }).nextElementSibling).toHaveTextContent('3');

    await userEvent.clear(search);
    await userEvent.type(search, 'lee w');
    expect(await screen.findByRole('tab', { name: 'Registered Users (0)' })).toBeInTheDocument();
    expect(screen.getByText('No registered users found.')).toBeInTheDocument();
    await openWaitlist();
    expect(await screen.findByText('lee.wait@example.com')).toBeInTheDocument();
    expect(screen.queryByText('kim@parkside.example')).not.toBeInTheDocument();
    expect(searches('waitlist').at(-1)).toBe('lee w');
  });

  it('starts a searched list from its first page again', async () => {
    const many = Array.from({ length: 120 }, (_, n) =>
      listedUser({ id: `33333333-0000-4000-8000-${String(n).padStart(12, '0')}`, email: `user${String(n).padStart(3, '0')}@example.com`, name: null, created_at: `2026-01-01T00:00:${String(n % 60).padStart(2, '0')}.${String(n).padStart(3, '0')}Z` }),
    );
    server.use({ users: ({ query }) => usersPage(many)(query) });
    renderAsAdmin();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(/^Showing 51–100 of 120/)).toBeInTheDocument();
    await userEvent.type(screen.getByPlaceholderText('Search by email or name...'), 'user1');
    expect(await screen.findByText(/^Showing 1–20 of 20/)).toBeInTheDocument();
    const last = server.calls('users').at(-1)!.query;
    expect(last.get('search')).toBe('user1');
    expect(last.has('after')).toBe(false);
  });
});

describe('pages and order (docs/product/signed-in.md §2)', () => {
  const many = Array.from({ length: 120 }, (_, n) =>
    listedUser({
      id: `44444444-0000-4000-8000-${String(n).padStart(12, '0')}`,
      email: `u${String(n).padStart(3, '0')}@example.com`,
      name: null,
      created_at: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
    }),
  );
  beforeEach(() => server.use({ users: ({ query }) => usersPage(many)(query) }));
  const pager = () => screen.getByRole('navigation', { name: 'Registered users pages' });

  it("pages with Previous and Next, saying 'Showing 51–100 of 120 · Page 2 of 3' in a live region", async () => {
    renderAsAdmin();
    await loaded();
    expect(within(pager()).getByText(/Showing 1–50 of 120/)).toHaveAttribute('aria-live', 'polite');
    expect(within(pager()).getByText(/Page 1 of 3/)).toBeInTheDocument();
    expect(within(pager()).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getAllByRole('row')).toHaveLength(51); // the header and 50 accounts

    await userEvent.click(within(pager()).getByRole('button', { name: 'Next' }));
    expect(await within(pager()).findByText(/Showing 51–100 of 120/)).toBeInTheDocument();
    expect(within(pager()).getByText(/Page 2 of 3/)).toBeInTheDocument();
    expect(server.calls('users').at(-1)!.query.get('after')).toBe('at:50');
    await userEvent.click(within(pager()).getByRole('button', { name: 'Next' }));
    expect(await within(pager()).findByText(/Showing 101–120 of 120/)).toBeInTheDocument();
    expect(within(pager()).getByRole('button', { name: 'Next' })).toBeDisabled();
    // newest first: the last page holds the oldest accounts
    expect(screen.getByText('u000@example.com')).toBeInTheDocument();

    await userEvent.click(within(pager()).getByRole('button', { name: 'Previous' }));
    expect(await within(pager()).findByText(/Showing 51–100 of 120/)).toBeInTheDocument();
    expect(server.calls('users').at(-1)!.query.get('before')).toBe('at:100');
  });

  it('sorts on the server by the chosen order, from the first page', async () => {
    renderAsAdmin();
    await loaded();
    await userEvent.click(within(pager()).getByRole('button', { name: 'Next' }));
    await within(pager()).findByText(/Showing 51–100/);
    await userEvent.selectOptions(screen.getByLabelText('Sort users'), 'Email A–Z');
    expect(await within(pager()).findByText(/Showing 1–50 of 120/)).toBeInTheDocument();
    const query = server.calls('users').at(-1)!.query;
    expect([query.get('sort'), query.get('direction'), query.has('after')]).toEqual(['email', 'asc', false]);
    expect(screen.getAllByRole('row')[1]).toHaveTextContent('u000@example.com');
  });

  it("offers no pager for an empty list, and reads 'about' for the server's estimates", async () => {
    server.use({
      users: ({ query }) => ({ ...usersPage(many)(query), total: 1_200_000, totalEstimated: true, counters: { registered: 1_200_000, admins: 2, estimated: true } }),
      waitlist: ({ query }) => waitlistPage([])(query),
    });
    renderAsAdmin();
    await loaded();
    expect(within(pager()).getByText(/Showing 1–50 of about 1,200,000/)).toBeInTheDocument();
    expect(screen.getByText('Registered Users', { selector: 'dt' }).nextElementSibling).toHaveTextContent('about 1,200,000');
    await openWaitlist();
    expect(screen.queryByRole('navigation', { name: 'Waitlist pages' })).not.toBeInTheDocument();
  });
});

describe('waitlist actions (docs/product/signed-in.md §4, §5, §8)', () => {
  it("approves with {email}, shows the server's message in green and reloads the lists", async () => {
    server.use({ approveUser: () => actionAnswer('User lee.wait@example.com approved. A set-password link was e-mailed.') });
    renderAsAdmin();
    await loaded();
    await openWaitlist();
    await userEvent.click(screen.getByRole('button', { name: 'Approve lee.wait@example.com' }));
    await waitFor(() => expect(status()).toHaveTextContent('User lee.wait@example.com approved. A set-password link was e-mailed.'));
    expect(status().closest('.pc-toast--success')).not.toBeNull();
    expect(server.calls('approveUser')[0]!.body).toEqual({ email: 'lee.wait@example.com' });
    expect(server.calls('approveUser')[0]!.authorization).toBe(`Bearer ${testSession().access_token}`);
    await waitFor(() => expect(server.calls('waitlist')).toHaveLength(2));
    expect(server.calls('users')).toHaveLength(2);
  });

  it("falls back to 'User {email} approved successfully!' when the server sends no words", async () => {
    server.use({ approveUser: () => actionAnswer('') });
    renderAsAdmin();
    await loaded();
    await openWaitlist();
    await userEvent.click(screen.getByRole('button', { name: 'Approve lee.wait@example.com' }));
    await waitFor(() => expect(status()).toHaveTextContent('User lee.wait@example.com approved successfully!'));
  });

  it("shows 'Failed to approve user' in red, with the server's reason under it", async () => {
    server.use({ approveUser: () => fail(409, ADMIN_MESSAGES.accountExists) });
    renderAsAdmin();
    await loaded();
    await openWaitlist();
    await userEvent.click(screen.getByRole('button', { name: 'Approve lee.wait@example.com' }));
    await waitFor(() => expect(alert().querySelector('.ac-message__text')).toHaveTextContent(/^Failed to approve user$/));
    expect(alert()).toHaveTextContent(ADMIN_MESSAGES.accountExists);
    expect(alert().querySelector('.pc-alert--error')).not.toBeNull();
    expect(status()).toBeNull();
  });

  it('asks the exact question before removing; Cancel keeps the entry', async () => {
    renderAsAdmin();
    await loaded();
    await openWaitlist();
    const removeButton = screen.getByRole('button', { name: 'Remove lee.wait@example.com' });
    await userEvent.click(removeButton);
    const dialog = screen.getByRole('dialog', { name: 'Remove from waitlist' });
    expect(within(dialog).getByText('Are you sure you want to remove this user from the waitlist?')).toBeInTheDocument();
    expect(within(dialog).getByText('lee.wait@example.com')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls('removeFromWaitlist')).toHaveLength(0);
    await waitFor(() => expect(removeButton).toHaveFocus());
  });

  it("removes after the confirm: DELETE /waitlist/{id}, 'User removed from waitlist', lists reload", async () => {
    let removed = false;
    server.use({ waitlist: ({ query }) => waitlistPage(removed ? [KIM] : [LEE, KIM])(query), removeFromWaitlist: () => ((removed = true), actionAnswer('Removed')) });
    renderAsAdmin();
    await loaded();
    await openWaitlist();
    await userEvent.click(screen.getByRole('button', { name: 'Remove lee.wait@example.com' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(status()).toHaveTextContent(/^User removed from waitlist$/));
    expect(server.calls('removeFromWaitlist')[0]!.params).toEqual({ id: LEE.id });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(server.calls('waitlist')).toHaveLength(2));
    // the row is gone after the reload: focus lands on the open tab, with its new count
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Waitlist (1)' })).toHaveFocus());
  });

  it("the confirm reads 'Removing...' while the removal runs", async () => {
    server.use({ removeFromWaitlist: never });
    renderAsAdmin();
    await loaded();
    await openWaitlist();
    await userEvent.click(screen.getByRole('button', { name: 'Remove lee.wait@example.com' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('Removing...')).toBeInTheDocument();
  });

  it("shows 'Failed to remove user' when the removal is refused", async () => {
    server.use({ removeFromWaitlist: () => fail(500) });
    renderAsAdmin();
    await loaded();
    await openWaitlist();
    await userEvent.click(screen.getByRole('button', { name: 'Remove lee.wait@example.com' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(alert()).toHaveTextContent(/^Failed to remove user$/));
  });
});

describe('suspend and activate (docs/product/signed-in.md §4, §8)', () => {
  const suspendDialog = () => screen.getByRole('dialog', { name: 'Suspend user' });

  it("asks first; after the confirm: {userId, status: 'suspended'}, 'User suspended successfully!', lists reload", async () => {
    server.use({ toggleUserStatus: () => actionAnswer('Done') });
    renderAsAdmin();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Suspend jo.park@example.com' }));
    expect(within(suspendDialog()).getByText(ADMIN_MESSAGES.suspendConfirm)).toBeInTheDocument();
    expect(within(suspendDialog()).getByText('jo.park@example.com')).toBeInTheDocument();
    expect(server.calls('toggleUserStatus')).toHaveLength(0);
    await userEvent.click(within(suspendDialog()).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(status()).toHaveTextContent(/^User suspended successfully!$/));
    expect(server.calls('toggleUserStatus')[0]!.body).toEqual({ userId: JO.id, status: 'suspended' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(server.calls('users')).toHaveLength(2));
  });

  it('Cancel (or Escape) changes nothing and gives the focus back to the Suspend button', async () => {
    renderAsAdmin();
    await loaded();
    const suspend = screen.getByRole('button', { name: 'Suspend jo.park@example.com' });
    await userEvent.click(suspend);
    await waitFor(() => expect(within(suspendDialog()).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await userEvent.click(within(suspendDialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(suspend).toHaveFocus());
    await userEvent.click(suspend);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls('toggleUserStatus')).toHaveLength(0);
    expect(server.calls('users')).toHaveLength(1);
  });

  it("the confirm reads 'Suspending...' while the change runs", async () => {
    server.use({ toggleUserStatus: never });
    renderAsAdmin();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Suspend jo.park@example.com' }));
    await userEvent.click(within(suspendDialog()).getByRole('button', { name: 'Suspend' }));
    expect(await within(suspendDialog()).findByText('Suspending...')).toBeInTheDocument();
  });

  it("activates a suspended user at once: 'User activated successfully!'", async () => {
    server.use({ toggleUserStatus: () => actionAnswer('Done') });
    renderAsAdmin();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Activate sue.moss@example.com' }));
    await waitFor(() => expect(status()).toHaveTextContent(/^User activated successfully!$/));
    expect(server.calls('toggleUserStatus')[0]!.body).toEqual({ userId: SUE.id, status: 'active' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows 'Failed to update user status' when refused", async () => {
    server.use({ toggleUserStatus: () => fail(403, ADMIN_MESSAGES.adminStatusFixed) });
    renderAsAdmin();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Suspend jo.park@example.com' }));
    await userEvent.click(within(suspendDialog()).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(alert().querySelector('.ac-message__text')).toHaveTextContent(/^Failed to update user status$/));
    expect(alert()).toHaveTextContent(ADMIN_MESSAGES.adminStatusFixed);
  });
});

describe('Create New User (docs/product/signed-in.md §2, §5, §8)', () => {
  const openModal = async () => {
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Create User' }));
    return screen.getByRole('dialog', { name: 'Create New User' });
  };

  it('checks the fields with the shared schema and focuses the first error', async () => {
    renderAsAdmin();
    const dialog = await openModal();
    await waitFor(() => expect(within(dialog).getByLabelText('Email')).toHaveFocus());
    expect(within(dialog).getByLabelText('Role')).toHaveValue('user');
    expect(within(dialog).getAllByRole('option').map((option) => option.textContent)).toEqual(['Standard User', 'Administrator']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Password is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toHaveFocus();
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(within(dialog).getByLabelText('Email'), 'new.person@example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), '12345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(within(dialog).getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Password')).toHaveFocus();
    expect(server.calls('createUser')).toHaveLength(0);
  });

  it('closes on Escape without creating anyone', async () => {
    renderAsAdmin();
    await openModal();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls('createUser')).toHaveLength(0);
  });

  it("creates the user, closes, shows the server's message and reloads the lists", async () => {
    server.use({ createUser: () => actionAnswer('User new.person@example.com created') });
    renderAsAdmin();
    const dialog = await openModal();
    await userEvent.type(within(dialog).getByLabelText('Email'), 'New.Person@Example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'secret1');
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'Administrator');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    await waitFor(() => expect(status()).toHaveTextContent('User new.person@example.com created'));
    expect(server.calls('createUser')[0]!.body).toEqual({ email: 'new.person@example.com', password: 'secret1', role: 'admin' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(server.calls('users')).toHaveLength(2));
  });

  it("falls back to 'User created successfully!'", async () => {
    server.use({ createUser: () => actionAnswer(' ') });
    renderAsAdmin();
    const dialog = await openModal();
    await userEvent.type(within(dialog).getByLabelText('Email'), 'new.person@example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'secret1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    await waitFor(() => expect(status()).toHaveTextContent(/^User created successfully!$/));
  });

  it("shows 'Failed to create user: {error}' in the dialog and keeps what was typed", async () => {
    server.use({ createUser: () => fail(409, ADMIN_MESSAGES.accountExists) });
    renderAsAdmin();
    const dialog = await openModal();
    await userEvent.type(within(dialog).getByLabelText('Email'), 'jo.park@example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'secret1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await within(dialog).findByText(`Failed to create user: ${ADMIN_MESSAGES.accountExists}`)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toHaveValue('jo.park@example.com');
  });

  it("shows 'Failed to create user' when the server gives no reason", async () => {
    server.use({ createUser: () => fail(502) });
    renderAsAdmin();
    const dialog = await openModal();
    await userEvent.type(within(dialog).getByLabelText('Email'), 'x@example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'secret1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await within(dialog).findByText(/^Failed to create user$/)).toBeInTheDocument();
  });
});

describe('who may see the pages (docs/product/signed-in.md §2)', () => {
  it("shows Access Denied with a way to the dashboard to a signed-in non-admin, and calls nothing", async () => {
    renderWithProviders(<UserManagementPage />, { user: TEST_USER });
    expect(screen.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to access this page.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('heading', { name: 'User Management' })).not.toBeInTheDocument();
    expect(server.calls('users')).toHaveLength(0);
  });

  it('shows a spinner while the signed-in user is not known yet', async () => {
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    vi.stubGlobal('fetch', vi.fn(never)); // the session being restored: POST /api/auth/refresh never answers
    render(
      <AuthProvider>
        <MemoryRouter>
          <AdminManagementPage />
        </MemoryRouter>
      </AuthProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('heading', { name: 'Access Denied' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Waitlist & User Management' })).not.toBeInTheDocument();
  });
});
