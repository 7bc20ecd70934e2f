// The public /demo page: fixed sample data with dates relative to today, four summary cards, three week
// columns, and what the dashboard shows from the same rules: the suggested pay date of each bill and what
// is safe to spend until payday.
import { addDays, type IsoDate } from './dates.js';
import { computeForecast, type Forecast } from './forecast.js';
import { dashboardIncomeHorizonDays, projectIncome } from './income.js';
import { monthlyBillsCents, monthlyIncomeCents } from './monthly.js';
import { expandBills } from './recurrence.js';
import { buildPaymentSchedule, type PaymentSuggestion } from './suggestions.js';
import { percentOf } from './summary.js';
import type { Bill, IncomeSource, SavingsGoal } from './types.js';
import { buildTimeWindows, type TimeWindows } from './windows.js';

export interface DemoData {
  bills: Bill[];
  incomes: IncomeSource[];
  savingsGoals: SavingsGoal[];
}

export interface DemoSummary {
  /**
   * The money in hand this morning as the forecast counts it without a bank: the last payday's paychecks less the
   * bills due since (the demo has no bank balance). Not this month's plan: that is monthlySavingsCents.
   */
  currentBalanceCents: number;
  monthlyIncomeCents: number;
  monthlyExpensesCents: number;
  /** Expenses as a percent of income, one decimal. */
  expensesPercentOfIncome: number;
  /** This month's plan: income minus expenses (may be negative). Not savings: nothing here knows other spending. */
  monthlySavingsCents: number;
  /** That plan as a percent of income (left after bills), one decimal. */
  savingsRatePercent: number;
}

/**
 * docs/product/accounts.md §3: demo bills are rent or utilities with high/medium/low priority, recurring monthly or
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
      // Paid in 5 days, after the rent: safe to spend until payday is the last paycheck less the rent, so the demo
      // shows the three figures apart (money in hand today, safe until payday, the month's plan).
      { id: 'demo-income-job', source: 'Primary Job', amountCents: 240_000, frequency: 'biweekly', nextDate: addDays(today, 5) },
      { id: 'demo-income-freelance', source: 'Freelance Work', amountCents: 80_000, frequency: 'monthly', nextDate: addDays(today, 12) },
    ],
    savingsGoals: [],
  };
}

function oneDecimal(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * The demo's Smart Payment Schedule and forecast, by the rules the dashboard's server runs (buildPaymentSchedule,
 * computeForecast with that schedule): each bill's suggested pay date, and safe to spend until payday counted from
 * the last paycheck, as for a user without a linked bank.
 */
export function demoPlan(data: DemoData, today: IsoDate): { schedule: PaymentSuggestion[]; forecast: Forecast } {
  const schedule = buildPaymentSchedule(data.bills, data.incomes, today);
  const forecast = computeForecast({ bills: data.bills, incomes: data.incomes, today, paymentSchedule: schedule });
  return { schedule, forecast };
}

/**
 * The demo's four summary cards, with the dashboard's monthly normalisation. The balance is today's (the
 * forecast's start), the plan is the month's: two different figures, each named for what it is.
 */
export function demoSummary(data: DemoData, today: IsoDate): DemoSummary {
  const income = monthlyIncomeCents(data.incomes, today);
  const expenses = monthlyBillsCents(data.bills, today);
  const plan = income - expenses;
  return {
    currentBalanceCents: demoPlan(data, today).forecast.safeToSpend.startCents,
    monthlyIncomeCents: income,
    monthlyExpensesCents: expenses,
    expensesPercentOfIncome: oneDecimal(percentOf(expenses, income)),
    monthlySavingsCents: plan,
    savingsRatePercent: oneDecimal(percentOf(plan, income)),
  };
}

/**
 * docs/product/accounts.md §2/§9: demo columns use the 7 and 14 day windows. The demo's Later column has no 'show
 * more', so (our choice) it runs to day 30, the minimum income horizon of docs/product/signed-in.md §9.
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
