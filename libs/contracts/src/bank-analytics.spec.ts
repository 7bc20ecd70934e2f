import { describe, expect, it } from 'vitest';
import { transactionCategoryLabel } from './bank-analytics.js';

describe('transactionCategoryLabel', () => {
  it.each([
    // Plaid's legacy category comes first when the row has one: shown as Plaid wrote it.
    [['Food and Drink', 'Restaurants', 'FOOD_AND_DRINK', 'FOOD_AND_DRINK_RESTAURANT'], 'Food and Drink'],
    [['Groceries'], 'Groceries'],
    [['Travel'], 'Travel'],
    // Only a personal finance category: its primary code as words.
    [['FOOD_AND_DRINK', 'FOOD_AND_DRINK_GROCERIES'], 'Food and Drink'],
    [['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_RENT'], 'Rent and Utilities'],
    [['GENERAL_MERCHANDISE'], 'General Merchandise'],
    [['LOAN_PAYMENTS'], 'Loan Payments'],
    [['ENTERTAINMENT'], 'Entertainment'],
    // Blank elements are skipped; nothing at all is 'Other'.
    [['  ', 'TRAVEL'], 'Travel'],
    [[], 'Other'],
    [['', ' '], 'Other'],
  ])('%j → %s', (categories, label) => {
    expect(transactionCategoryLabel(categories)).toBe(label);
  });

  it("reads null and undefined as no category: 'Other'", () => {
    expect(transactionCategoryLabel(null)).toBe('Other');
    expect(transactionCategoryLabel(undefined)).toBe('Other');
  });
});
