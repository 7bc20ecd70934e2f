import { centsToNumeric, dollarsToNumeric, numericToCents, numericToDollars } from './money.js';

describe('money at the boundary', () => {
  it.each([
    ['19.99', 1999, 19.99],
    ['0.10', 10, 0.1],
    ['0.00', 0, 0],
    ['1200.00', 120000, 1200],
    ['9999999999.99', 999999999999, 9999999999.99],
  ])('NUMERIC %s is %i cents and %d dollars', (numeric, cents, dollars) => {
    expect(numericToCents(numeric)).toBe(cents);
    expect(numericToDollars(numeric)).toBe(dollars);
    expect(centsToNumeric(cents)).toBe(numeric);
  });

  it.each([
    [19.99, '19.99'],
    [0.07, '0.07'],
    [1.1, '1.10'],
    [1234567.89, '1234567.89'],
    [1e9, '1000000000.00'],
  ])('API dollars %d are stored as %s with no float drift', (dollars, numeric) => {
    expect(dollarsToNumeric(dollars)).toBe(numeric);
  });

  it('refuses fractional cents', () => {
    expect(() => centsToNumeric(10.5)).toThrow(RangeError);
  });
});
