import { ValidationFailedError } from '@paycadence/nest-kit';
import type { IncomeSource } from './income-source.entity.js';
import { assertIncomeSchedule, incomeScheduleOf } from './income-schedule.js';
import { applyIncomeUpdate, incomeColumns, toIncomeDto, toRuleIncome } from './income.mapper.js';

const stamp = new Date('2026-03-01T00:00:00Z');
const row = (fields: Partial<IncomeSource> = {}): IncomeSource => ({
  id: 'i1',
  userId: 'u1',
  source: 'Salary',
  amount: '2400.00',
  frequency: 'twice-monthly',
  nextDate: '2026-03-15',
  payDays: [15, 31],
  paidMonths: null,
  lowAmount: null,
  householdId: null,
  suggestionId: null,
  createdAt: stamp,
  updatedAt: stamp,
  ...fields,
});

/** The field and message a refused merge answers, or null when it holds together. */
function refusal(income: IncomeSource): Record<string, string> | null {
  try {
    assertIncomeSchedule(incomeScheduleOf(income));
    return null;
  } catch (error) {
    if (!(error instanceof ValidationFailedError)) throw error;
    expect(error.status).toBe(400);
    return error.errors ?? null;
  }
}

describe('income schedule fields', () => {
  it('answers them in dollars, null when unset', () => {
    expect(toIncomeDto(row({ lowAmount: '1800.50' }))).toMatchObject({ pay_days: [15, 31], paid_months: null, low_amount: 1800.5 });
    expect(toIncomeDto(row({ frequency: 'monthly', payDays: null }))).toMatchObject({ pay_days: null, paid_months: null, low_amount: null });
  });

  it('gives the dashboard row cents, and only the fields a row has', () => {
    const teacher = toRuleIncome(row({ frequency: 'monthly', payDays: null, nextDate: '2026-09-30', paidMonths: [1, 2, 3, 4, 5, 6, 9, 10, 11, 12], lowAmount: '2000.01' }));
    expect(teacher).toMatchObject({ paidMonths: [1, 2, 3, 4, 5, 6, 9, 10, 11, 12], lowAmountCents: 200001 });
    expect(teacher).not.toHaveProperty('payDays');
    const steady = toRuleIncome(row({ frequency: 'biweekly', payDays: null }));
    expect(Object.keys(steady).sort()).toEqual(['amountCents', 'frequency', 'id', 'nextDate', 'source']);
  });

  it('keeps a create body schedule as columns and refuses one that does not hold together', () => {
    const input = { source: 'Pay', amount: 2000, frequency: 'twice-monthly' as const, next_date: '2026-04-30', pay_days: [15, 31] as [number, number], paid_months: null, low_amount: 1500 };
    expect(incomeColumns('u1', input)).toMatchObject({ payDays: [15, 31], paidMonths: null, lowAmount: '1500.00' });
    expect(() => incomeColumns('u1', { ...input, frequency: 'monthly' })).toThrow(ValidationFailedError);
  });

  it('checks the stored row with the change merged in', () => {
    // Monthly while the twice-a-month days stay: refused; sending pay_days null with it clears them.
    expect(refusal(applyIncomeUpdate(row(), { frequency: 'monthly' }))).toEqual({ pay_days: 'Pay days are only for income paid twice a month' });
    expect(refusal(applyIncomeUpdate(row(), { frequency: 'monthly', pay_days: null }))).toBeNull();
    // A new amount below the stored lean paycheck.
    expect(refusal(applyIncomeUpdate(row({ lowAmount: '1800.00' }), { amount: 1500 }))).toEqual({ low_amount: 'Low amount cannot be more than the typical amount' });
    // A next date outside the stored paid months.
    expect(refusal(applyIncomeUpdate(row({ paidMonths: [1, 2, 3, 4, 5, 6, 9, 10, 11, 12] }), { next_date: '2026-07-15' }))).toEqual({
      next_date: 'Next date must fall in a paid month',
    });
    // The 30th of April is that month's last day, so a pay day of 31 falls on it.
    expect(refusal(applyIncomeUpdate(row(), { next_date: '2026-04-30' }))).toBeNull();
    expect(refusal(applyIncomeUpdate(row(), { next_date: '2026-04-29' }))).toEqual({ next_date: 'Next date must fall on one of the two pay days' });
  });
});
