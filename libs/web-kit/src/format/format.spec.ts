import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from './format.js';

describe('formatMoney (takes dollars)', () => {
  it.each([
    [0, '$0.00'],
    [5, '$5.00'],
    [1234.5, '$1,234.50'],
    [-35, '-$35.00'],
    [1_000_000, '$1,000,000.00'],
    [-0.001, '$0.00'],
    [Number.NaN, '$0.00'],
  ])('formats %s as %s', (input, expected) => {
    expect(formatMoney(input)).toBe(expected);
  });
});

describe('formatDate (en-US short, MM/DD/YYYY unless the settings say otherwise)', () => {
  it.each([
    ['2026-11-22', '11/22/2026'],
    ['2025-01-01', '01/01/2025'],
    ['2024-02-29', '02/29/2024'],
    ['2025-12-31', '12/31/2025'],
  ])('formats %s as %s whatever the time zone', (input, expected) => {
    expect(formatDate(input)).toBe(expected);
  });

  it.each(['not a date', '2026-02-31', '2026-13-01', ''])('shows Invalid Date for %j', (input) => {
    expect(formatDate(input)).toBe('Invalid Date');
  });

  it('accepts a Date', () => {
    expect(formatDate(new Date(2026, 10, 22, 23, 30))).toBe('11/22/2026');
  });
});
