// What the schedule, the summary cards, the first steps and the savings card say.
import { formatDate } from '@paycadence/web-kit';
import { renderWithProviders } from '@paycadence/web-kit/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dashboardBody, NO_ROWS, type FixtureRows } from '../test/fixtures.js';
import { stubFinanceApi } from '../test/stub-api.js';
import { FirstSteps } from './FirstSteps.js';
import { PaymentSchedule } from './PaymentSchedule.js';
import { SavingsProgress } from './SavingsProgress.js';
import { SummaryCards } from './SummaryCards.js';

const TODAY = '2026-03-10';
const rows = (over: Partial<FixtureRows>): FixtureRows => ({ ...NO_ROWS, ...over });
const bill = (name: string, dueDate: string) => ({ id: name.toLowerCase(), name, amountCents: 6_000, dueDate, priority: 'low' as const, category: 'utilities' as const, recurring: 'once' as const });
const salary = { id: 'i1', source: 'Teaching salary', amountCents: 215_000, frequency: 'monthly' as const, nextDate: '2026-03-13' };

describe('PaymentSchedule', () => {
  const body = dashboardBody(TODAY, rows({ bills: [bill('Rent', '2026-03-12'), bill('Phone', '2026-03-15'), bill('Internet', '2026-03-20')], income: [salary] }));
  const entry = (name: string) => screen.getAllByRole('listitem').find((li) => li.textContent?.includes(name))!;

  it('lists a bill no paycheck covers, marked at risk and paid from the current balance', () => {
    // Paid once a quarter, last in December: nothing arrives in the 30 days before the 3/12 rent.
    const quarterly = dashboardBody(TODAY, rows({ bills: [bill('Rent', '2026-03-12')], income: [{ ...salary, frequency: 'quarterly' }] }));
    renderWithProviders(<PaymentSchedule schedule={quarterly.paymentSchedule} />);
    expect(within(entry('Rent')).getByText('At risk: no paycheck before it')).toBeInTheDocument();
    expect(within(entry('Rent')).getByTestId('funding')).toHaveTextContent('pay from your current balance');
  });

  it('funds a bill due before the next paycheck from the one already in hand, not "at risk"', () => {
    renderWithProviders(<PaymentSchedule schedule={body.paymentSchedule} />);
    for (const name of ['Rent', 'Phone']) {
      expect(within(entry(name)).getByTestId('funding')).toHaveTextContent(`from Teaching salary (${formatDate('2026-02-13')})`);
      expect(within(entry(name)).queryByText(/At risk/)).toBeNull();
    }
  });

  it('never pays before the paycheck: a date that would come first moves to the payday, and the sentence says why in the chosen format', () => {
    // High priority, due Monday 3/16: five days before is 3/11, before the 3/13 paycheck; the business day after it
    // is the due date itself, so the payday.
    const car = { ...bill('Car', '2026-03-16'), priority: 'high' as const };
    const withCar = dashboardBody(TODAY, rows({ bills: [car, bill('Internet', '2026-03-20')], income: [salary] }));
    renderWithProviders(<PaymentSchedule schedule={withCar.paymentSchedule} />);
    expect(within(entry('Car')).getByTestId('suggested-date')).toHaveTextContent(formatDate('2026-03-13'));
    expect(within(entry('Car')).getByTestId('funding')).toHaveTextContent(`from Teaching salary (${formatDate('2026-03-13')})`);
    expect(entry('Car')).toHaveTextContent(`Your Teaching salary arrives ${formatDate('2026-03-13')}, so pay the day it arrives: ${formatDate('2026-03-13')}, 3 days before the due date.`);
    expect(within(entry('Internet')).getByTestId('funding')).toHaveTextContent(`from Teaching salary (${formatDate('2026-03-13')})`);
    expect(within(entry('Internet')).queryByText(/At risk/)).toBeNull();
  });
});

describe('zero income (item 7)', () => {
  it('shows no deficit and no percentage before any income', () => {
    renderWithProviders(<SummaryCards dashboard={dashboardBody(TODAY, rows({ bills: [{ ...bill('Rent', '2026-03-20'), amountCents: 251_100 }] }))} />);
    const summary = screen.getByRole('region', { name: 'Monthly summary' });
    expect(summary).not.toHaveTextContent('%');
    expect(summary).not.toHaveTextContent('Bills exceed income');
    expect(summary).toHaveTextContent('Shown once you add your income');
  });

  it('shows the percentages once there is income, and the deficit when bills exceed it', () => {
    renderWithProviders(<SummaryCards dashboard={dashboardBody(TODAY, rows({ bills: [{ ...bill('Rent', '2026-03-20'), amountCents: 300_000 }], income: [salary] }))} />);
    expect(screen.getByRole('region', { name: 'Monthly summary' })).toHaveTextContent('Bills exceed income this month');
  });

  it('guides paycheck first, then bills, and goes once both exist', async () => {
    const onAddIncome = vi.fn();
    const { rerender } = renderWithProviders(<FirstSteps hasIncome={false} hasBills={false} onAddIncome={onAddIncome} onAddBill={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add your paycheck' }));
    expect(onAddIncome).toHaveBeenCalledOnce();
    rerender(<FirstSteps hasIncome hasBills={false} onAddIncome={onAddIncome} onAddBill={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Add your paycheck' })).toBeNull();
    expect(screen.getByText(/✓ done/)).toBeInTheDocument();
    rerender(<FirstSteps hasIncome hasBills onAddIncome={onAddIncome} onAddBill={vi.fn()} />);
    expect(screen.queryByText('Get started in two steps')).toBeNull();
  });
});

describe('SavingsProgress (item 6)', () => {
  const fund = { goalCents: 600_000, currentCents: 0, progressPercent: 0 };

  it('creates the emergency fund goal with the amount entered', async () => {
    const createSavingsGoal = vi.fn(async () => ({}));
    renderWithProviders(<SavingsProgress fund={fund} goals={[]} api={stubFinanceApi({ createSavingsGoal })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Enter amount saved' }));
    await userEvent.type(screen.getByLabelText('Amount saved ($)'), '1234.56');
    await userEvent.click(screen.getByRole('button', { name: 'Save amount' }));
    expect(createSavingsGoal).toHaveBeenCalledWith({ body: { goal_type: 'emergency_fund', current_amount: 1234.56, target_amount: null } }, expect.anything());
  });

  it('updates the existing goal, and refuses a negative amount without a call', async () => {
    const updateSavingsGoal = vi.fn(async () => ({}));
    const goals = [{ id: 'g1', goalType: 'emergency_fund', currentAmountCents: 50_000, targetAmountCents: null }];
    renderWithProviders(<SavingsProgress fund={{ ...fund, currentCents: 50_000, progressPercent: 8 }} goals={goals} api={stubFinanceApi({ updateSavingsGoal })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Update amount saved' }));
    const input = screen.getByLabelText('Amount saved ($)');
    expect(input).toHaveValue(500);
    await userEvent.clear(input);
    await userEvent.type(input, '-5');
    await userEvent.click(screen.getByRole('button', { name: 'Save amount' }));
    expect(screen.getByText('Current amount cannot be negative')).toBeInTheDocument();
    expect(updateSavingsGoal).not.toHaveBeenCalled();
    await userEvent.clear(input);
    await userEvent.type(input, '900');
    await userEvent.click(screen.getByRole('button', { name: 'Save amount' }));
    expect(updateSavingsGoal).toHaveBeenCalledWith({ params: { id: 'g1' }, body: { current_amount: 900 } }, expect.anything());
  });
});
