import { describe, expect, it } from 'vitest';
import {
  addDays,
  billsDueThrough,
  buildTimeWindows,
  comingSunday,
  computeQuickStats,
  endOfNextWeek,
  nextLaterWindowDays,
  resetLaterWindowDays,
  type BillOccurrence,
  type IncomeOccurrence,
} from './index.js';

const TODAY = '2026-03-10'; // Tuesday

const billAt = (offset: number, amountCents = 1_000): BillOccurrence => ({
  billId: `b${offset}`, billName: `Bill ${offset}`, amountCents, dueDate: addDays(TODAY, offset), priority: 'medium', category: 'utilities', recurring: 'once',
});
const incomeAt = (offset: number, amountCents = 50_000): IncomeOccurrence => ({
  incomeId: `i${offset}`, source: `Pay ${offset}`, amountCents, date: addDays(TODAY, offset), frequency: 'weekly',
});

const OFFSETS = [0, 7, 8, 14, 15, 21, 22, 28, 29];
const windowOf = (offset: number, laterWindowDays?: number) => {
  const windows = buildTimeWindows([billAt(offset)], [], TODAY, laterWindowDays);
  return (['thisWeek', 'nextWeek', 'later'] as const).find((k) => windows[k].items.length > 0) ?? 'none';
};

describe('week windows (docs/product/signed-in.md §2/§9, docs/product/accounts.md §2: This Week 0-7, Next Week 8-14, Later 15..14 + window)', () => {
  it.each([
    [0, 7, 'thisWeek'],
    [7, 7, 'thisWeek'],
    [8, 7, 'nextWeek'],
    [14, 7, 'nextWeek'],
    [15, 7, 'later'],
    [21, 7, 'later'],
    [22, 7, 'none'],
    [22, 14, 'later'],
    [28, 14, 'later'],
    [29, 14, 'none'],
    [-1, 7, 'none'],
  ])('a bill on day %i with a %i-day Later window is in %s', (offset, later, expected) => {
    expect(windowOf(offset, later)).toBe(expected);
  });

  it('gives each window its date range, items and totals; income first on the same day', () => {
    const windows = buildTimeWindows(OFFSETS.map((o) => billAt(o)), [incomeAt(7), incomeAt(20)], TODAY);
    expect(windows.thisWeek).toMatchObject({ key: 'thisWeek', title: 'This Week', startDate: '2026-03-10', endDate: '2026-03-17', billsTotalCents: 2_000, incomeTotalCents: 50_000 });
    expect(windows.thisWeek.items.map((i) => `${i.kind} ${i.date}`)).toEqual(['bill 2026-03-10', 'income 2026-03-17', 'bill 2026-03-17']);
    expect(windows.nextWeek).toMatchObject({ title: 'Next Week', startDate: '2026-03-18', endDate: '2026-03-24' });
    expect(windows.later).toMatchObject({ title: 'Later', startDate: '2026-03-25', endDate: '2026-03-31', incomeTotalCents: 50_000 });
    expect(windows.later.items.map((i) => i.date)).toEqual(['2026-03-25', '2026-03-30', '2026-03-31']);
  });

  it('grows the Later window by 7 and resets to 7 (docs/product/signed-in.md §2)', () => {
    expect(nextLaterWindowDays(7)).toBe(14);
    expect(nextLaterWindowDays(14)).toBe(21);
    expect(resetLaterWindowDays()).toBe(7);
  });

  it.each([0, -7, 3.5])('rejects a Later window of %d days', (days) => {
    expect(() => buildTimeWindows([], [], TODAY, days)).toThrow(RangeError);
  });
});

describe('this week / next week counting (docs/product/signed-in.md §9)', () => {
  it.each([
    ['Tuesday', '2026-03-10', '2026-03-15', '2026-03-22'],
    ['Saturday', '2026-03-14', '2026-03-15', '2026-03-22'],
    ['Sunday counts to the next Sunday', '2026-03-15', '2026-03-22', '2026-03-29'],
  ])('%s: coming Sunday and end of next week', (_label, today, sunday, nextWeekEnd) => {
    expect(comingSunday(today)).toBe(sunday);
    expect(endOfNextWeek(today)).toBe(nextWeekEnd);
  });

  it('billsDueThrough includes today and the end date only', () => {
    const bills = [-1, 0, 5, 6].map((o) => billAt(o));
    expect(billsDueThrough(bills, TODAY, comingSunday(TODAY)).map((b) => b.dueDate)).toEqual(['2026-03-10', '2026-03-15']);
  });
});

describe('quick stats (docs/product/signed-in.md §2: month, days remaining, upcoming bills through the end of next week)', () => {
  it.each([
    ['2026-03-10', 'March', 21],
    ['2026-03-31', 'March', 0],
    ['2024-02-10', 'February', 19],
    ['2025-02-10', 'February', 18],
  ])('%s: %s, %i days remaining', (today, month, remaining) => {
    expect(computeQuickStats([], today)).toMatchObject({ monthName: month, daysRemainingInMonth: remaining, upcomingBillsCount: 0 });
  });

  it('counts bills from today through the end of next week (Sunday 3/22)', () => {
    const stats = computeQuickStats([-1, 0, 12, 13].map((o) => billAt(o)), TODAY);
    expect(stats).toMatchObject({ upcomingBillsCount: 2, upcomingBillsEndDate: '2026-03-22' });
  });
});
