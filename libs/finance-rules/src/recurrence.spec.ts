import type { BillRecurrenceValue } from '@paycadence/contracts';
import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_OCCURRENCE_COUNTS,
  SCHEDULE_OCCURRENCE_COUNTS,
  expandBill,
  expandBills,
  occurrencesBetween,
  occurrencesFrom,
} from './index.js';
import { bill } from './testing/builders.js';

const TODAY = '2026-03-10'; // a Tuesday

const dates = (recurring: BillRecurrenceValue, dueDate: string, today = TODAY, counts = DASHBOARD_OCCURRENCE_COUNTS) =>
  expandBill(bill({ recurring, dueDate }), today, counts).map((o) => o.dueDate);

describe('recurrence counts (docs/product/signed-in.md §9)', () => {
  it.each([
    // dashboard panels: monthly 6, weekly 20, biweekly 10; quarterly 2 and yearly 1 are our choice.
    ['dashboard', 'once', 1],
    ['dashboard', 'weekly', 20],
    ['dashboard', 'biweekly', 10],
    ['dashboard', 'monthly', 6],
    ['dashboard', 'quarterly', 2],
    ['dashboard', 'yearly', 1],
    // payment schedule: monthly 3, weekly 8, biweekly 4; quarterly 1 and yearly 1 are our choice.
    ['schedule', 'once', 1],
    ['schedule', 'weekly', 8],
    ['schedule', 'biweekly', 4],
    ['schedule', 'monthly', 3],
    ['schedule', 'quarterly', 1],
    ['schedule', 'yearly', 1],
  ] as const)('%s expands %s into %i occurrences', (kind, recurring, count) => {
    const counts = kind === 'dashboard' ? DASHBOARD_OCCURRENCE_COUNTS : SCHEDULE_OCCURRENCE_COUNTS;
    expect(dates(recurring, '2026-03-20', TODAY, counts)).toHaveLength(count);
  });

  it.each(Object.keys(SCHEDULE_OCCURRENCE_COUNTS) as BillRecurrenceValue[])(
    'the schedule takes no more %s occurrences than the panels (computeDashboard reuses the first ones)',
    (recurring) => {
      expect(SCHEDULE_OCCURRENCE_COUNTS[recurring]).toBeLessThanOrEqual(DASHBOARD_OCCURRENCE_COUNTS[recurring]);
    },
  );
});

