import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ForecastDto } from '@paycadence/contracts';
import { computeForecast, type Bill } from '@paycadence/finance-rules';
import { DEFAULT_PREFERENCES, savePreferences } from '@paycadence/web-kit';
import { renderWithProviders } from '@paycadence/web-kit/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFinanceApi } from '../../test/stub-api.js';
import { ForecastSection } from './ForecastSection.js';

const TODAY = '2026-11-28';
const bill = (id: string, name: string, amountCents: number, dueDate: string): Bill => ({ id, name, amountCents, dueDate, priority: 'medium', category: 'other', recurring: 'monthly' });
const salary = { id: 'i1', source: 'Teaching salary', amountCents: 240_000, frequency: 'monthly' as const, nextDate: '2026-12-01' };

function forecastOf(bankBalanceCents: number, thresholdCents = 0): ForecastDto {
  const f = computeForecast({ bills: [bill('b1', 'Rent', 145_000, '2026-11-29'), bill('b2', 'Phone', 6_000, '2026-11-30')], incomes: [salary], today: TODAY, bankBalanceCents, thresholdCents });
  return { ...f, bankBalanceAsOf: '2026-11-28T06:00:00.000Z' };
}

beforeEach(() => localStorage.clear());

describe('ForecastSection', () => {
  it('shows the safe-to-spend figure and the sentence that adds it up, in the saved date format', () => {
    savePreferences({ ...DEFAULT_PREFERENCES, dateFormat: 'DD/MM/YYYY' });
    renderWithProviders(<ForecastSection forecast={forecastOf(214_000)} api={stubFinanceApi({})} />);
    const card = screen.getByRole('region', { name: 'Safe to spend until payday, 01/12/2026' });
    expect(within(card).getByText('$630.00')).toBeTruthy();
    expect(card.textContent).toContain(
      'From your linked bank balance of $2,140.00, minus Rent $1,450.00 and Phone $60.00 due before your Teaching salary on 01/12/2026: $630.00 safe to spend.',
    );
    expect(screen.getByText(/Your balance stays above zero for the next 30 days/)).toBeTruthy();
    // The chart has a text alternative and a table.
    expect(screen.getByRole('img', { name: /Projected balance, next 30 days At the end of today \$2,140\.00, on 28\/12\/2026 \$3,030\.00; lowest \$630\.00 on 30\/11\/2026\./ })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Projected balance by day' }).querySelectorAll('tbody tr')).toHaveLength(31);
  });

  it('warns with the day, the amount and the bill to move', () => {
    renderWithProviders(<ForecastSection forecast={forecastOf(148_000)} api={stubFinanceApi({})} />);
    const warning = screen.getByTestId('low-balance-warning');
    expect(warning.textContent).toContain('On 11/30/2026 your balance is projected to fall to -$30.00, below zero: $30.00 short.');
    expect(warning.textContent).toContain('Move Phone ($60.00, due 11/30/2026) from 11/30/2026 to 12/01/2026, when your Teaching salary arrives');
  });

  it('saves a new threshold in cents, and refuses a negative one before sending', async () => {
    const update = vi.fn(async (request: { body?: unknown }) => request.body);
    renderWithProviders(<ForecastSection forecast={forecastOf(214_000)} api={stubFinanceApi({ updateForecastSettings: update })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    const field = screen.getByLabelText('Warn me below ($)');
    await userEvent.clear(field);
    await userEvent.type(field, '-5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Threshold cannot be negative')).toBeTruthy();
    expect(update).not.toHaveBeenCalled();
    await userEvent.clear(field);
    await userEvent.type(field, '250.50');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(update).toHaveBeenCalledWith({ body: { lowBalanceThresholdCents: 25_050 } }, expect.anything()));
  });

  it('without income or a bank, says what to add instead of a figure', () => {
    const f = { ...computeForecast({ bills: [], incomes: [], today: TODAY }), bankBalanceAsOf: null };
    renderWithProviders(<ForecastSection forecast={f} api={stubFinanceApi({})} />);
    expect(screen.getByText(/Add your income, or link your bank/)).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it.each([
    ['bills exceed income this month', -45_000, true],
    ['the plan leaves money over', 120_000, false],
    ['no income known yet', null, false],
  ] as const)('a positive safe to spend beside a plan where %s: explained %s', (_label, monthlyPlanCents, explained) => {
    renderWithProviders(<ForecastSection forecast={forecastOf(214_000)} api={stubFinanceApi({})} monthlyPlanCents={monthlyPlanCents} />);
    const card = screen.getByTestId('safe-to-spend');
    const figure = within(card).getByText('$630.00').closest('p')!;
    if (explained) {
      expect(within(card).getByTestId('month-short')).toHaveTextContent("Only until payday: this month's bills exceed this month's income.");
      // Not shown as good news: the figure is not green and the card not plain.
      expect(figure).toHaveClass('fc-figure--plain');
      expect(card).toHaveClass('fc-card--caution');
    } else {
      expect(within(card).queryByTestId('month-short')).toBeNull();
      expect(figure).not.toHaveClass('fc-figure--plain');
    }
  });

  it('a shortfall until payday stays red whatever the month, without the plan note', () => {
    renderWithProviders(<ForecastSection forecast={forecastOf(100_000)} api={stubFinanceApi({})} monthlyPlanCents={-45_000} />);
    const card = screen.getByTestId('safe-to-spend');
    expect(card).toHaveClass('fc-card--alert');
    expect(within(card).queryByTestId('month-short')).toBeNull();
  });
});
