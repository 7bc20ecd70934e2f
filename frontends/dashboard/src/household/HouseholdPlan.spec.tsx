import { screen, within } from '@testing-library/react';
import { PLANNER_PAGE_PATH, type PlannedMoveDto } from '@paycadence/contracts';
import { renderWithProviders, serveEndpoints, TEST_USER } from '@paycadence/web-kit/testing';
import { describe, expect, it } from 'vitest';
import { emptyCalendar, emptyPlan, HOUSEHOLD_PAGE_ENDPOINTS, QUIET_HANDLERS } from './household-fixtures.js';
import { HouseholdPage } from './HouseholdPage.js';
import { moveSentence, PLAN_MESSAGES } from './HouseholdPlan.js';

const HOME = '0b8f5c1e-2d4a-4f6b-9c3e-1a2b3c4d5e6f';
const move: PlannedMoveDto = {
  billId: 'b1',
  billName: 'Internet',
  amountCents: 8000,
  flexibility: 'yes',
  fromDay: 5,
  toDay: 27,
  payday: { date: '2026-03-25', source: 'Payroll', amountCents: 300000 },
  daysAfterPayday: 2,
  chosenBy: 'planner',
  transition: { lastOldDate: '2026-04-05', firstNewDate: '2026-04-27', daysBetween: 22, amountCents: 8000 },
  householdId: HOME,
};
const base = {
  ...QUIET_HANDLERS,
  myHouseholds: () => ({ households: [{ id: HOME, name: 'Home', my_role: 'owner' }] }),
  members: () => ({ members: [{ id: TEST_USER.id, name: 'Sam Rivera', email: TEST_USER.email, role: 'owner' }] }),
};

describe('Plan for shared bills', () => {
  it('says each move in words', () => {
    expect(moveSentence(move, () => 'Sam')).toBe("Internet: the 5th → the 27th, 2 days after Sam's paycheck on the 25th");
    expect(moveSentence(move, () => undefined)).toBe('Internet: the 5th → the 27th, 2 days after the Payroll paycheck on the 25th');
    expect(moveSentence({ ...move, payday: null, daysAfterPayday: null }, () => 'Sam')).toBe('Internet: the 5th → the 27th');
  });

  it("asks the planner for this household's plan and lists its moves with the lowest balance before and after", async () => {
    const calendar = { ...emptyCalendar(HOME), paydays: [{ key: 'p', date: '2026-03-25', income_id: 'i1', source: 'Payroll', amount_cents: 300000, member: { id: 'u', name: 'Sam' } }] };
    const plan = { ...emptyPlan(HOME), moves: [move], helps: true, before: { ...emptyPlan().before, lowestBalanceCents: -12000, lowestDate: '2026-04-05' }, after: { ...emptyPlan().after, lowestBalanceCents: 15000, lowestDate: '2026-04-20' } };
    const gateway = serveEndpoints(HOUSEHOLD_PAGE_ENDPOINTS, { ...base, householdCalendar: () => calendar, dueDatePlan: () => plan });
    renderWithProviders(<HouseholdPage />, { route: '/household' });
    const moves = await screen.findByRole('list', { name: 'Proposed moves' });
    expect(await within(moves).findByText("Internet: the 5th → the 27th, 2 days after Sam's paycheck on the 25th")).toBeInTheDocument();
    expect(screen.getByText('Lowest balance now').nextElementSibling).toHaveTextContent('-$120.00 on 04/05/2026');
    expect(screen.getByText('Lowest balance after the moves').nextElementSibling).toHaveTextContent('$150.00 on 04/20/2026');
    expect(screen.getByRole('link', { name: PLAN_MESSAGES.openPlanner })).toHaveAttribute('href', `${PLANNER_PAGE_PATH}?household=${HOME}`);
    expect(gateway.calls('dueDatePlan')[0]!.query.get('household_id')).toBe(HOME);
  });

  it('says when there is nothing to move', async () => {
    serveEndpoints(HOUSEHOLD_PAGE_ENDPOINTS, base);
    renderWithProviders(<HouseholdPage />, { route: '/household' });
    expect(await screen.findByText(PLAN_MESSAGES.nothingToMove)).toBeInTheDocument();
  });
});
