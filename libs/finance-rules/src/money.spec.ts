import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatCents } from './index.js';

describe('money', () => {
  it.each([
    [19.99, 1999],
    [0.1 + 0.2, 30],
    [1.005, 101],
    [1.015, 102],
    [1200, 120000],
    [0, 0],
    [-5.5, -550],
    ['19.99', 1999],
    ['1.005', 101],
    ['$1,200.50', 120050],
    [' 7 ', 700],
    ['.5', 50],
    ['3.', 300],
    ['-0.004', 0],
  ])('dollarsToCents(%j) = %i', (value, expected) => {
    expect(dollarsToCents(value)).toBe(expected);
  });

  it.each([['abc'], [''], ['.'], ['1.2.3'], [Number.NaN], [Number.POSITIVE_INFINITY], ['1e3']])('rejects %j', (value) => {
    expect(() => dollarsToCents(value)).toThrow(RangeError);
  });

  it('converts cents back to dollars', () => {
    expect(centsToDollars(1999)).toBe(19.99);
    expect(centsToDollars(-550)).toBe(-5.5);
  });

  it.each([
    [123456, '$1,234.56'],
    [5, '$0.05'],
    [-500, '-$5.00'],
    [100000000, '$1,000,000.00'],
  ])('formatCents(%i) = %s (docs/product/signed-in.md §1: USD, en-US)', (cents, expected) => {
    expect(formatCents(cents)).toBe(expected);
  });
});
