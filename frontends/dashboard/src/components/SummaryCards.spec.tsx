import { renderWithProviders } from '@paycadence/web-kit/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dashboardBody, NO_ROWS, type FixtureRows } from '../test/fixtures.js';
import { AnalyticsBlock } from './AnalyticsBlock.js';
import { SummaryCards } from './SummaryCards.js';

const TODAY = '2026-03-10';
const rows = (over: Partial<FixtureRows>): FixtureRows => ({ ...NO_ROWS, ...over });
const rent = (amountCents: number) => ({ id: 'rent', name: 'Rent', amountCents, dueDate: '2026-03-20', priority: 'high' as const, category: 'rent' as const, recurring: 'monthly' as const });
const salary = { id: 'i1', source: 'Teaching salary', amountCents: 300_000, frequency: 'monthly' as const, nextDate: '2026-03-13' };
const card = (label: string) => screen.getByRole('heading', { level: 3, name: label }).closest('.db-stat') as HTMLElement;

describe('every figure says what it is', () => {
  it("labels income minus bills as this month's plan, not a balance or savings", () => {
    renderWithProviders(<SummaryCards dashboard={dashboardBody(TODAY, rows({ bills: [rent(120_000)], income: [salary] }))} />);
    const plan = card("This month's plan");
    expect(plan).toHaveTextContent('$1,800.00');
    expect(plan).toHaveTextContent('Income minus bills: 60% of income left');
    expect(screen.queryByText(/Spending Balance|savings/i)).toBeNull();
  });

  it('says the plan is short when bills exceed income', () => {
    renderWithProviders(<SummaryCards dashboard={dashboardBody(TODAY, rows({ bills: [rent(350_000)], income: [salary] }))} />);
    const plan = card("This month's plan");
    expect(plan).toHaveClass('db-stat--alert');
    expect(plan).toHaveTextContent('Income minus bills. Bills exceed income this month');
  });

  it("titles the dashboard's analytics as the plan from the user's own figures, with no savings wording", () => {
    renderWithProviders(<AnalyticsBlock dashboard={dashboardBody(TODAY, rows({ bills: [rent(120_000)], income: [salary] }))} />);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Your plan, month by month');
    expect(screen.queryByText('Financial Analytics')).toBeNull();
    expect(screen.getByText('From the income and bills you entered, not your bank transactions.')).toBeInTheDocument();
    const figures = screen.getByText('Income this month').closest('dl')!;
    expect([...figures.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['Income this month', 'Bills this month', 'Income minus bills', 'Left after bills']);
    expect(within(figures).queryByText(/savings/i)).toBeNull();
  });
});
