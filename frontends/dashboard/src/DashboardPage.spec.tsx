import { addDays, computeForecast, SCHEDULE_PREVIEW_COUNT } from '@paycadence/finance-rules';
import { DEFAULT_PREFERENCES, formatMoney, savePreferences } from '@paycadence/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardPage } from './DashboardPage.js';
import { localToday } from './model/dashboard-model.js';
import { MESSAGES, VIEW_STORAGE_KEY } from './model/messages.js';
import { dashboardBody, fixtureRows, jsonResponse, NO_ROWS, timelineBody, type FixtureRows } from './test/fixtures.js';
import { renderWithProviders, TEST_USER } from '@paycadence/web-kit/testing';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response> | undefined;
let fetchMock: ReturnType<typeof vi.fn>;

function serve(handler: Handler) {
  fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => (await handler(String(input), init)) ?? jsonResponse({ message: 'Not found' }, 404));
  vi.stubGlobal('fetch', fetchMock);
}

/** Calls to a path (query string aside). */
const calls = (method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).split('?')[0]!.endsWith(path) && ((init as RequestInit)?.method ?? 'GET') === method);

const today = localToday();

/**
 * Stands in for services/finance: the dashboard for the `today` and `laterWindowDays` asked for, the timeline of
 * the range asked for, no bank suggestions; `other` answers anything else first.
 */
function financeServer(rows: (day: string) => FixtureRows = fixtureRows, other?: Handler): Handler {
  return (url, init) => {
    const answer = other?.(url, init);
    if (answer) return answer;
    const { pathname, searchParams } = new URL(url, 'http://gateway');
    if (pathname.endsWith('/suggestions')) return jsonResponse({ bills: [], income: [] });
    if (init.method === 'DELETE') return new Response(null, { status: 204 });
    if (init.method === 'POST' || init.method === 'PUT') {
      // A saved bill or income source as the CRUD routes answer it (dollars, docs/product/signed-in.md §3); a bill
      // also says whether its due day can move (here any day, as for a category that allows it).
      const stamp = '2026-01-01T00:00:00Z';
      const dueDay = pathname.includes('/bills') ? { due_day_flexible: 'yes', due_day_min: 1, due_day_max: 31 } : {};
      return jsonResponse({ id: pathname.split('/').pop(), ...JSON.parse(String(init.body)), ...dueDay, created_at: stamp, updated_at: stamp });
    }
    const day = searchParams.get('today') ?? today;
    if (pathname.endsWith('/timeline')) return jsonResponse(timelineBody(searchParams.get('from')!, searchParams.get('to')!, rows(day)));
    return jsonResponse(dashboardBody(day, rows(day), Number(searchParams.get('laterWindowDays') ?? 7)));
  };
}

beforeEach(() => serve(financeServer()));
afterEach(() => vi.unstubAllGlobals());

