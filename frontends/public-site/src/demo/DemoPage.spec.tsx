import { demoSampleData, demoSummary, demoWindows } from '@payday/finance-rules';
import { formatMoney } from '@payday/web-kit';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { DemoPage } from './DemoPage.js';

const TODAY = '2026-03-10';
const renderDemo = () =>
  render(
    <MemoryRouter>
      <DemoPage today={TODAY} />
    </MemoryRouter>,
  );

describe('DemoPage (spec part 1 §2)', () => {
  it('shows the four summary cards computed by the library', () => {
    renderDemo();
    const summary = demoSummary(demoSampleData(TODAY), TODAY);
    expect(screen.getByTestId('demo-balance').textContent).toBe(formatMoney(summary.currentBalanceCents / 100));
    expect(screen.getByTestId('demo-income').textContent).toBe(formatMoney(summary.monthlyIncomeCents / 100));
    expect(screen.getByTestId('demo-expenses').textContent).toBe(formatMoney(summary.monthlyExpensesCents / 100));
    expect(screen.getByTestId('demo-savings').textContent).toBe(formatMoney(summary.monthlySavingsCents / 100));
    expect(screen.getByText(`${summary.expensesPercentOfIncome}% of income`)).toBeInTheDocument();
    expect(screen.getByText(`${summary.savingsRatePercent}% savings rate`)).toBeInTheDocument();
  });

  it('lists the three columns with the library windows and hides the badge of one-time bills', () => {
    renderDemo();
    const windows = demoWindows(demoSampleData(TODAY), TODAY);
    for (const w of [windows.thisWeek, windows.nextWeek, windows.later]) {
      const column = screen.getByRole('region', { name: w.title });
      expect(within(column).queryAllByRole('listitem')).toHaveLength(w.items.length);
    }
    const bills = within(screen.getByRole('region', { name: 'Bills' })).getAllByRole('listitem');
    const water = bills.find((li) => li.textContent?.includes('Water Bill'))!;
    expect(water.textContent).not.toContain('One time');
    const rent = bills.find((li) => li.textContent?.includes('Rent'))!;
    expect(rent.textContent).toContain('Monthly');
  });

  it('prompts to sign up and to join the waitlist', () => {
    renderDemo();
    expect(screen.getAllByRole('link', { name: /Create your account|Sign up free/ })[0]!.getAttribute('href')).toBe('/register');
    expect(screen.getAllByRole('link', { name: 'Join the waitlist' })[0]!.getAttribute('href')).toBe('/#waitlist');
  });
});
