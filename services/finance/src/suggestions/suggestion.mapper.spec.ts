import { billFromSuggestion, incomeFromSuggestion, toBillSuggestionDto } from './suggestion.mapper.js';
import type { Suggestion } from './suggestion.entity.js';

const base: Suggestion = {
  id: 's1',
  userId: 'u1',
  kind: 'bill',
  externalKey: 'k',
  name: 'Netflix',
  amount: '15.49',
  category: 'subscriptions',
  frequency: null,
  suggestedDate: '2026-03-22',
  transactionDate: '2026-02-22',
  confidence: '0.950',
  status: 'pending',
  createdAt: new Date(),
  updatedAt: new Date(),
};

describe('suggestion mapping', () => {
  it('answers the spec part 2 §3 bill suggestion fields', () => {
    expect(toBillSuggestionDto(base)).toEqual({
      id: 's1',
      name: 'Netflix',
      amount: 15.49,
      category: 'subscriptions',
      suggestedDueDate: '2026-03-22',
      transactionDate: '2026-02-22',
      confidence: 0.95,
      recurring: 'monthly',
    });
  });

  it('makes a bill recurring as detected (quarterly insurance), still overridable', () => {
    const insurance = { ...base, name: 'Geico', category: 'insurance' as const, frequency: 'quarterly' as const };
    expect(toBillSuggestionDto(insurance).recurring).toBe('quarterly');
    expect(billFromSuggestion(insurance, {}).recurring).toBe('quarterly');
    expect(billFromSuggestion(insurance, { recurring: 'yearly' }).recurring).toBe('yearly');
  });

  it('makes a bill with the §4 defaults, then the overrides', () => {
    expect(billFromSuggestion(base, {})).toEqual({
      name: 'Netflix',
      amount: 15.49,
      due_date: '2026-03-22',
      category: 'subscriptions',
      priority: 'medium',
      recurring: 'monthly',
    });
    expect(billFromSuggestion(base, { priority: 'high', recurring: 'yearly' })).toMatchObject({ priority: 'high', recurring: 'yearly' });
  });

  it('makes an income source from an income suggestion', () => {
    const income = { ...base, kind: 'income' as const, name: 'Payroll', amount: '2100.00', category: null, frequency: 'biweekly' as const };
    expect(incomeFromSuggestion(income, { amount: 2200 })).toEqual({ source: 'Payroll', amount: 2200, next_date: '2026-03-22', frequency: 'biweekly' });
  });
});
