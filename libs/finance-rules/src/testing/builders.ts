// Small builders for the spec files (excluded from the build by the tsconfig "testing" exclude).
import type { Bill, IncomeSource } from '../types.js';

export function bill(overrides: Partial<Bill> = {}): Bill {
  return {
    id: 'b1',
    name: 'Electric',
    amountCents: 10_000,
    dueDate: '2026-03-20',
    priority: 'medium',
    category: 'utilities',
    recurring: 'monthly',
    ...overrides,
  };
}

export function income(overrides: Partial<IncomeSource> = {}): IncomeSource {
  return { id: 'i1', source: 'Job', amountCents: 200_000, frequency: 'biweekly', nextDate: '2026-03-13', ...overrides };
}
