import { QUEUE_BOARD_PATH } from '@paycadence/contracts';
import { renderWithProviders, TEST_USER } from '@paycadence/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, auditEntry } from '../test/fixtures.js';
import { fail, serveApi, type StubServer } from '../test/server.js';
import { QUEUE_BOARD_FAILED } from '../components/QueueBoardButton.js';
import { SystemLogsPage } from './SystemLogsPage.js';

const page = (entries: ReturnType<typeof auditEntry>[], total = entries.length, pageNumber = 1) => ({ entries, page: pageNumber, pageSize: 50, total });

let server: StubServer;
beforeEach(() => {
  server = serveApi({
    logs: () =>
      page([
        auditEntry({ kind: 'admin.user-suspended', details: { reason: 'chargeback', notified: true } }),
        auditEntry({ kind: 'auth.sign-in-failed', actor: { id: null, email: null }, subject: { id: null, email: 'jo.park@example.com' }, userAgent: null, ip: null }),
      ]),
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = (user = ADMIN) => renderWithProviders(<SystemLogsPage />, { user });

describe('System Logs (the audit log)', () => {
  it('lists the entries: when, what, who, about whom, from where and details', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'System Logs' })).toBeInTheDocument();
    const suspended = (await screen.findByText('User suspended', { selector: 'td' })).closest('tr')!;
    expect(within(suspended).getByText(/^11\/24\/2026, \d{1,2}:05:09 (AM|PM)$/)).toBeInTheDocument();
    expect(within(suspended).getByText(ADMIN.email)).toBeInTheDocument();
    expect(within(suspended).getByText('jo.park@example.com')).toBeInTheDocument();
    expect(within(suspended).getByText('203.0.113.7')).toBeInTheDocument();
    expect(within(suspended).getByText('Chrome 131 on Linux')).toBeInTheDocument();
    expect(within(suspended).getByText('chargeback')).toBeInTheDocument();
    const failed = screen.getByText('Sign-in failed', { selector: 'td' }).closest('tr')!;
    expect(within(failed).getByText('Anonymous')).toBeInTheDocument();
    expect(within(failed).getByText('Unknown address')).toBeInTheDocument();
    expect(screen.getByText(/Page 1 of 1/)).toBeInTheDocument();
    expect(server.calls('logs')[0]!.query.toString()).toBe('page=1&pageSize=50');
  });

  it('filters by kind, user and dates through the query the contract defines', async () => {
    renderPage();
    await screen.findByText('User suspended', { selector: 'td' });
    const kind = screen.getByLabelText('Kind');
    expect(within(kind).getAllByRole('option').slice(0, 4).map((option) => option.textContent)).toEqual(['All events', 'All admin actions', 'All sign-in events', 'User created']);
    await userEvent.selectOptions(kind, 'All admin actions');
    await userEvent.type(screen.getByLabelText('User (id or e-mail)'), ' jo.park@example.com ');
    await userEvent.type(screen.getByLabelText('From'), '2026-11-01');
    await userEvent.type(screen.getByLabelText('To'), '2026-11-24');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(server.calls('logs')).toHaveLength(2));
    const query = server.calls('logs')[1]!.query;
    expect(query.get('kind')).toBe('admin');
    expect(query.get('user')).toBe('jo.park@example.com');
    expect(query.get('from')).toBe(new Date('2026-11-01T00:00:00.000').toISOString());
    expect(query.get('to')).toBe(new Date('2026-11-24T23:59:59.999').toISOString());
    expect(query.get('page')).toBe('1');

    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(server.calls('logs').at(-1)!.query.toString()).toBe('page=1&pageSize=50'));
    expect(screen.getByLabelText('Kind')).toHaveValue('');
  });

  it('refuses an end date before the start date without asking the server', async () => {
    renderPage();
    await screen.findByText('User suspended', { selector: 'td' });
    await userEvent.type(screen.getByLabelText('From'), '2026-11-10');
    await userEvent.type(screen.getByLabelText('To'), '2026-11-01');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByText('The end date must be on or after the start date')).toBeInTheDocument();
    expect(server.calls('logs')).toHaveLength(1);
  });

  it("pages with Previous and Next and says 'Page x of y'", async () => {
    server.use({ logs: ({ query }) => page([auditEntry()], 120, Number(query.get('page'))) });
    renderPage();
    expect(await screen.findByText(/Page 1 of 3/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(/Page 2 of 3/)).toBeInTheDocument();
    expect(server.calls('logs').at(-1)!.query.get('page')).toBe('2');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(/Page 3 of 3/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('says so when nothing matches', async () => {
    server.use({ logs: () => page([]) });
    renderPage();
    expect(await screen.findByText('No log entries match these filters.')).toBeInTheDocument();
  });

  it('shows an error with Try again when the log does not load', async () => {
    server.use({ logs: () => fail(503, 'The audit log is unavailable') });
    renderPage();
    expect(await screen.findByText('Could not load the system logs.')).toBeInTheDocument();
    expect(screen.getByText('Could not load the system logs.').closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByText('The audit log is unavailable')).toBeInTheDocument();
    server.use({ logs: () => page([auditEntry()]) });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('User suspended', { selector: 'td' })).toBeInTheDocument();
  });

  it('opens the job queues: asks for the board cookie, then points the new tab at the board', async () => {
    server.use({ queueBoardSession: () => undefined });
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: /Open job queues/ }));
    await waitFor(() => expect(tab.location.href).toBe(QUEUE_BOARD_PATH));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(server.calls('queueBoardSession')).toHaveLength(1);
  });

  it('closes the new tab and says so when the board cookie is refused', async () => {
    server.use({ queueBoardSession: () => fail(403, 'Forbidden') });
    const tab = { opener: null, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: /Open job queues/ }));
    await waitFor(() => expect(screen.getByText(QUEUE_BOARD_FAILED)).toBeInTheDocument());
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });

  it('shows Access Denied to a non-admin and loads nothing', () => {
    renderPage(TEST_USER);
    expect(screen.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Open job queues/ })).not.toBeInTheDocument();
    expect(server.calls('logs')).toHaveLength(0);
  });
});
