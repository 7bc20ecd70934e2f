import { isTransferCategory } from './transaction-kinds.js';

describe('isTransferCategory', () => {
  it.each([
    [['TRANSFER_OUT', 'TRANSFER_OUT_ACCOUNT_TRANSFER'], true],
    [['TRANSFER_IN'], true],
    [['LOAN_PAYMENTS', 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT'], true],
    [['Payment', 'Credit Card'], true],
    [['Transfer', 'Internal Account Transfer'], true],
    // Plaid's sandbox gives every custom transaction a bare legacy 'Transfer': not told apart, so not a transfer.
    [['Transfer'], false],
    [['LOAN_PAYMENTS', 'LOAN_PAYMENTS_MORTGAGE_PAYMENT'], false],
    [['FOOD_AND_DRINK'], false],
    [[], false],
  ])('%p → %p', (categories, expected) => {
    expect(isTransferCategory(categories)).toBe(expected);
  });
});
