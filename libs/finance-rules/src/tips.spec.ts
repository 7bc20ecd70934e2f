import { describe, expect, it } from 'vitest';
import {
  buildTips,
  computeEmergencyFund,
  computeSummary,
  type BillOccurrence,
  type IncomeSource,
  type SavingsGoal,
  type TipInput,
} from './index.js';
import { income } from './testing/builders.js';

const dueSoon: BillOccurrence = {
  billId: 'rent', billName: 'Rent', amountCents: 120_000, dueDate: '2026-03-12', priority: 'high', category: 'rent', recurring: 'monthly',
};
const twoIncomes: IncomeSource[] = [income({ id: 'a', source: 'Job' }), income({ id: 'b', source: 'Side gig' })];

/** Tips for a month with the given income and bills; by default nothing but the rule under test fires. */
function tipsFor(incomeCents: number, billsCents: number, extra: Partial<TipInput> & { goals?: SavingsGoal[] } = {}) {
  const summary = computeSummary(incomeCents, billsCents);
  const goals = extra.goals ?? [{ goalType: 'emergency_fund', currentAmountCents: 10_000_000 }];
  return buildTips({
    summary,
    emergencyFund: computeEmergencyFund(billsCents, goals),
    incomes: twoIncomes,
    billsDueWithinWeek: [],
    ...extra,
  });
}

const ids = (tips: { id: string }[]) => tips.map((t) => t.id);

describe('tips rules (docs/product/signed-in.md §5)', () => {
  it('deficit (balance below 0) is urgent', () => {
    const tips = tipsFor(100_000, 120_000);
    expect(tips[0]).toMatchObject({ id: 'deficit', type: 'urgent', title: 'Budget deficit' });
    expect(tips[0]?.message).toContain('$200.00');
  });

  it.each([
    ['5% left: tight', 95_000, true],
    ['just under 10% left: tight', 90_001, true],
    ['exactly 10% left: not tight', 90_000, false],
    ['0 left: tight (not a deficit)', 100_000, true],
  ])('tight budget (balance under 10 percent of income) is a warning: %s', (_label, bills, fires) => {
    const tip = tipsFor(100_000, bills).find((t) => t.id === 'tight-budget');
    expect(tip?.type).toBe(fires ? 'warning' : undefined);
  });

  it('a deficit is not also reported as a tight budget', () => {
    expect(ids(tipsFor(100_000, 120_000))).not.toContain('tight-budget');
  });

  it.each([
    ['20% of a $500 balance is capped at $100', 100_000, 50_000, '$100.00'],
    ['20% of a $300 balance is $60', 100_000, 70_000, '$60.00'],
  ])('no emergency fund, positive balance: start with min(20%% of balance, $100): %s', (_label, inc, bills, amount) => {
    const tip = tipsFor(inc, bills, { goals: [] }).find((t) => t.id === 'emergency-fund-start');
    expect(tip?.type).toBe('info');
    expect(tip?.message).toContain(`Set aside ${amount}`);
  });

  it.each([
    // goal 6 x $500 = $3000, saved $1000: shortfall $2000 / 12 = $166.67.
    ['30% of a $500 balance ($150) is smaller than shortfall / 12', 100_000, '$150.00'],
    ['shortfall / 12 ($166.67) is smaller than 30% of a $1000 balance', 150_000, '$166.67'],
  ])('existing fund: add min(30%% of balance, shortfall / 12) a month: %s', (_label, inc, amount) => {
    const tip = tipsFor(inc, 50_000, { goals: [{ goalType: 'emergency_fund', currentAmountCents: 100_000 }] }).find(
      (t) => t.id === 'emergency-fund-grow',
    );
    expect(tip?.message).toContain(`Add ${amount} a month`);
    expect(tip?.message).toContain('(33%)');
  });

  it.each([
    ['the goal is reached', 100_000, 50_000, 300_000],
    ['the balance is not positive', 50_000, 50_000, 0],
  ])('no emergency fund tip when %s', (_label, inc, bills, saved) => {
    const tips = tipsFor(inc, bills, { goals: [{ goalType: 'emergency_fund', currentAmountCents: saved }] });
    expect(ids(tips).filter((id) => id.startsWith('emergency'))).toEqual([]);
  });

  it('bills due within 7 days get a reminder', () => {
    const tip = tipsFor(100_000, 85_000, { billsDueWithinWeek: [dueSoon, { ...dueSoon, amountCents: 5_000 }] }).find(
      (t) => t.id === 'bills-due-soon',
    );
    expect(tip?.message).toBe('2 bills totalling $1,250.00 due in the next 7 days.');
  });

  it.each([
    [0, false],
    [1, true],
    [2, false],
  ])('%i income source(s): diversify tip %s (exactly one)', (count, fires) => {
    const incomes = twoIncomes.slice(0, count);
    expect(ids(tipsFor(100_000, 85_000, { incomes })).includes('diversify-income')).toBe(fires);
  });

  it.each([
    ['9.9%: tip', 9.9, 'low-savings-rate', 'info'],
    ['10%: nothing', 10, undefined, undefined],
    ['19.9%: nothing', 19.9, undefined, undefined],
    ['20%: success', 20, 'strong-savings-rate', 'success'],
  ])('savings rate %s (under 10 tip, 20 or more success)', (_label, rate, id, type) => {
    const tip = tipsFor(100_000, 85_000, { savingsRatePercent: rate }).find((t) => t.id.includes('savings-rate'));
    expect(tip?.id).toBe(id);
    expect(tip?.type).toBe(type);
  });

  it('without a bank-measured rate there is no savings tip: income minus bills is not savings', () => {
    expect(ids(tipsFor(100_000, 25_000)).filter((id) => id.includes('savings-rate'))).toEqual([]);
    expect(ids(tipsFor(100_000, 95_000)).filter((id) => id.includes('savings-rate'))).toEqual([]);
  });

  it.each([
    ['exactly 80%: nothing', 80_000, false],
    ['80.01%: warning', 80_010, true],
  ])('expenses over 80 percent of income: %s', (_label, bills, fires) => {
    const tip = tipsFor(100_000, bills).find((t) => t.id === 'high-expenses');
    expect(tip !== undefined).toBe(fires);
    if (fires) expect(tip).toMatchObject({ type: 'warning', message: 'Bills take 80% of your income; aim under 70%.' });
  });

  it('no income: no ratio-based tips, and no deficit either (bills before income are not a deficit)', () => {
    expect(ids(tipsFor(0, 50_000))).toEqual([]);
  });

  it('shows at most 4, most severe first (docs/product/signed-in.md §9)', () => {
    const tips = tipsFor(100_000, 120_000, { incomes: twoIncomes.slice(0, 1), billsDueWithinWeek: [dueSoon] });
    // Five rules match: deficit, bills due, diversify, the bank's low savings rate, high expenses.
    const withBankRate = tipsFor(100_000, 120_000, { incomes: twoIncomes.slice(0, 1), billsDueWithinWeek: [dueSoon], savingsRatePercent: -5 });
    expect(ids(withBankRate)).toEqual(['deficit', 'high-expenses', 'bills-due-soon', 'diversify-income']);
    expect(ids(tips)).toEqual(['deficit', 'high-expenses', 'bills-due-soon', 'diversify-income']);
  });
});

