import { INCOME_FREQUENCY_VALUES } from '@paycadence/contracts';
import { describe, expect, it } from 'vitest';
import { FREQUENCY_LABELS, incomeScheduleText, monthsText, paidMonthsText, payDayLabel, payDaysText } from './labels.js';
import { defaultPayDays } from './record-forms.js';

describe('income labels', () => {
  it('names every frequency the contracts allow', () => {
    expect(INCOME_FREQUENCY_VALUES.map((f) => FREQUENCY_LABELS[f])).toEqual(['Weekly', 'Every 2 weeks', 'Twice a month', 'Monthly', 'Quarterly']);
  });

  it.each([
    [1, '1st'], [2, '2nd'], [3, '3rd'], [4, '4th'], [11, '11th'], [12, '12th'], [13, '13th'],
    [21, '21st'], [22, '22nd'], [23, '23rd'], [30, '30th'], [31, 'Last day'],
  ])('pay day %i reads %s', (day, label) => {
    expect(payDayLabel(day)).toBe(label);
  });

  it.each([
    [[1, 15], '1st and 15th'],
    [[31, 15], '15th and last day'],
    [[10, 25], '10th and 25th'],
  ])('pay days %j read "%s"', (days, text) => {
    expect(payDaysText(days)).toBe(text);
  });

  it.each([
    [[9, 10, 11, 12, 1, 2, 3, 4, 5, 6], 'Sep–Jun'],
    [[7, 8], 'Jul–Aug'],
    [[1, 2, 3], 'Jan–Mar'],
    [[12, 1], 'Dec–Jan'],
    [[5], 'May'],
    [[1, 3, 4, 9, 10, 11, 12], 'Mar–Apr, Sep–Jan'],
  ])('months %j read "%s" (runs around the year)', (months, text) => {
    expect(monthsText(months)).toBe(text);
  });

  it.each([
    [null, null],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], null],
    [[1, 2, 3, 4, 5, 6, 9, 10, 11, 12], 'paid Sep–Jun (no pay Jul–Aug)'],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 'paid Jan–Nov (no pay Dec)'],
  ])('paid months %j: %s', (months, text) => {
    expect(paidMonthsText(months)).toBe(text);
  });

  it.each([
    [{ frequency: 'twice-monthly', amountCents: 240_000, payDays: [15, 31] }, 'Twice a month · 15th and last day', null],
    [{ frequency: 'monthly', amountCents: 240_000, paidMonths: [1, 2, 3, 4, 5, 6, 9, 10, 11, 12] }, 'Monthly · paid Sep–Jun (no pay Jul–Aug)', null],
    [{ frequency: 'biweekly', amountCents: 240_000, lowAmountCents: 120_000 }, 'Every 2 weeks', 'Varies · $1,200–$2,400'],
    [{ frequency: 'twice-monthly', amountCents: 150_050, payDays: [1, 15], paidMonths: [8, 9, 10, 11, 12, 1, 2, 3, 4, 5], lowAmountCents: 90_000 }, 'Twice a month · 1st and 15th · paid Aug–May (no pay Jun–Jul)', 'Varies · $900–$1,500.50'],
    [{ frequency: 'weekly', amountCents: 50_000, payDays: null, paidMonths: null, lowAmountCents: null }, 'Weekly', null],
  ] as const)('schedule %#: "%s"', (row, schedule, varies) => {
    expect(incomeScheduleText(row)).toEqual({ schedule, varies });
  });

  it.each([
    ['2026-12-15', [15, 31]],
    ['2026-11-30', [15, 31]],
    ['2027-02-28', [15, 31]],
    ['2028-02-28', [1, 15]], // a leap year: the 28th is not February's last day
    ['2026-12-01', [1, 15]],
    ['2026-12-10', [1, 15]],
    ['', [1, 15]],
  ])('a twice-monthly income paid next on %s defaults to pay days %j', (nextDate, days) => {
    expect(defaultPayDays(nextDate)).toEqual(days);
  });
});