describe('DashboardPage overview', () => {
  it("renders the summary, schedule, windows and tips of the server's answer", async () => {
    const body = dashboardBody(today);
    renderWithProviders(<DashboardPage />);
    expect(await screen.findByRole('heading', { level: 1, name: /Hi Sam!/ })).toBeInTheDocument();
    const summary = await screen.findByRole('region', { name: 'Monthly summary' });
    expect(within(summary).getByText(formatMoney(body.summary.monthlyIncomeCents / 100))).toBeInTheDocument();
    expect(within(summary).getByText(formatMoney(body.summary.monthlyBillsCents / 100))).toBeInTheDocument();

    // docs/product/signed-in.md §2: 5 schedule items first, expandable.
    const schedule = screen.getByRole('list', { name: 'Suggested payments' });
    expect(within(schedule).getAllByRole('listitem')).toHaveLength(Math.min(SCHEDULE_PREVIEW_COUNT, body.paymentSchedule.length));
    expect(body.paymentSchedule.length).toBeGreaterThan(SCHEDULE_PREVIEW_COUNT);
    await userEvent.click(screen.getByRole('button', { name: `Show all ${body.paymentSchedule.length} payments` }));
    expect(within(schedule).getAllByRole('listitem')).toHaveLength(body.paymentSchedule.length);

    const tips = screen.getByRole('list', { name: 'Tips' });
    expect(within(tips).getAllByRole('listitem')).toHaveLength(body.tips.length);
    expect(body.tips.length).toBeLessThanOrEqual(4);
    expect(screen.getByText('Quick Stats')).toBeInTheDocument();
    expect(screen.getByText('Pro Tip')).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.noSuggestions)).toBeInTheDocument();
    // The bearer token of the session goes with the one dashboard request.
    const [, init] = calls('GET', '/api/financial/dashboard-with-insights')[0]!;
    expect((init as RequestInit).headers).toMatchObject({ Authorization: 'Bearer token-1' });
  });

  it('asks the server for a Later window 7 days longer and shrinks it back', async () => {
    renderWithProviders(<DashboardPage />);
    const later = await screen.findByRole('region', { name: 'Later' });
    const { formatDate } = await import('@paycadence/web-kit');
    expect(within(later).getByText(`${formatDate(addDays(today, 15))} – ${formatDate(addDays(today, 21))}`)).toBeInTheDocument();
    await userEvent.click(within(later).getByRole('button', { name: 'Show next 7 days' }));
    expect(await within(later).findByText(`${formatDate(addDays(today, 15))} – ${formatDate(addDays(today, 28))}`)).toBeInTheDocument();
    expect(calls('GET', '/api/financial/dashboard-with-insights').map(([url]) => new URL(String(url), 'http://gateway').searchParams.get('laterWindowDays'))).toEqual(['7', '14']);
    await userEvent.click(within(later).getByRole('button', { name: 'Show less' }));
    expect(await within(later).findByText(`${formatDate(addDays(today, 15))} – ${formatDate(addDays(today, 21))}`)).toBeInTheDocument();
  });

  it('hides a week panel and shows 3 items until show more', async () => {
    renderWithProviders(<DashboardPage />);
    const thisWeek = await screen.findByRole('region', { name: 'This Week' });
    const list = within(thisWeek).getByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(within(thisWeek).getByRole('button', { name: /Show more/ }));
    expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(3);
    await userEvent.click(within(thisWeek).getByRole('button', { name: 'Hide This Week' }));
    expect(within(thisWeek).queryByRole('list')).toBeNull();
  });

  it("explains a positive safe to spend beside a plan where this month's bills exceed its income", async () => {
    const short: FixtureRows = {
      ...NO_ROWS,
      bills: [{ id: 'rent', name: 'Rent', amountCents: 300_000, dueDate: addDays(today, 20), priority: 'high', category: 'rent', recurring: 'monthly' }],
      income: [{ id: 'pay', source: 'Salary', amountCents: 200_000, frequency: 'monthly', nextDate: addDays(today, 5) }],
    };
    const body = dashboardBody(today, short);
    const forecast = computeForecast({ bills: short.bills, incomes: short.income, today, bankBalanceCents: 90_000 });
    serve((url) => (url.includes('/dashboard-with-insights') ? jsonResponse({ ...body, forecast: { ...forecast, bankBalanceAsOf: null } }) : undefined));
    renderWithProviders(<DashboardPage />);
    const summary = await screen.findByRole('region', { name: 'Monthly summary' });
    expect(summary).toHaveTextContent('Bills exceed income this month');
    const safe = screen.getByTestId('safe-to-spend');
    expect(within(safe).getByText('$900.00')).toBeInTheDocument();
    expect(within(safe).getByTestId('month-short')).toHaveTextContent("Only until payday: this month's bills exceed this month's income.");
  });

  it('greets by e-mail local part and shows the Admin badge for admins', async () => {
    renderWithProviders(<DashboardPage />, { user: { ...TEST_USER, firstName: '', role: 'admin' } });
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toContain('Hi sam.rivera!');
    expect(within(heading).getByText('Admin')).toBeInTheDocument();
  });
});

