// The finance contracts (libs/contracts/src/finance.ts, dashboard.ts) as the service relies on them: spec
// docs/product/signed-in.md §3 enums shared with the rules library, §4 defaults, §5 validation, and the dashboard's answers.
import {
  BILL_CATEGORY_VALUES,
  BILL_PRIORITY_VALUES,
  BILL_RECURRENCE_VALUES,
  BillCreateSchema,
  BillUpdateSchema,
  INCOME_FREQUENCY_VALUES,
  IncomeCreateSchema,
  SavingsGoalCreateSchema,
  UpsertSuggestionsMessageSchema,
  amountSchema,
  DashboardQuerySchema,
  DashboardResponseSchema,
  TimelineResponseSchema,
  fieldErrors,
  isCalendarDate,
} from '@paycadence/contracts';
import * as financeRules from '@paycadence/finance-rules';
import { HouseholdAccess } from './households/household-access.js';
import type { HouseholdClient } from './households/household.client.js';
import type { Repository } from 'typeorm';
import type { BankSummaryService } from './bank-summary/bank-summary.service.js';
import type { Bill } from './bills/bill.entity.js';
import type { Bill as RuleBill } from '@paycadence/finance-rules';
import type { BillStatusService } from './bill-status/bill-status.service.js';
import { DashboardService } from './dashboard/dashboard.service.js';
import type { ForecastSettingsService } from './forecast/forecast-settings.service.js';
import type { IncomeSource } from './income/income-source.entity.js';
import type { SavingsGoal } from './savings-goals/savings-goal.entity.js';
import type { HouseholdItemsRelease } from './households/household-items-release.js';

/** None of the user's items is shared with a household they left. */
const noItemsShared = { householdsOfItemsAddedBy: async () => [] } as unknown as HouseholdItemsRelease;

describe('enums', () => {
  it('live once, in the contracts: the rules library exports no copy of their lists, under any name', () => {
    const lists = [BILL_PRIORITY_VALUES, BILL_CATEGORY_VALUES, BILL_RECURRENCE_VALUES, INCOME_FREQUENCY_VALUES].map((list) => JSON.stringify(list));
    const copies = Object.entries(financeRules).filter(([, value]) => Array.isArray(value) && lists.includes(JSON.stringify(value)));
    expect(copies.map(([name]) => name)).toEqual([]);
  });
});

describe('isCalendarDate', () => {
  it.each([
    ['2026-02-28', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-02-30', false],
    ['2026-04-31', false],
    ['2026-13-01', false],
    ['2026-3-1', false],
    ['2026-03-01T00:00:00Z', false],
  ])('%s -> %s', (value, expected) => {
    expect(isCalendarDate(value)).toBe(expected);
  });
});

describe('BillCreateSchema', () => {
  it('fills docs/product/signed-in.md §4 defaults and moves dueDate onto due_date', () => {
    expect(BillCreateSchema.parse({ name: ' Rent ', amount: '1200.5', dueDate: '2026-04-01' })).toEqual({
      name: 'Rent',
      amount: 1200.5,
      due_date: '2026-04-01',
      priority: 'medium',
      category: 'utilities',
      recurring: 'monthly',
    });
  });

  it.each([
    [{ amount: 1, due_date: '2026-04-01' }, 'name', 'Name is required'],
    [{ name: 'x', amount: -0.01, due_date: '2026-04-01' }, 'amount', 'Amount cannot be negative'],
    [{ name: 'x', amount: '12abc', due_date: '2026-04-01' }, 'amount', 'Amount must be a number'],
    [{ name: 'x', amount: Number.NaN, due_date: '2026-04-01' }, 'amount', 'Amount must be a number'],
    [{ name: 'x', amount: 1.234, due_date: '2026-04-01' }, 'amount', 'Amount can have at most 2 decimal places'],
    [{ name: 'x', amount: 1, due_date: '2026-02-30' }, 'due_date', 'Due date must be a real date in YYYY-MM-DD format'],
    [{ name: 'x', amount: 1, due_date: '2026-04-01', priority: 'HIGH' }, 'priority', 'Priority must be one of: low, medium, high'],
    [{ name: 'x', amount: 1, due_date: '2026-04-01', extra: 1 }, 'extra', 'Unknown field "extra"'],
  ])('rejects %j on %s', (body, field, message) => {
    const result = BillCreateSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)[field]).toBe(message);
  });

  it('accepts due_date and dueDate together when they agree', () => {
    expect(BillCreateSchema.parse({ name: 'x', amount: 1, due_date: '2026-04-01', dueDate: '2026-04-01' }).due_date).toBe('2026-04-01');
  });
});