describe('emergency fund (docs/product/signed-in.md §9: goal 6 x monthly bills, progress capped at 100)', () => {
  it.each([
    ['a third saved', 50_000, 100_000, 300_000, 33],
    ['just short is not rounded up to 100', 50_000, 299_999, 300_000, 99],
    ['capped at 100', 50_000, 500_000, 300_000, 100],
    ['nothing saved', 50_000, 0, 300_000, 0],
    ['no bills and nothing saved', 0, 0, 0, 0],
    ['no bills but savings', 0, 1_000, 0, 100],
  ])('%s', (_label, monthlyBills, saved, goal, progress) => {
    expect(computeEmergencyFund(monthlyBills, [{ goalType: 'emergency_fund', currentAmountCents: saved }])).toEqual({
      goalCents: goal,
      currentCents: saved,
      progressPercent: progress,
    });
  });

  it('adds up emergency_fund goals only', () => {
    const fund = computeEmergencyFund(10_000, [
      { goalType: 'emergency_fund', currentAmountCents: 1_000 },
      { goalType: 'vacation', currentAmountCents: 9_000 },
      { goalType: 'emergency_fund', currentAmountCents: 2_000 },
    ]);
    expect(fund.currentCents).toBe(3_000);
  });
});

describe('summary', () => {
  it('computes the spending balance and rates', () => {
    expect(computeSummary(400_000, 150_000)).toEqual({
      monthlyIncomeCents: 400_000,
      monthlyBillsCents: 150_000,
      spendingBalanceCents: 250_000,
      savingsRatePercent: 62.5,
      billsPercentOfIncome: 37.5,
    });
  });

  it('uses the analytics income when the own income is 0 (docs/product/signed-in.md §9)', () => {
    expect(computeSummary(0, 50_000, 200_000)).toMatchObject({ monthlyIncomeCents: 200_000, spendingBalanceCents: 150_000, savingsRatePercent: 75 });
    expect(computeSummary(0, 50_000)).toMatchObject({ spendingBalanceCents: -50_000, savingsRatePercent: 0 });
  });
});

