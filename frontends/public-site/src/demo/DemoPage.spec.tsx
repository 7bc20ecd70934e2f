import { demoPlan, demoSampleData, demoSummary, demoWindows, explainSafeToSpend } from '@paycadence/finance-rules';
import { DEFAULT_PREFERENCES, formatDate, formatMoney, savePreferences } from '@paycadence/web-kit';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { DemoPage } from './DemoPage.js';

const TODAY = '2026-03-10';
const renderDemo = () =>
  render(
    <MemoryRouter>
      <DemoPage today={TODAY} />
    </MemoryRouter>,
  );

afterEach(() => localStorage.clear());

describe('DemoPage (docs/product/accounts.md §2)', () => {
  it('shows the four summary cards computed by the library', () => {
    renderDemo();
    const summary = demoSummary(demoSampleData(TODAY), TODAY);
    expect(screen.getByTestId('demo-balance').textContent).toBe(formatMoney(summary.currentBalanceCents / 100));
    expect(screen.getByTestId('demo-income').textContent).toBe(formatMoney(summary.monthlyIncomeCents / 100));
    expect(screen.getByTestId('demo-expenses').textContent).toBe(formatMoney(summary.monthlyExpensesCents / 100));
    expect(screen.getByTestId('demo-savings').textContent).toBe(formatMoney(summary.monthlySavingsCents / 100));
    expect(screen.getByText(`${summary.expensesPercentOfIncome}% of income`)).toBeInTheDocument();
    expect(screen.getByText(`Income minus bills: ${summary.savingsRatePercent}% of income left`)).toBeInTheDocument();
  });

  it("shows two different figures for today's balance and the month's plan, each card saying which it is", () => {
    renderDemo();
    const balance = screen.getByTestId('demo-balance');
    const plan = screen.getByTestId('demo-savings');
    expect(balance.textContent).not.toBe(plan.textContent);
    const card = (el: HTMLElement) => el.closest('[data-card]')!;
    expect(card(balance)).toHaveTextContent(/Current Balance.*Today: the .* paycheck less bills paid since/);
    expect(card(plan)).toHaveTextContent(/This month's plan.*Income minus bills/);
    expect(screen.queryByText('Monthly Savings')).toBeNull();
    expect(screen.queryByText(/savings rate/)).toBeNull();
  });

  it('shows each bill\'s suggested pay date from the Smart Payment Schedule of the sample', () => {
    renderDemo();
    const { schedule } = demoPlan(demoSampleData(TODAY), TODAY);
    const list = screen.getByRole('list', { name: 'Suggested payments' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.demo-row__name')?.textContent)).toEqual(['Rent', 'Electric Bill', 'Water Bill', 'Internet']);
    for (const item of items) {
      const first = schedule.find((s) => item.textContent?.includes(s.billName))!;
      expect(within(item).getByTestId('demo-pay-date').textContent).toBe(formatDate(first.suggestedDate));
      expect(item).toHaveTextContent(`due ${formatDate(first.dueDate)}`);
    }
  });

  it('shows safe to spend until payday with the sentence that adds it up, in the saved date format', () => {
    savePreferences({ ...DEFAULT_PREFERENCES, dateFormat: 'DD/MM/YYYY' });
    renderDemo();
    const { forecast } = demoPlan(demoSampleData(TODAY), TODAY);
    const safe = forecast.safeToSpend;
    const region = screen.getByRole('region', { name: `Safe to spend until payday, ${formatDate(safe.nextPayday!.date, 'DD/MM/YYYY')}` });
    expect(within(region).getByTestId('demo-safe-to-spend').textContent).toBe(formatMoney(safe.amountCents! / 100));
    const date = (iso: string) => formatDate(iso, 'DD/MM/YYYY');
    expect(region).toHaveTextContent(explainSafeToSpend(safe, { date, money: (c) => formatMoney(c / 100) })!);
    // The payday is written day first, never month first.
    const [y, m, d] = safe.nextPayday!.date.split('-');
    expect(region).toHaveTextContent(`${d}/${m}/${y}`);
    if (d !== m) expect(region).not.toHaveTextContent(`${m}/${d}/${y}`);
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