describe('BillUpdateSchema', () => {
  it('keeps only the fields sent (no defaults on update)', () => {
    expect(BillUpdateSchema.parse({ amount: 5 })).toEqual({ amount: 5 });
  });
});

describe('IncomeCreateSchema', () => {
  it('defaults frequency to monthly and accepts nextDate', () => {
    expect(IncomeCreateSchema.parse({ source: 'Pay', amount: 100, nextDate: '2026-03-13' })).toEqual({
      source: 'Pay',
      amount: 100,
      next_date: '2026-03-13',
      frequency: 'monthly',
      pay_days: null,
      paid_months: null,
      low_amount: null,
    });
  });
});

describe('SavingsGoalCreateSchema', () => {
  it('defaults the goal type to emergency_fund and the target to null', () => {
    expect(SavingsGoalCreateSchema.parse({ current_amount: 0 })).toEqual({ goal_type: 'emergency_fund', current_amount: 0, target_amount: null });
  });
});

describe('UpsertSuggestionsMessageSchema', () => {
  it('defaults missing lists to empty and names every bad field', () => {
    expect(UpsertSuggestionsMessageSchema.parse({ userId: 'u1' })).toEqual({ userId: 'u1', bills: [], income: [] });
    const result = UpsertSuggestionsMessageSchema.safeParse({
      userId: 'u1',
      income: [{ externalKey: 'k', source: 'Pay', amount: 1, suggestedFrequency: 'yearly', suggestedNextDate: '2026-03-01', confidence: 0.5 }],
    });
    expect(fieldErrors(result.error!)).toEqual({ 'income.0.suggestedFrequency': 'Frequency must be one of: weekly, biweekly, twice-monthly, monthly, quarterly' });
  });
});

describe('amountSchema', () => {
  const amount = amountSchema('Amount', { positive: true });
  const balance = amountSchema('Current amount', { positive: false });
  const errorOf = (schema: typeof amount, value: unknown) => {
    const result = schema.safeParse(value);
    return result.success ? null : result.error.issues[0]!.message;
  };

  it.each([
    [0.1 + 0.2, 0.3],
    [0.30000000000000004, 0.3],
    [1.1 * 3, 3.3],
    [19.99 + 1e-10, 19.99],
    [1200.5, 1200.5],
    [45, 45],
    [9_999_999_999.99, 9_999_999_999.99],
  ])('accepts the number %s within 1e-9 of whole cents as %s', (value, expected) => {
    expect(amount.parse(value)).toBe(expected);
  });

  it('rounds noise around zero to 0 (not -0) where 0 is allowed', () => {
    expect(Object.is(balance.parse(-1e-12), 0)).toBe(true);
    expect(errorOf(amount, 1e-12)).toBe('Amount must be greater than 0');
  });

  it.each([19.999, 1.005, 0.001, 1e-5, 19.99 + 1e-8])('still refuses the number %s with a third decimal', (value) => {
    expect(errorOf(amount, value)).toBe('Amount can have at most 2 decimal places');
  });

  it.each(['1.005', '19.999', '0.30000000000000004'])('still refuses the string %s as written', (value) => {
    expect(errorOf(amount, value)).toBe('Amount can have at most 2 decimal places');
  });

  it('keeps accepting decimal strings and refusing negatives and overflow', () => {
    expect(amount.parse(' 12.5 ')).toBe(12.5);
    expect(amount.parse('.25')).toBe(0.25);
    expect(errorOf(amount, -0.01)).toBe('Amount cannot be negative');
    expect(errorOf(amount, 10_000_000_000)).toBe('Amount must be at most 9,999,999,999.99');
    expect(errorOf(amount, Number.POSITIVE_INFINITY)).toBe('Amount must be a number');
  });

  it('reaches the bill schema: 0.1 + 0.2 is stored as 0.30', () => {
    expect(BillCreateSchema.parse({ name: 'Fee', amount: 0.1 + 0.2, due_date: '2026-04-01' }).amount).toBe(0.3);
  });
});

