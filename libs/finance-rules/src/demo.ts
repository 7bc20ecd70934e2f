// The public /demo page (spec part 1 §2 "Demo", §3 "Demo bill" / "Demo income"): fixed sample
// data with dates relative to today, four summary cards and three week columns.
import { addDays, type IsoDate } from './dates.js';
import { dashboardIncomeHorizonDays, projectIncome } from './income.js';
import { monthlyBillsCents, monthlyIncomeCents } from './monthly.js';
import { expandBills } from './recurrence.js';
import { percentOf } from './summary.js';
import type { Bill, IncomeSource, SavingsGoal } from './types.js';
import { buildTimeWindows, type TimeWindows } from './windows.js';

export interface DemoData {
  bills: Bill[];
  incomes: IncomeSource[];
  savingsGoals: SavingsGoal[];
}

export interface DemoSummary {
  /** Income minus expenses, floored at 0 for display (part 1 §2). */
  currentBalanceCents: number;
  monthlyIncomeCents: number;
  monthlyExpensesCents: number;
  /** Expenses as a percent of income, one decimal. */
  expensesPercentOfIncome: number;
  /** Income minus expenses (may be negative). */
  monthlySavingsCents: number;
  /** Savings as a percent of income, one decimal. */
  savingsRatePercent: number;
}

/**
 * part 1 §3: demo bills are rent or utilities with high/medium/low priority, recurring monthly or
 * once; demo income is biweekly or monthly. Dates are spread so every column has items.
 */
export function demoSampleData(today: IsoDate): DemoData {
  return {
    bills: [
      { id: 'demo-bill-rent', name: 'Rent', amountCents: 120_000, dueDate: addDays(today, 3), priority: 'high', category: 'rent', recurring: 'monthly' },
      { id: 'demo-bill-electric', name: 'Electric Bill', amountCents: 8_950, dueDate: addDays(today, 6), priority: 'medium', category: 'utilities', recurring: 'monthly' },
      { id: 'demo-bill-water', name: 'Water Bill', amountCents: 4_525, dueDate: addDays(today, 10), priority: 'medium', category: 'utilities', recurring: 'once' },
      { id: 'demo-bill-internet', name: 'Internet', amountCents: 6_500, dueDate: addDays(today, 18), priority: 'low', category: 'utilities', recurring: 'monthly' },
    ],
    incomes: [
      { id: 'demo-income-job', source: 'Primary Job', amountCents: 240_000, frequency: 'biweekly', nextDate: addDays(today, 1) },
      { id: 'demo-income-freelance', source: 'Freelance Work', amountCents: 80_000, frequency: 'monthly', nextDate: addDays(today, 12) },
    ],
    savingsGoals: [],
  };
}

function oneDecimal(value: number): number {
  return Math.round(value * 10) / 10;
}

/** part 1 §2: the demo's four summary cards, using the same monthly normalisation as the dashboard (part 2 §9). */
export function demoSummary(data: DemoData, today: IsoDate): DemoSummary {
  const income = monthlyIncomeCents(data.incomes, today);
  const expenses = monthlyBillsCents(data.bills, today);
  const savings = income - expenses;
  return {
    currentBalanceCents: Math.max(0, savings),
    monthlyIncomeCents: income,
    monthlyExpensesCents: expenses,
    expensesPercentOfIncome: oneDecimal(percentOf(expenses, income)),
    monthlySavingsCents: savings,
    savingsRatePercent: oneDecimal(percentOf(savings, income)),
  };
}

/**
 * part 1 §2/§9: demo columns use the 7 and 14 day windows. The demo's Later column has no 'show
 * more', so (our choice) it runs to day 30, the minimum income horizon of part 2 §9.
 */
export const DEMO_LATER_WINDOW_DAYS = 16;

export function demoWindows(data: DemoData, today: IsoDate): TimeWindows {
  return buildTimeWindows(
    expandBills(data.bills, today),
    projectIncome(data.incomes, today, dashboardIncomeHorizonDays(DEMO_LATER_WINDOW_DAYS)),
    today,
    DEMO_LATER_WINDOW_DAYS,
  );
}
