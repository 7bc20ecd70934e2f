import { describe, expect, it } from 'vitest';
import { categoryLabel, confidenceTone, humanize, percent, signedTransactionAmount } from './format.js';

describe('confidence colours (docs/product/signed-in.md §5: 0.9 and up green, 0.7 and up yellow, else red)', () => {
  it.each([
    [1, 'success'],
    [0.9, 'success'],
    [0.8999, 'warning'],
    [0.7, 'warning'],
    [0.6999, 'danger'],
    [0, 'danger'],
  ] as const)('%s → %s', (value, tone) => expect(confidenceTone(value)).toBe(tone));

  it('shows the number as a whole percent', () => {
    expect(percent(0.956)).toBe('96%');
    expect(percent(1.2)).toBe('100%');
  });
});

describe('transactions (docs/product/signed-in.md §3)', () => {
  it('reads a negative amount as income and a positive one as an expense, in en-US USD', () => {
    expect(signedTransactionAmount(-2600)).toEqual({ text: '+$2,600.00', direction: 'income' });
    expect(signedTransactionAmount(54.2)).toEqual({ text: '−$54.20', direction: 'expense' });
  });

  it("shows the first category element, else 'Other'", () => {
    expect(categoryLabel(['Food and Drink', 'Groceries'])).toBe('Food and Drink');
    expect(categoryLabel([])).toBe('Other');
    expect(categoryLabel('Travel')).toBe('Travel');
    expect(categoryLabel(null)).toBe('Other');
  });

  it('names frequencies and categories for people', () => {
    expect(humanize('semi-monthly')).toBe('Semi-monthly');
    expect(humanize('credit-card')).toBe('Credit card');
  });
});
