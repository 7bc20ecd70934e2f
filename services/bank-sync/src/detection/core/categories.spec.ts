import { billCategoryOf, isVariableBillCategory, isWages } from './categories';

describe('categories', () => {
  it('maps personal finance categories, most specific first', () => {
    expect(billCategoryOf(['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_RENT'], 'oakwood')).toBe('rent');
    expect(billCategoryOf(['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY'], 'x')).toBe(
      'utilities',
    );
    expect(billCategoryOf(['GENERAL_SERVICES', 'GENERAL_SERVICES_INSURANCE'], 'x')).toBe('insurance');
    expect(billCategoryOf(['ENTERTAINMENT', 'ENTERTAINMENT_TV_AND_MOVIES'], 'x')).toBe('subscriptions');
    expect(billCategoryOf(['LOAN_PAYMENTS', 'LOAN_PAYMENTS_CAR_PAYMENT'], 'x')).toBe('auto-payment');
    expect(billCategoryOf(['LOAN_PAYMENTS', 'LOAN_PAYMENTS_STUDENT_LOAN_PAYMENT'], 'x')).toBe('loans');
    expect(billCategoryOf(['BANK_FEES', 'BANK_FEES_OTHER_BANK_FEES'], 'annual membership fee')).toBe('other');
  });

  it('maps legacy categories, then falls back to the merchant words', () => {
    expect(billCategoryOf(['Payment', 'Rent'], 'x')).toBe('rent');
    expect(billCategoryOf(['Service', 'Utilities', 'Electric'], 'x')).toBe('utilities');
    expect(billCategoryOf(['Transfer'], 'state farm insurance prem')).toBe('insurance');
    expect(billCategoryOf([], 'netflix')).toBe('subscriptions');
    expect(billCategoryOf([], 'comcast xfinity')).toBe('utilities');
    expect(billCategoryOf([], 'toyota financial')).toBe('auto-payment');
    expect(billCategoryOf([], 'joe s barbershop')).toBe('other');
  });

  it('tells wages and metered bills (own-account transfers: common/transaction-kinds)', () => {
    expect(isWages(['INCOME', 'INCOME_WAGES'], 'ACME')).toBe(true);
    expect(isWages(['Payroll'], 'ACME')).toBe(true);
    expect(isWages(['Transfer'], 'ACME CORP PAYROLL DIRECT DEP')).toBe(true);
    expect(isWages(['INCOME', 'INCOME_OTHER_INCOME'], 'UPWORK ESCROW INC')).toBe(false);
    expect(isVariableBillCategory(['Utilities'], 'x')).toBe(true);
    expect(isVariableBillCategory(['Transfer'], 'city power light')).toBe(true);
    expect(isVariableBillCategory(['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_RENT'], 'x')).toBe(false);
  });
});
