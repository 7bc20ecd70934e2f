import { describe, expect, it } from 'vitest';
import { fieldErrors } from './errors.js';
import { BankSummaryMessageSchema, FINANCE_PATTERNS, MAX_BANK_MONTHLY_INCOME_CENTS } from './finance.js';

const valid = { userId: 'u1', monthlyIncomeCents: 412_345, savingsRatePercent: 7.5, computedAt: '2026-03-10T08:00:00.000Z' };
const errorsOf = (payload: unknown) => {
  const parsed = BankSummaryMessageSchema.safeParse(payload);
  return parsed.success ? {} : fieldErrors(parsed.error);
};

describe('BankSummaryMessageSchema', () => {
  it('has its own pattern next to the suggestion ones', () => {
    expect(FINANCE_PATTERNS.storeBankSummary).toBe('finance.bank-summary.store');
  });

  it('accepts figures, a clear (null figures) and a negative savings rate', () => {
    expect(BankSummaryMessageSchema.parse(valid)).toEqual(valid);
    expect(BankSummaryMessageSchema.parse({ ...valid, monthlyIncomeCents: null, savingsRatePercent: null })).toMatchObject({ monthlyIncomeCents: null });
    expect(BankSummaryMessageSchema.parse({ ...valid, savingsRatePercent: -250.3 }).savingsRatePercent).toBe(-250.3);
    expect(BankSummaryMessageSchema.parse({ ...valid, computedAt: '2026-03-10T09:00:00+01:00' }).computedAt).toBe('2026-03-10T09:00:00+01:00');
  });

  it('names each bad field', () => {
    expect(
      errorsOf({ userId: ' ', monthlyIncomeCents: 12.5, savingsRatePercent: 101, computedAt: 'yesterday', extra: 1 }),
    ).toEqual({
      userId: 'userId is required',
      monthlyIncomeCents: 'monthlyIncomeCents must be a whole number of cents or null',
      savingsRatePercent: 'savingsRatePercent must be at most 100',
      computedAt: 'computedAt must be an ISO date-time',
      extra: 'Unknown field "extra"',
    });
    expect(errorsOf({ ...valid, monthlyIncomeCents: -1 })).toEqual({ monthlyIncomeCents: 'monthlyIncomeCents cannot be negative' });
    expect(errorsOf({ ...valid, monthlyIncomeCents: MAX_BANK_MONTHLY_INCOME_CENTS + 1 })).toEqual({ monthlyIncomeCents: 'monthlyIncomeCents is too large' });
    expect(errorsOf({ ...valid, savingsRatePercent: Number.NaN })).toHaveProperty('savingsRatePercent');
  });

  it('requires the figures to be sent, as null when unknown (a missing field is a mistake, not a clear)', () => {
    expect(Object.keys(errorsOf({ userId: 'u1', computedAt: valid.computedAt }))).toEqual(['monthlyIncomeCents', 'savingsRatePercent']);
  });
});
