import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Bill, IncomeSource } from '@payday/finance-rules';
import { PlannerView } from './PlannerView.js';

const bills: Bill[] = [
  { id: 'rent', name: 'Rent', amountCents: 120_000, dueDate: '2026-03-15', priority: 'high', category: 'rent', recurring: 'monthly' },
  { id: 'gym', name: 'Gym', amountCents: 4_000, dueDate: '2026-03-12', priority: 'low', category: 'subscriptions', recurring: 'weekly' },
];
const incomes: IncomeSource[] = [{ id: 'job', source: 'Job', amountCents: 200_000, frequency: 'biweekly', nextDate: '2026-03-11' }];

describe('PlannerView (spec part 2 §2, §9 ranges)', () => {
  it('totals income, bills and net flow for the week, month and quarter', async () => {
    render(<PlannerView today="2026-03-10" bills={bills} incomes={incomes} schedule={[]} />);
    // Month: Mar 10 - Apr 9. Job: Mar 11, 25, Apr 8 = $6,000. Rent Mar 15 + Gym Mar 12,19,26, Apr 2,9 = $1,200 + $200.
    expect(screen.getByTestId('planner-income').textContent).toBe('$6,000.00');
    expect(screen.getByTestId('planner-bills').textContent).toBe('$1,400.00');
    expect(screen.getByTestId('planner-net').textContent).toBe('$4,600.00');

    // Week: Mar 10 - 16: Job Mar 11; Gym Mar 12; Rent Mar 15.
    await userEvent.click(screen.getByRole('button', { name: 'Week' }));
    expect(screen.getByTestId('planner-income').textContent).toBe('$2,000.00');
    expect(screen.getByTestId('planner-bills').textContent).toBe('$1,240.00');
    expect(screen.getByTestId('planner-net').textContent).toBe('$760.00');
    const items = within(screen.getByRole('list', { name: 'Upcoming items' })).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('time')?.getAttribute('datetime'))).toEqual(['2026-03-11', '2026-03-12', '2026-03-15']);

    await userEvent.click(screen.getByRole('button', { name: 'Quarter' }));
    expect(screen.getByRole('heading', { name: /Jun 9, 2026/ })).toBeInTheDocument();
  });
});