describe("DashboardPage's today (the browser's local date)", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
  });

  it('asks for the local date in the evening west of UTC and shows the windows of that day', async () => {
    vi.stubEnv('TZ', 'America/New_York');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-11T01:30:00Z')); // 21:30 on March 10 in New York
    // The server computes for the date it is sent (as services/finance does within a day of UTC).
    serve(financeServer());
    renderWithProviders(<DashboardPage />);
    const later = await screen.findByRole('region', { name: 'Later' });
    const [url] = calls('GET', '/api/financial/dashboard-with-insights')[0]!;
    expect(String(url)).toBe('/api/financial/dashboard-with-insights?today=2026-03-10&laterWindowDays=7');
    const { formatDate } = await import('@paycadence/web-kit');
    // Both Later windows the server sends start from March 10 + 15.
    expect(within(later).getByText(`${formatDate('2026-03-25')} – ${formatDate('2026-03-31')}`)).toBeInTheDocument();
    await userEvent.click(within(later).getByRole('button', { name: 'Show next 7 days' }));
    expect(await within(later).findByText(`${formatDate('2026-03-25')} – ${formatDate('2026-04-07')}`)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Planner' }));
    expect(screen.getByText(/^Planner:/).textContent).toContain(formatDate('2026-03-10'));
    const [timelineUrl] = calls('GET', '/api/financial/timeline')[0]!;
    expect(String(timelineUrl)).toBe('/api/financial/timeline?today=2026-03-10&from=2026-03-10&to=2026-04-09');
  });

  it("falls back to the server's date when it refuses the device's (clock more than a day off)", async () => {
    serve(
      financeServer(fixtureRows, (url) => {
        if (!url.includes('today=')) return undefined;
        const message = "today must be within 1 day of the server's date (2026-03-10 UTC); check the device's date";
        return jsonResponse({ message, errors: { today: message } }, 400);
      }),
    );
    renderWithProviders(<DashboardPage />);
    expect(await screen.findByRole('region', { name: 'This Week' })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.loadFailed)).toBeNull();
    expect(calls('GET', '/api/financial/dashboard-with-insights').map(([url]) => String(url))).toEqual([
      `/api/financial/dashboard-with-insights?today=${today}&laterWindowDays=7`,
      '/api/financial/dashboard-with-insights?laterWindowDays=7',
    ]);
  });
});

describe('DashboardPage messages and empty states', () => {
  it('shows the load error and empty lists when the request fails', async () => {
    serve(() => {
      throw new TypeError('offline');
    });
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('offline')));
    renderWithProviders(<DashboardPage />);
    expect(await screen.findByText(MESSAGES.loadFailed)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.noBills)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.noIncome)).toBeInTheDocument();
  });

  it('shows every empty state with no data', async () => {
    serve(financeServer(() => NO_ROWS));
    renderWithProviders(<DashboardPage />);
    expect(await screen.findByText(MESSAGES.noBills)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.noIncome)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.noAnalysis)).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.noSuggestions)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Planner' }));
    expect(await screen.findByText(MESSAGES.noUpcoming)).toBeInTheDocument();
  });

  it('shows the server message after Sync Bank Data and clears it after 5 seconds', async () => {
    serve(financeServer(fixtureRows, (url) => (url.endsWith('/sync-bank-data') ? jsonResponse({ message: 'No bank account is connected yet.' }, 409) : undefined)));
    renderWithProviders(<DashboardPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sync Bank Data' }));
    expect(await screen.findByText('No bank account is connected yet.')).toBeInTheDocument();
    expect(screen.getByText(/Last updated:/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('No bank account is connected yet.')).toBeNull(), { timeout: 6_000 });
  }, 10_000);
});

