import { describe, expect, it } from 'vitest';
import { merchantKey } from './merchant-key.js';

describe('merchantKey', () => {
  it("prefers Plaid's merchant name and folds case and accents", () => {
    expect(merchantKey('SQ *STARBUCKS #1234', 'Starbucks')).toBe('starbucks');
    expect(merchantKey('CAFE', 'Café Crème')).toBe('cafe creme');
  });

  it('drops store numbers, reference codes, ACH and payroll boilerplate and a trailing state code', () => {
    expect(merchantKey('NETFLIX.COM 866-579-7172 CA')).toBe('netflix');
    expect(merchantKey('Spotify P0A1B2C3')).toBe('spotify');
    expect(merchantKey('ACME CORP PAYROLL PPD ID: 9100000')).toBe('acme');
    expect(merchantKey('ACME CORP DIR DEP PPD ID: 9100002')).toBe('acme');
    expect(merchantKey('CITY POWER & LIGHT BILL PMT 00007')).toBe('city power light bill');
  });

  it('keeps something for a description of only boilerplate and numbers', () => {
    expect(merchantKey('ACH DEBIT 000123')).toBe('ach debit 000123');
    expect(merchantKey('   ')).toBe('unknown');
  });

  it('reads at most the first 200 characters of a long hostile input (its patterns then run on that much only)', () => {
    const hostile = `${'a1 '.repeat(50_000)}!`;
    expect(merchantKey(hostile, null)).toBe(merchantKey(hostile.slice(0, 200), null));
    // A word past the cut never reaches the key.
    expect(merchantKey(`${'x'.repeat(199)} netflix`, null)).toBe('x'.repeat(199));
  });
});