describe('recurrence dates', () => {
  it.each([
    ['once in the future', 'once', '2026-03-20', ['2026-03-20']],
    ['once due today', 'once', TODAY, [TODAY]],
    ['once in the past yields nothing', 'once', '2026-03-09', []],
    ['monthly from a future due date', 'monthly', '2026-03-20', ['2026-03-20', '2026-04-20', '2026-05-20', '2026-06-20', '2026-07-20', '2026-08-20']],
    ['a past monthly bill rolls forward', 'monthly', '2025-12-05', ['2026-04-05', '2026-05-05', '2026-06-05', '2026-07-05', '2026-08-05', '2026-09-05']],
    ['a monthly bill due today starts today', 'monthly', '2026-02-10', ['2026-03-10', '2026-04-10', '2026-05-10', '2026-06-10', '2026-07-10', '2026-08-10']],
    ['quarterly rolls forward from a 30th', 'quarterly', '2025-11-30', ['2026-05-30', '2026-08-30']],
    ['yearly rolls forward', 'yearly', '2025-06-01', ['2026-06-01']],
  ] as const)('%s', (_label, recurring, dueDate, expected) => {
    expect(dates(recurring, dueDate)).toEqual(expected);
  });

  it('weekly: 20 dates 7 days apart starting at the due date', () => {
    const result = dates('weekly', '2026-03-12');
    expect(result[0]).toBe('2026-03-12');
    expect(result[1]).toBe('2026-03-19');
    expect(result[19]).toBe('2026-07-23');
  });

  it('weekly: a past weekly bill restarts on today when today is a due day', () => {
    expect(dates('weekly', '2026-03-03', TODAY, SCHEDULE_OCCURRENCE_COUNTS)).toEqual([
      '2026-03-10', '2026-03-17', '2026-03-24', '2026-03-31', '2026-04-07', '2026-04-14', '2026-04-21', '2026-04-28',
    ]);
  });

  it('biweekly: a past biweekly bill rolls forward in 14-day steps', () => {
    expect(dates('biweekly', '2026-02-27')).toEqual([
      '2026-03-13', '2026-03-27', '2026-04-10', '2026-04-24', '2026-05-08',
      '2026-05-22', '2026-06-05', '2026-06-19', '2026-07-03', '2026-07-17',
    ]);
  });

  it.each([
    ['Jan 31 -> Feb 28 -> Mar 31 (2025)', '2025-01-31', '2025-01-10', ['2025-01-31', '2025-02-28', '2025-03-31', '2025-04-30', '2025-05-31', '2025-06-30']],
    ['Jan 31 -> Feb 29 -> Mar 31 (leap 2024)', '2024-01-31', '2024-01-01', ['2024-01-31', '2024-02-29', '2024-03-31', '2024-04-30', '2024-05-31', '2024-06-30']],
    ['a past 31st rolls to Feb 28 and back to Mar 31', '2025-10-31', '2026-02-10', ['2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31', '2026-06-30', '2026-07-31']],
    ['rolling forward lands on the clamped date when today is Feb 28', '2025-08-31', '2026-02-28', ['2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31', '2026-06-30', '2026-07-31']],
    ['the 30th clamps to Feb 29 in a leap year', '2023-12-30', '2024-02-01', ['2024-02-29', '2024-03-30', '2024-04-30', '2024-05-30', '2024-06-30', '2024-07-30']],
  ] as const)('monthly on a month end: %s', (_label, dueDate, today, expected) => {
    expect(dates('monthly', dueDate, today)).toEqual(expected);
  });

  it.each([
    ['non-leap year clamps Feb 29 to Feb 28', '2024-02-29', '2026-03-10', ['2027-02-28']],
    ['leap year returns to Feb 29', '2024-02-29', '2027-03-01', ['2028-02-29']],
  ] as const)('yearly: %s', (_label, dueDate, today, expected) => {
    expect(dates('yearly', dueDate, today)).toEqual(expected);
  });

  it('occurrencesFrom honours a zero count', () => {
    expect(occurrencesFrom('2026-03-20', 'monthly', TODAY, 0)).toEqual([]);
  });

  it.each([
    ['weekly Fridays in March 2026, extended before the anchor', '2026-03-20', 'weekly', '2026-03-01', '2026-03-31', ['2026-03-06', '2026-03-13', '2026-03-20', '2026-03-27']],
    ['biweekly in May 2026 from a March anchor', '2026-03-20', 'biweekly', '2026-05-01', '2026-05-31', ['2026-05-01', '2026-05-15', '2026-05-29']],
    ['once inside the range', '2026-03-20', 'once', '2026-03-01', '2026-03-31', ['2026-03-20']],
    ['once outside the range', '2026-04-01', 'once', '2026-03-01', '2026-03-31', []],
    ['monthly on the 31st in February', '2026-01-31', 'monthly', '2026-02-01', '2026-02-28', ['2026-02-28']],
  ] as const)('occurrencesBetween: %s', (_label, anchor, recurrence, from, to, expected) => {
    expect(occurrencesBetween(anchor, recurrence, from, to)).toEqual(expected);
  });

  it('expandBills merges all bills sorted by due date, then name', () => {
    const result = expandBills(
      [
        bill({ id: 'a', name: 'Water', dueDate: '2026-03-20', recurring: 'once' }),
        bill({ id: 'b', name: 'Gym', dueDate: '2026-03-15', recurring: 'once' }),
        bill({ id: 'c', name: 'Alarm', dueDate: '2026-03-20', recurring: 'once' }),
      ],
      TODAY,
    );
    expect(result.map((o) => `${o.dueDate} ${o.billName}`)).toEqual(['2026-03-15 Gym', '2026-03-20 Alarm', '2026-03-20 Water']);
    expect(result[0]).toEqual({
      billId: 'b', billName: 'Gym', amountCents: 10_000, dueDate: '2026-03-15', priority: 'medium', category: 'utilities', recurring: 'once',
    });
  });
});