describe('DashboardPage views', () => {
  it('remembers the chosen view in localStorage', async () => {
    const first = renderWithProviders(<DashboardPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Calendar' }));
    expect(window.localStorage.getItem(VIEW_STORAGE_KEY)).toBe('calendar');
    expect(screen.getByRole('grid')).toBeInTheDocument();
    first.unmount();
    renderWithProviders(<DashboardPage />);
    expect(await screen.findByRole('grid')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Calendar' }).getAttribute('aria-pressed')).toBe('true');
  });
  it('opens on the default view saved in Settings (docs/product/accounts.md §2), whatever view was used last', async () => {
    window.localStorage.setItem(VIEW_STORAGE_KEY, 'calendar');
    savePreferences({ ...DEFAULT_PREFERENCES, defaultView: 'planner' });
    renderWithProviders(<DashboardPage />);
    expect(await screen.findByText('Total Income')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Planner' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('Bill and income forms', () => {
  it('starts with the defaults, blocks empty required fields and posts a valid bill', async () => {
    renderWithProviders(<DashboardPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add bill' }));
    const form = screen.getByRole('form', { name: 'Add a bill' });
    expect((within(form).getByLabelText('Priority') as HTMLSelectElement).value).toBe('medium');
    expect((within(form).getByLabelText('Category') as HTMLSelectElement).value).toBe('utilities');
    expect((within(form).getByLabelText('Repeats') as HTMLSelectElement).value).toBe('monthly');
    expect(within(form).getByLabelText('Amount ($)').getAttribute('step')).toBe('0.01');

    await userEvent.click(within(form).getByRole('button', { name: 'Add bill' }));
    expect(within(form).getByText('Name is required')).toBeInTheDocument();
    expect(within(form).getByText('Amount is required')).toBeInTheDocument();
    expect(within(form).getByText('Due date is required')).toBeInTheDocument();
    expect(calls('POST', '/api/financial/bills')).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText('Bill name'), 'Water');
    await userEvent.type(within(form).getByLabelText('Amount ($)'), '45.25');
    await userEvent.type(within(form).getByLabelText('Due date'), '2030-01-15');
    const loadsBefore = calls('GET', '/api/financial/dashboard-with-insights').length;
    await userEvent.click(within(form).getByRole('button', { name: 'Add bill' }));

    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add a bill' })).toBeNull());
    const [, init] = calls('POST', '/api/financial/bills')[0]!;
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({
      name: 'Water', amount: 45.25, due_date: '2030-01-15', priority: 'medium', category: 'utilities', recurring: 'monthly',
    });
    // docs/product/signed-in.md §4: after saving, the data reloads.
    await waitFor(() => expect(calls('GET', '/api/financial/dashboard-with-insights').length).toBeGreaterThan(loadsBefore));
    // ...and the form reopens reset to the defaults.
    await userEvent.click(screen.getByRole('button', { name: 'Add bill' }));
    expect((screen.getByLabelText('Bill name') as HTMLInputElement).value).toBe('');
  });

  it('prefills the edit form and PUTs the bill', async () => {
    renderWithProviders(<DashboardPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Rent' }));
    const form = screen.getByRole('form', { name: 'Edit bill' });
    const rent = fixtureRows(today).bills[0]!;
    expect((within(form).getByLabelText('Bill name') as HTMLInputElement).value).toBe('Rent');
    expect((within(form).getByLabelText('Amount ($)') as HTMLInputElement).value).toBe('1450.00');
    expect((within(form).getByLabelText('Due date') as HTMLInputElement).value).toBe(rent.dueDate);
    expect((within(form).getByLabelText('Priority') as HTMLSelectElement).value).toBe('high');
    await userEvent.click(within(form).getByRole('button', { name: 'Update bill' }));
    await waitFor(() => expect(calls('PUT', '/api/financial/bills/b1')).toHaveLength(1));
  });

  it('shows the save failure message of docs/product/signed-in.md §8', async () => {
    serve(financeServer(fixtureRows, (url, init) => (url.endsWith('/income') && init.method === 'POST' ? jsonResponse({ message: 'boom' }, 500) : undefined)));
    renderWithProviders(<DashboardPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add income' }));
    const form = screen.getByRole('form', { name: 'Add an income source' });
    expect((within(form).getByLabelText('Frequency') as HTMLSelectElement).value).toBe('monthly');
    await userEvent.type(within(form).getByLabelText('Source'), 'Bakery');
    await userEvent.type(within(form).getByLabelText('Amount ($)'), '900');
    await userEvent.type(within(form).getByLabelText('Next pay date'), '2030-02-01');
    await userEvent.click(within(form).getByRole('button', { name: 'Add income' }));
    expect(await within(form).findByText(MESSAGES.saveIncomeFailed)).toBeInTheDocument();
  });

  it('deletes a bill after its undo offer, and shows the failure message when the delete fails', async () => {
    serve(financeServer(fixtureRows, (_url, init) => (init.method === 'DELETE' ? jsonResponse({ message: 'nope' }, 500) : undefined)));
    renderWithProviders(<DashboardPage />, { toasts: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Gym' }));
    expect(within(screen.getByRole('list', { name: 'Bills' })).queryByText('Gym')).toBeNull();
    expect(screen.getByText('Bill “Gym” deleted.')).toBeInTheDocument();
    expect(calls('DELETE', '/api/financial/bills/b5')).toHaveLength(0); // waits for the offer to run out
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(await screen.findByText(MESSAGES.deleteBillFailed)).toBeInTheDocument();
    expect(calls('DELETE', '/api/financial/bills/b5')).toHaveLength(1);
    expect(await within(screen.getByRole('list', { name: 'Bills' })).findByText('Gym')).toBeInTheDocument();
  });

  it('Undo brings the bill back and never sends the delete', async () => {
    serve(financeServer(fixtureRows));
    renderWithProviders(<DashboardPage />, { toasts: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Gym' }));
    const undo = screen.getByRole('button', { name: 'Undo' });
    expect(undo).toHaveFocus(); // the Delete button it came from is gone
    await userEvent.keyboard('{Enter}');
    expect(within(screen.getByRole('list', { name: 'Bills' })).getByText('Gym')).toBeInTheDocument();
    expect(screen.getByText('Bill “Gym” restored.')).toBeInTheDocument();
    expect(calls('DELETE', '/api/financial/bills/b5')).toHaveLength(0);
  });
});
