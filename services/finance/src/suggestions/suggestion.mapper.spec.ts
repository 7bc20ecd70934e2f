import { billFromSuggestion, incomeFromSuggestion, toBillSuggestionDto, toIncomeSuggestionDto } from './suggestion.mapper.js';
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
  suggestedPayDays: null,
  suggestedPaidMonths: null,
  suggestedLowAmount: null,
  transactionDate: '2026-02-22',
  confidence: '0.950',
  status: 'pending',
  createdAt: new Date(),
  updatedAt: new Date(),
};

describe('suggestion mapping', () => {
  it('answers docs/product/signed-in.md §3 bill suggestion fields', () => {
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
    expect(incomeFromSuggestion(income, { amount: 2200 })).toEqual({
      source: 'Payroll',
      amount: 2200,
      next_date: '2026-03-22',
      frequency: 'biweekly',
      pay_days: null,
      paid_months: null,
      low_amount: null,
    });
  });
});

describe('income suggestion pay schedules', () => {
  const teacher = {
    ...base,
    kind: 'income' as const,
    name: 'School district',
    amount: '2400.00',
    category: null,
    frequency: 'twice-monthly' as const,
    suggestedDate: '2026-03-31',
    suggestedPayDays: [15, 31],
    suggestedPaidMonths: [1, 2, 3, 4, 5, 6, 9, 10, 11, 12],
    suggestedLowAmount: '1900.50',
  };

  it('answers the detected schedule, the lean amount in dollars', () => {
    expect(toIncomeSuggestionDto(teacher)).toMatchObject({
      suggestedFrequency: 'twice-monthly',
      suggestedPayDays: [15, 31],
      suggestedPaidMonths: [1, 2, 3, 4, 5, 6, 9, 10, 11, 12],
      suggestedLowAmount: 1900.5,
    });
  });

  it('leaves the schedule fields out of a suggestion detection saw none for (steady pay every month)', () => {
    const steady = toIncomeSuggestionDto({ ...teacher, frequency: 'monthly', suggestedPayDays: null, suggestedPaidMonths: null, suggestedLowAmount: null });
    expect(steady).not.toHaveProperty('suggestedPayDays');
    expect(steady).not.toHaveProperty('suggestedPaidMonths');
    expect(steady).not.toHaveProperty('suggestedLowAmount');
  });

  it('makes an income with the detected schedule; an override wins, null clears a detected field', () => {
    expect(incomeFromSuggestion(teacher, {})).toMatchObject({
      frequency: 'twice-monthly',
      pay_days: [15, 31],
      paid_months: [1, 2, 3, 4, 5, 6, 9, 10, 11, 12],
      low_amount: 1900.5,
    });
    expect(incomeFromSuggestion(teacher, { pay_days: [1, 15], next_date: '2026-04-01', low_amount: null, paid_months: null })).toMatchObject({
      pay_days: [1, 15],
      next_date: '2026-04-01',
      low_amount: null,
      paid_months: null,
    });
  });
});
