import { merchantKey } from './merchant-key';

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

  it('stays fast on long hostile input (linear: cut to 200 characters)', () => {
    const started = performance.now();
    for (let index = 0; index < 1000; index += 1) merchantKey(`${'a1 '.repeat(50_000)}!`, null);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
