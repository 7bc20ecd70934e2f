import {
  billsFromStreams,
  expensesByCategory,
  incomeFromStreams,
  lastMonths,
  monthlyBreakdown,
  savingsRate,
  savingsTrend,
  summary,
  windowStartDate,
  type StreamRow,
} from './analytics-math.js';

const stream = (overrides: Partial<StreamRow>): StreamRow => ({
  direction: 'outflow',
  name: 'Netflix',
  category: 'subscriptions',
  frequency: 'monthly',
  confidence: 0.95,
  averageAmount: 15.49,
  lastAmount: 15.49,
  nextDate: '2026-03-22',
  priceChanged: false,
  ...overrides,
});

describe('analytics window', () => {
  it('covers the 6 calendar months ending with today, across a year boundary', () => {
    expect(lastMonths('2026-03-10')).toEqual(['2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03']);
    expect(windowStartDate('2026-03-10')).toBe('2025-10-01');
    expect(lastMonths('2026-12-31', 2)).toEqual(['2026-11', '2026-12']);
  });
});

describe('savingsRate', () => {
  it.each([
    [5000, 4000, 20],
    [3000, 3500, -16.7],
    [0, 200, 0],
    [1234.56, 1000, 19],
  ])('income %p, expenses %p → %p%%', (income, expenses, rate) => {
    expect(savingsRate(income, expenses)).toBe(rate);
  });
});

describe('monthlyBreakdown and summary', () => {
  const breakdown = monthlyBreakdown('2026-03-10', [
    { month: '2026-03', income: 2000, expenses: 1500.1, transactionCount: 12 },
    { month: '2025-10', income: 4000, expenses: 3000, transactionCount: 30 },
    { month: '2025-04', income: 99999, expenses: 1, transactionCount: 1 }, // outside the window
  ]);

  it('answers six months oldest first, empty months as zeros', () => {
    expect(breakdown.map((m) => m.month)).toEqual(['2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03']);
    expect(breakdown[0]).toEqual({ month: '2025-10', income: 4000, expenses: 3000, savings: 1000, savingsRate: 25, transactionCount: 30 });
    expect(breakdown[1]).toEqual({ month: '2025-11', income: 0, expenses: 0, savings: 0, savingsRate: 0, transactionCount: 0 });
    expect(breakdown[5]).toMatchObject({ savings: 499.9, savingsRate: 25 });
  });

  it('totals the window', () => {
    expect(summary(breakdown)).toEqual({ totalIncome: 6000, totalExpenses: 4500.1, netSavings: 1499.9, rate: 25 });
  });
});

describe('savingsTrend (last 3 months against the 3 before)', () => {
  const months = (rates: [number, number][]) =>
    monthlyBreakdown(
      '2026-03-10',
      lastMonths('2026-03-10').map((month, index) => ({ month, income: rates[index]![0], expenses: rates[index]![1], transactionCount: 1 })),
    );

  it('is improving when the recent rate is more than 2 points higher', () => {
    expect(savingsTrend(months([[1000, 900], [1000, 900], [1000, 900], [1000, 700], [1000, 700], [1000, 700]]))).toBe('improving');
  });
  it('is declining when it is more than 2 points lower', () => {
    expect(savingsTrend(months([[1000, 700], [1000, 700], [1000, 700], [1000, 900], [1000, 900], [1000, 900]]))).toBe('declining');
  });
  it('is stable within 2 points, and without an earlier quarter to compare with', () => {
    expect(savingsTrend(months([[1000, 800], [1000, 800], [1000, 800], [1000, 810], [1000, 810], [1000, 810]]))).toBe('stable');
    expect(savingsTrend(months([[0, 0], [0, 0], [0, 0], [1000, 100], [1000, 100], [1000, 100]]))).toBe('stable');
  });
});

describe('expensesByCategory', () => {
  it('labels categories as the screen does (legacy name first, else the code as words), merges equal labels, sorts by total and averages', () => {
    expect(
      expensesByCategory([
        { categories: ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_RESTAURANT'], total: 200, count: 2 },
        { categories: ['Food and Drink', 'Restaurants', 'FOOD_AND_DRINK'], total: 100, count: 1 },
        { categories: ['RENT_AND_UTILITIES'], total: 1800.5, count: 2 },
        { categories: ['Groceries'], total: 40, count: 1 },
        { categories: null, total: 10, count: 1 },
        { categories: [], total: 5, count: 1 },
      ]),
    ).toEqual({
      'Rent and Utilities': { total: 1800.5, count: 2, average: 900.25 },
      'Food and Drink': { total: 300, count: 3, average: 100 },
      Groceries: { total: 40, count: 1, average: 40 },
      Other: { total: 15, count: 2, average: 7.5 },
    });
  });
});

describe('bills and income from recurring streams', () => {
  it('answers outflow streams as bills, largest first, with a known category or other', () => {
    const bills = billsFromStreams([
      stream({ name: 'City Power', category: 'utilities', confidence: 0.72, averageAmount: 88.1, lastAmount: 95 }),
      stream({ name: 'Gym', category: 'fitness', confidence: 0.9, averageAmount: 25, lastAmount: 25 }),
      stream({ name: 'Payroll', direction: 'inflow' }),
      stream({ name: 'Odd', frequency: 'daily' }),
    ]);
    expect(bills.map((b) => b.name)).toEqual(['City Power', 'Gym']);
    expect(bills[1]).toMatchObject({ category: 'other', frequency: 'monthly', nextDueDate: '2026-03-22', confidence: 0.9 });
    expect(bills[0]).toMatchObject({ averageAmount: 88.1, lastAmount: 95, priceChanged: false });
  });

  it('answers inflow streams as income: steady amounts are a salary, moving ones variable', () => {
    const income = incomeFromStreams([
      stream({ direction: 'inflow', name: 'ACME Payroll', frequency: 'biweekly', averageAmount: -2100, lastAmount: -2100, confidence: 0.97 }),
      stream({ direction: 'inflow', name: 'Freelance', frequency: 'monthly', averageAmount: -900, lastAmount: -1400, confidence: 0.6 }),
    ]);
    expect(income).toEqual([
      { source: 'ACME Payroll', type: 'salary', frequency: 'biweekly', nextExpected: '2026-03-22', averageAmount: 2100, reliability: 0.97 },
      { source: 'Freelance', type: 'variable', frequency: 'monthly', nextExpected: '2026-03-22', averageAmount: 900, reliability: 0.6 },
    ]);
  });
});