describe('DashboardQuerySchema', () => {
  it('takes an optional real date as today and a whole laterWindowDays', () => {
    expect(DashboardQuerySchema.parse({})).toEqual({});
    expect(DashboardQuerySchema.parse({ today: '2026-03-09', laterWindowDays: '14', _: '1' })).toEqual({ today: '2026-03-09', laterWindowDays: 14 });
    expect(fieldErrors(DashboardQuerySchema.safeParse({ today: '2026-02-30' }).error!)).toEqual({ today: 'today must be a real date in YYYY-MM-DD format' });
  });
});

describe("the dashboard's answers", () => {
  // Rows as PostgreSQL hands them over (NUMERIC as text), through the service's own mappers and rules.
  const stamp = new Date('2026-03-01T12:00:00Z');
  const billRows = [
    { id: 'b-rent', userId: 'u1', name: 'Rent', amount: '1200.00', dueDate: '2026-03-20', priority: 'high', category: 'rent', recurring: 'monthly' },
    { id: 'b-phone', userId: 'u1', name: 'Phone', amount: '45.50', dueDate: '2026-03-14', priority: 'medium', category: 'utilities', recurring: 'monthly' },
    { id: 'b-gym', userId: 'u1', name: 'Gym', amount: '29.99', dueDate: '2026-03-11', priority: 'low', category: 'subscriptions', recurring: 'weekly' },
    { id: 'b-fee', userId: 'u1', name: 'Registration', amount: '180.00', dueDate: '2026-04-02', priority: 'low', category: 'other', recurring: 'once' },
  ].map((row) => ({ ...row, householdId: null, suggestionId: null, createdAt: stamp, updatedAt: stamp }));
  // A bill the household shares: its `shared` marker must be declared by the contract too.
  const HOME = '5f0c8d3e-8a4b-4c0e-9f51-6f3c2b1a0d9e';
  billRows.push({ ...billRows[0], id: 'b-power', userId: 'u2', name: 'Power', householdId: HOME as never, category: 'utilities' });
  // A bill whose biller moved its due day, with the person's own answer and allowed days.
  billRows.push({ ...billRows[0], id: 'b-card', name: 'Card', category: 'credit-card', dueDate: '2026-03-27', earlierDueDate: '2026-03-12', dueDateFrom: '2026-03-20', dueDayFlexible: 'yes', dueDayMin: 1, dueDayMax: 28 } as never);
  const memberships = [
    { householdId: HOME, name: 'Home', role: 'partner' as const, members: [{ id: 'u2', name: 'Bea', role: 'owner' as const }] },
  ];
  const access = new HouseholdAccess({ membershipsOf: async () => memberships } as unknown as HouseholdClient, noItemsShared);
  const incomeRows = [
    { id: 'i-salary', userId: 'u1', source: 'Salary', amount: '3000.00', frequency: 'biweekly', nextDate: '2026-03-13' },
    { id: 'i-tutor', userId: 'u1', source: 'Tutoring', amount: '400.00', frequency: 'monthly', nextDate: '2026-03-16' },
  ].map((row) => ({ ...row, householdId: null, suggestionId: null, createdAt: stamp, updatedAt: stamp }));
  const goalRows = [{ id: 'g-fund', userId: 'u1', goalType: 'emergency_fund', currentAmount: '1000.00', targetAmount: null, createdAt: stamp, updatedAt: stamp }];
  const repository = <T>(rows: unknown[]) => ({ find: async () => rows }) as unknown as Repository<T>;
  const service = new DashboardService(
    repository<Bill>(billRows),
    repository<IncomeSource>(incomeRows),
    repository<SavingsGoal>(goalRows),
    { figuresFor: async () => ({ analytics: undefined, cashBalanceCents: 250_000, asOf: '2026-03-10T06:00:00.000Z' }) } as unknown as BankSummaryService,
    { now: () => new Date('2026-03-10T12:00:00Z'), today: () => '2026-03-10' },
    access,
    // One unpaid status per bill, so the answer's billStatuses has rows for the schema to check.
    {
      statusesFor: async (_user: string, bills: RuleBill[], _from: string, _to: string) =>
        bills.map((b) => ({ billId: b.id, billName: b.name, dueDate: b.dueDate, amountCents: b.amountCents, status: 'upcoming', paidBy: null, paidOn: null, markedPaid: false })),
    } as unknown as BillStatusService,
    { thresholdFor: async () => 5_000 } as unknown as ForecastSettingsService,
  );

  it('DashboardResponseSchema parses the answer the service builds, declaring every field it sends', async () => {
    const answer: unknown = JSON.parse(JSON.stringify(await service.compute('u1', '2026-03-10', 14, memberships)));
    const parsed = DashboardResponseSchema.parse(answer);
    // zod drops undeclared keys, so equality proves the contract names everything that goes out.
    expect(parsed).toEqual(answer);
    // One money unit: integer cents throughout, rows included.
    expect(parsed.bills.find((b) => b.id === 'b-phone')).toEqual({
      id: 'b-phone', name: 'Phone', amountCents: 4550, dueDate: '2026-03-14', priority: 'medium', category: 'utilities', recurring: 'monthly',
    });
    expect(parsed.income[0]).toMatchObject({ id: 'i-salary', amountCents: 300000, nextDate: '2026-03-13' });
    expect(parsed.bills.find((b) => b.id === 'b-card')).toMatchObject({
      dueDate: '2026-03-27', earlierDueDate: '2026-03-12', dueDateFrom: '2026-03-20', dueDay: { flexible: 'yes', min: 1, max: 28 },
    });
    expect(parsed.bills.find((b) => b.id === 'b-power')?.shared).toEqual({
      householdId: HOME, householdName: 'Home', addedBy: { id: 'u2', name: 'Bea' }, canEdit: true,
    });
    expect(parsed.savingsGoals).toEqual([{ id: 'g-fund', goalType: 'emergency_fund', currentAmountCents: 100000, targetAmountCents: null }]);
    expect(parsed).toMatchObject({ today: '2026-03-10', laterWindowDays: 14 });
    expect(parsed.paymentSchedule.length).toBeGreaterThan(0);
    expect(parsed.analytics.months).toHaveLength(6);
    // The forecast is declared too, counted from the bank balance with the user's threshold.
    expect(parsed.forecast).toMatchObject({ thresholdCents: 5_000, bankBalanceAsOf: '2026-03-10T06:00:00.000Z', safeToSpend: { startCents: 250_000 } });
    expect(parsed.forecast?.days).toHaveLength(31);
  });

  it('TimelineResponseSchema parses the timeline the service builds', async () => {
    const answer: unknown = JSON.parse(JSON.stringify(await service.timeline('u1', { from: '2026-03-10', to: '2026-06-09' })));
    const parsed = TimelineResponseSchema.parse(answer);
    expect(parsed).toEqual(answer);
    expect(new Set(parsed.items.map((i) => i.kind))).toEqual(new Set(['income', 'bill', 'payment']));
  });

  it('refuses an answer in dollars where cents belong', () => {
    const result = DashboardResponseSchema.shape.bills.safeParse([
      { id: 'b', name: 'Phone', amountCents: 45.5, dueDate: '2026-03-14', priority: 'medium', category: 'utilities', recurring: 'monthly' },
    ]);
    expect(result.success).toBe(false);
  });
});