describe('first steps and zero income', () => {
  const noIncome = (billsCents: number, extra: Partial<TipInput> = {}) => tipsFor(0, billsCents, { incomes: [], ...extra });

  it.each([
    ['no bills, no income', 0, ['add-income-first']],
    ['a first bill before any income: no deficit, no percentages', 251_100, ['add-income-first']],
    ['a first bill due this week before any income', 251_100, ['add-income-first', 'bills-due-soon'], [dueSoon]],
  ] as const)('%s', (_label, billsCents, expected, dueWithinWeek: readonly BillOccurrence[] = []) => {
    const tips = noIncome(billsCents, { billsDueWithinWeek: dueWithinWeek });
    expect(ids(tips)).toEqual(expected);
    expect(tips[0]).toMatchObject({ type: 'info', title: 'Add your paycheck first' });
    for (const tip of tips) expect(tip.message).not.toMatch(/-?\d+%/);
  });

  it('with income known from the bank but no paycheck added: the budget tips speak instead', () => {
    expect(ids(tipsFor(100_000, 120_000, { incomes: [], savingsRatePercent: -20 }))).toEqual(['deficit', 'high-expenses', 'low-savings-rate']);
  });

  it.each([
    ['-2511%: no negative percentage', -2511, 'Your bank history shows you spend more than you earn, so nothing is left to save.'],
    ['-0.5%: no negative percentage', -0.5, 'Your bank history shows you spend more than you earn, so nothing is left to save.'],
    ['0%: kept as a percentage', 0, 'Your bank history shows you keep 0% of your income.'],
    ['9.9%: kept as a percentage', 9.9, 'Your bank history shows you keep 9.9% of your income.'],
  ])('low savings rate %s', (_label, rate, text) => {
    const tip = tipsFor(100_000, 50_000, { savingsRatePercent: rate }).find((t) => t.id === 'low-savings-rate');
    expect(tip?.message).toContain(text);
  });

  it('names the next 7 days, not "this week", for bills due soon', () => {
    expect(tipsFor(100_000, 50_000, { billsDueWithinWeek: [dueSoon] }).find((t) => t.id === 'bills-due-soon')?.title).toBe('Bills due in the next 7 days');
  });
});

describe('the tips praise only what is known', () => {
  const praise = (tips: { type: string; title: string }[]) => tips.filter((t) => t.type === 'success').map((t) => t.title);

  it.each([
    // label, monthly income, monthly bills, savings rate the bank measured (undefined: no bank), praise given
    ['plan leaves 60%, no bank: the share of income bills take, never "savings"', 100_000, 40_000, undefined, ['Bills take 40% of your income']],
    ['bills exactly 70% of income, no bank', 100_000, 70_000, undefined, ['Bills take 70% of your income']],
    ['bills 75% of income, no bank: nothing to praise', 100_000, 75_000, undefined, []],
    ['a deficit, no bank', 100_000, 120_000, undefined, []],
    ['no bills yet: bills taking 0% is no achievement', 100_000, 0, undefined, []],
    ['plan leaves 60%, the bank measured 25%: the savings rate, from the bank', 100_000, 40_000, 25, ['Great savings rate']],
    ['plan leaves 60%, the bank measured 5%: no praise at all', 100_000, 40_000, 5, []],
    ['plan leaves 60%, the bank measured a negative rate: no praise at all', 100_000, 40_000, -12, []],
  ] as const)('%s', (_label, income, bills, bankRate, expected) => {
    const tips = tipsFor(income, bills, bankRate === undefined ? {} : { savingsRatePercent: bankRate });
    expect(praise(tips)).toEqual(expected);
    if (bankRate === undefined) for (const tip of tips) expect(`${tip.title} ${tip.message}`).not.toMatch(/savings rate|you keep/i);
  });

  it('says what the plan leaves after bills, in this month\'s words', () => {
    const tip = tipsFor(400_000, 150_000).find((t) => t.id === 'bills-share');
    expect(tip).toEqual({
      id: 'bills-share',
      type: 'success',
      title: 'Bills take 38% of your income',
      message: "This month's plan leaves $2,500.00 after bills. Set some aside on payday, before it gets spent.",
    });
  });

  it('praises the bank-measured rate in the bank\'s words', () => {
    expect(tipsFor(100_000, 40_000, { savingsRatePercent: 25 }).find((t) => t.id === 'strong-savings-rate')?.message).toBe(
      'Your bank history shows you keep 25% of your income. Keep it up!',
    );
  });
});
