import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  compareIsoDates,
  dayOfWeek,
  daysBetween,
  daysInMonth,
  endOfMonth,
  formatUsShortDate,
  fromDayNumber,
  isIsoDate,
  isLeapYear,
  monthName,
  parseIsoDate,
  startOfMonth,
  toDayNumber,
} from './index.js';

describe('date helpers (UTC calendar math)', () => {
  it.each([
    ['2026-03-10', 1, '2026-03-11'],
    ['2026-02-28', 1, '2026-03-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2025-12-31', 1, '2026-01-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-03-10', 0, '2026-03-10'],
    // Across the US DST change (2026-03-08): still whole days.
    ['2026-03-07', 2, '2026-03-09'],
  ])('addDays(%s, %i) = %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it.each([
    ['2025-01-31', 1, '2025-02-28'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2025-01-31', 2, '2025-03-31'],
    ['2025-01-31', 3, '2025-04-30'],
    ['2025-03-31', -1, '2025-02-28'],
    ['2025-11-15', 3, '2026-02-15'],
    ['2024-02-29', 12, '2025-02-28'],
    ['2024-02-29', 48, '2028-02-29'],
    ['2026-01-10', -13, '2024-12-10'],
  ])('addMonths(%s, %i) = %s (clamped, anchor kept)', (date, months, expected) => {
    expect(addMonths(date, months)).toBe(expected);
  });

  it.each([
    ['2026-03-10', '2026-03-17', 7],
    ['2026-03-17', '2026-03-10', -7],
    ['2024-02-01', '2024-03-01', 29],
    ['2025-02-01', '2025-03-01', 28],
    ['2025-01-01', '2026-01-01', 365],
  ])('daysBetween(%s, %s) = %i', (from, to, expected) => {
    expect(daysBetween(from, to)).toBe(expected);
  });

  it.each([
    [2024, true],
    [2025, false],
    [1900, false],
    [2000, true],
  ])('isLeapYear(%i) = %s', (year, expected) => {
    expect(isLeapYear(year)).toBe(expected);
  });

  it.each([
    [2024, 2, 29],
    [2025, 2, 28],
    [2025, 4, 30],
    [2025, 12, 31],
  ])('daysInMonth(%i, %i) = %i', (year, month, expected) => {
    expect(daysInMonth(year, month)).toBe(expected);
  });

  it.each(['2025-02-29', '2025-13-01', '2025-00-10', '2025-1-5', 'today', '2025-04-31', ''])('rejects %j', (bad) => {
    expect(isIsoDate(bad)).toBe(false);
    expect(() => parseIsoDate(bad)).toThrow(RangeError);
  });

  it('round-trips day numbers, with 1970-01-01 as day 0', () => {
    expect(toDayNumber('1970-01-01')).toBe(0);
    expect(fromDayNumber(-1)).toBe('1969-12-31');
    for (const date of ['0001-01-01', '1600-02-29', '2024-02-29', '2099-12-31']) {
      expect(fromDayNumber(toDayNumber(date))).toBe(date);
    }
  });

  it.each([
    ['2026-03-15', 0],
    ['2026-03-10', 2],
    ['2026-03-14', 6],
    ['1970-01-01', 4],
  ])('dayOfWeek(%s) = %i (0 = Sunday)', (date, expected) => {
    expect(dayOfWeek(date)).toBe(expected);
  });

  it('gives month bounds, names and en-US short format', () => {
    expect(startOfMonth('2024-02-17')).toBe('2024-02-01');
    expect(endOfMonth('2024-02-17')).toBe('2024-02-29');
    expect(monthName('2026-03-10')).toBe('March');
    expect(formatUsShortDate('2026-01-05')).toBe('1/5/2026');
    expect(compareIsoDates('2026-01-05', '2026-01-06')).toBeLessThan(0);
  });
});
