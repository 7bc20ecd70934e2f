import { screen, within } from '@testing-library/react';
import { HOUSEHOLD_CALENDAR_MESSAGES, type HouseholdCalendarResponse } from '@paycadence/contracts';
import { fail, renderWithProviders, serveEndpoints, TEST_USER } from '@paycadence/web-kit/testing';
import { describe, expect, it } from 'vitest';
import { emptyCalendar, HOUSEHOLD_PAGE_ENDPOINTS, QUIET_HANDLERS } from './household-fixtures.js';
import { HouseholdPage } from './HouseholdPage.js';

const HOME = '0b8f5c1e-2d4a-4f6b-9c3e-1a2b3c4d5e6f';
const PAT = '3ebf8f41-5a7d-4c9e-8f61-4d5e6f708192';
const pat = { id: PAT, name: 'Pat' };
const payroll = { income_id: 'i1', source: 'Payroll', date: '2026-03-20', amount_cents: 300000, member: pat };
const calendar: HouseholdCalendarResponse = {
  ...emptyCalendar(HOME),
  paydays: [{ key: 'payday:i1:2026-03-20', ...payroll }],
  bills: [
    { key: 'bill:b1:2026-03-25', bill_id: 'b1', name: 'Internet', amount_cents: 8000, due_date: '2026-03-25', category: 'utilities', priority: 'medium', added_by: pat, pay_on: '2026-03-23', covered_by: payroll, days_after_paycheck: 3 },
    { key: 'bill:b2:2026-03-12', bill_id: 'b2', name: 'Water', amount_cents: 4500, due_date: '2026-03-12', category: 'utilities', priority: 'medium', added_by: pat, pay_on: '2026-03-11', covered_by: null, days_after_paycheck: null },
  ],
};
const base = {
  ...QUIET_HANDLERS,
  myHouseholds: () => ({ households: [{ id: HOME, name: 'Home', my_role: 'member' }] }),
  members: () => ({ members: [{ id: TEST_USER.id, name: 'Sam Rivera', email: TEST_USER.email, role: 'member' }] }),
};

describe('Household calendar', () => {
  it("lists each day's paydays, labelled with whose they are, and bills with the paycheck that covers them; then who pays what", async () => {
    const gateway = serveEndpoints(HOUSEHOLD_PAGE_ENDPOINTS, { ...base, householdCalendar: () => calendar });
    renderWithProviders(<HouseholdPage />, { route: '/household' });
    const agenda = await screen.findByRole('list', { name: `${HOUSEHOLD_CALENDAR_MESSAGES.title}, by day` });
    expect(within(agenda).getByRole('heading', { name: 'Fri 03/20/2026' })).toBeInTheDocument();
    expect(within(agenda).getByText("Pat's paycheck: Payroll")).toBeInTheDocument();
    expect(within(agenda).getByText('Internet')).toBeInTheDocument();
    expect(within(agenda).getByText("From Pat's Payroll paycheck of 03/20/2026; pay on 03/23/2026")).toBeInTheDocument();
    expect(within(agenda).getByText(`${HOUSEHOLD_CALENDAR_MESSAGES.fromBalance}; pay on 03/11/2026`)).toBeInTheDocument();
    const whoPays = screen.getByRole('region', { name: HOUSEHOLD_CALENDAR_MESSAGES.whoPays });
    expect(within(whoPays).getByText("Pat's pay")).toBeInTheDocument();
    expect(within(whoPays).getByText('The balance')).toBeInTheDocument();
    expect(gateway.calls('householdCalendar')[0]!.params.householdId).toBe(HOME);
    expect(gateway.calls('householdCalendar')[0]!.query.get('today')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('says so when nothing is shared, and shows the failure banner when finance fails', async () => {
    serveEndpoints(HOUSEHOLD_PAGE_ENDPOINTS, base);
    const { unmount } = renderWithProviders(<HouseholdPage />, { route: '/household' });
    expect(await screen.findByText(HOUSEHOLD_CALENDAR_MESSAGES.empty)).toBeInTheDocument();
    unmount();
    serveEndpoints(HOUSEHOLD_PAGE_ENDPOINTS, { ...base, householdCalendar: () => fail(500) });
    renderWithProviders(<HouseholdPage />, { route: '/household' });
    expect(await screen.findByText(HOUSEHOLD_CALENDAR_MESSAGES.loadFailed)).toBeInTheDocument();
  });
});
