import type { IncomeFrequencyValue } from '@paycadence/contracts';
import { describe, expect, it } from 'vitest';
import {
  SCHEDULE_INCOME_HORIZON_DAYS,
  dashboardIncomeHorizonDays,
  monthlyBillsCents,
  monthlyIncomeCents,
  projectIncome,
} from './index.js';
import { bill, income } from './testing/builders.js';

const TODAY = '2026-03-10';

describe('income projection horizon (docs/product/signed-in.md §9: max(30, window + 14); schedule 60)', () => {
  it.each([
    [7, 30],
    [14, 30],
    [16, 30],
    [21, 35],
    [28, 42],
  ])('Later window %i days -> %i days', (window, horizon) => {
    expect(dashboardIncomeHorizonDays(window)).toBe(horizon);
  });

  it('schedule projects 60 days', () => {
    expect(SCHEDULE_INCOME_HORIZON_DAYS).toBe(60);
  });
});

describe('projectIncome', () => {
  it('lists pay dates from today through today + horizon, rolling past dates forward (a Saturday payday arrives Friday)', () => {
    const result = projectIncome(
      [
        income({ id: 'job', source: 'Job', frequency: 'biweekly', nextDate: '2026-03-13', amountCents: 200_000 }),
        income({ id: 'side', source: 'Side gig', frequency: 'monthly', nextDate: '2026-02-28', amountCents: 50_000 }),
      ],
      TODAY,
      30,
    );
    expect(result.map((o) => `${o.date} ${o.source}`)).toEqual(['2026-03-13 Job', '2026-03-27 Job', '2026-03-27 Side gig']);
    expect(result[0]).toEqual({ incomeId: 'job', source: 'Job', amountCents: 200_000, date: '2026-03-13', frequency: 'biweekly' });
  });

  it.each([
    ['day 30 is inside a 30-day horizon', '2026-04-09', 1],
    ['day 31 is outside', '2026-04-10', 0],
    ['today is inside', TODAY, 1],
  ])('%s', (_label, nextDate, count) => {
    expect(projectIncome([income({ frequency: 'quarterly', nextDate })], TODAY, 30)).toHaveLength(count);
  });

  it('projects a weekly income 60 days ahead: 9 paydays from a Friday', () => {
    const result = projectIncome([income({ frequency: 'weekly', nextDate: '2026-03-13' })], TODAY, 60);
    expect(result).toHaveLength(9);
    expect(result.at(-1)?.date).toBe('2026-05-08');
  });
});

describe('monthly normalisation (docs/product/signed-in.md §9)', () => {
  // March 2026: Fridays 6, 13, 20, 27; Sundays 1, 8, 15, 22, 29.
  it.each([
    ['weekly on Fridays counts 4 in March', 'weekly', '2026-03-20', 50_000, 200_000],
    ['weekly on Sundays counts 5 in March', 'weekly', '2026-03-15', 50_000, 250_000],
    ['biweekly from Mar 1 counts 3 (1, 15, 29)', 'biweekly', '2026-03-01', 100_000, 300_000],
    ['biweekly from Mar 8 counts 2 (8, 22)', 'biweekly', '2026-03-08', 100_000, 200_000],
    ['biweekly anchored in a later month still counts March', 'biweekly', '2026-05-15', 100_000, 200_000],
    ['monthly as is', 'monthly', '2026-04-02', 321_000, 321_000],
    ['quarterly / 3', 'quarterly', '2026-04-02', 90_000, 30_000],
    ['quarterly / 3 rounds to the nearest cent', 'quarterly', '2026-04-02', 10_000, 3_333],
  ] as const)('income: %s', (_label, frequency: IncomeFrequencyValue, nextDate, amountCents, expected) => {
    expect(monthlyIncomeCents([income({ frequency, nextDate, amountCents })], TODAY)).toBe(expected);
  });

  it('sums every income source', () => {
    expect(
      monthlyIncomeCents([income({ frequency: 'monthly', amountCents: 100_000 }), income({ frequency: 'quarterly', amountCents: 30_000 })], TODAY),
    ).toBe(110_000);
  });

  it.each([
    ['monthly as is', 'monthly', '2026-05-01', 150_000, 150_000],
    ['weekly counts occurrences (4 Fridays)', 'weekly', '2026-03-06', 1_000, 4_000],
    ['biweekly counts occurrences (3)', 'biweekly', '2026-03-01', 1_000, 3_000],
    ['quarterly / 3', 'quarterly', '2026-06-01', 30_000, 10_000],
    ['yearly / 12 (our choice)', 'yearly', '2026-06-01', 120_000, 10_000],
    ['once counts in its own month', 'once', '2026-03-25', 7_000, 7_000],
    ['once in another month counts 0', 'once', '2026-04-25', 7_000, 0],
  ] as const)('bills: %s', (_label, recurring, dueDate, amountCents, expected) => {
    expect(monthlyBillsCents([bill({ recurring, dueDate, amountCents })], TODAY)).toBe(expected);
  });
});
