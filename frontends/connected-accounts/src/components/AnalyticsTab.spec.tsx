import type { AnalyticsResponse } from '@paycadence/contracts';
import { renderWithProviders, TEST_USER } from '@paycadence/web-kit/testing';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { analyticsBody } from '../test/fixtures.js';
import { serveApi } from '../test/server.js';
import { AnalyticsTab, trendHalves, trendTone } from './AnalyticsTab.js';

afterEach(() => vi.unstubAllGlobals());

const MONTHS = ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];
/** Six months of the given income and expenses (dollars), oldest first. */
const breakdown = (rows: [number, number][]) =>
  rows.map(([income, expenses], i) => ({
    month: MONTHS[i]!,
    income,
    expenses,
    savings: income - expenses,
    savingsRate: income > 0 ? Math.round(((income - expenses) / income) * 1000) / 10 : 0,
    transactionCount: 40,
  }));

async function renderTab(body: AnalyticsResponse) {
  serveApi({ analytics: () => body });
  renderWithProviders(<AnalyticsTab userId={TEST_USER.id} />);
  return (await screen.findByText('Savings Rate')).closest('div')!;
}

describe('AnalyticsTab: the bank history says what it is', () => {
  it('is titled by its source and period, not the dashboard plan\'s "Financial Analytics"', async () => {
    await renderTab(analyticsBody());
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Bank history, last 6 months');
    expect(screen.queryByRole('heading', { name: 'Financial Analytics' })).toBeNull();
    expect(screen.getByText(/From your linked accounts' transactions, Jun 2026 to Nov 2026/)).toBeInTheDocument();
  });

  it('says what the trend compares: the last 3 months against the 3 before', async () => {
    const rows = breakdown([[5000, 4000], [5000, 4000], [5000, 4000], [5000, 3500], [5000, 3500], [5000, 3500]]);
    const stat = await renderTab(analyticsBody({ monthlyBreakdown: rows, savings: { rate: 25, trend: 'improving' } }));
    expect(within(stat).getByText('▲ Improving')).toHaveClass('pc-badge--success');
    expect(within(stat).getByTestId('savings-trend-detail')).toHaveTextContent('Last 3 months 30.0%, the 3 before 20.0%');
  });

  it('never shows a negative savings rate with a green "▲ Improving"; the rate itself reads as a shortfall', async () => {
    // Spending fell from 150% to 120% of income: better, but still more going out than coming in.
    const rows = breakdown([[4000, 6000], [4000, 6000], [4000, 6000], [4000, 4800], [4000, 4800], [4000, 4800]]);
    const stat = await renderTab(analyticsBody({ monthlyBreakdown: rows, savings: { rate: -35, trend: 'improving' }, summary: { totalIncome: 24000, totalExpenses: 32400, netSavings: -8400 } }));
    const badge = within(stat).getByText('▲ Improving');
    expect(badge).not.toHaveClass('pc-badge--success');
    expect(badge).toHaveClass('pc-badge--warning');
    expect(within(stat).getByText('-35.0%')).toHaveClass('ca-out');
    expect(within(stat).getByTestId('savings-trend-detail')).toHaveTextContent('Last 3 months -20.0%, the 3 before -50.0%');
  });
});

describe('trend colour follows the direction of the change, never green below zero', () => {
  it.each([
    ['improving, positive', 'improving', 12, 14, 'success'],
    ['improving, overall negative', 'improving', -5, 3, 'warning'],
    ['improving, recent months still negative', 'improving', 4, -2, 'warning'],
    ['declining, positive', 'declining', 20, 15, 'danger'],
    ['declining, negative', 'declining', -10, -20, 'danger'],
    ['stable, positive', 'stable', 18, 18, 'neutral'],
    ['stable, negative', 'stable', -4, -4, 'warning'],
  ] as const)('%s → %s', (_label, trend, rate, recent, tone) => {
    expect(trendTone(trend, rate, recent)).toBe(tone);
  });

  it('compares nothing when the earlier months have no transactions', () => {
    expect(trendHalves(breakdown([[0, 0], [0, 0], [0, 0], [5000, 4000], [5000, 4000], [5000, 4000]]))).toBeNull();
    expect(trendHalves([])).toBeNull();
  });
});
