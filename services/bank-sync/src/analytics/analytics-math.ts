import {
  BILL_CATEGORY_VALUES,
  DETECTED_FREQUENCIES,
  type BankAnalyticsDto,
  type BillCategoryValue,
  type DetectedFrequency,
  transactionCategoryLabel,
} from '@paycadence/contracts';
import { roundDollarsToCent } from '../common/numeric.js';

// Pure pieces of docs/product/signed-in.md §3 analytics: no database, no clock (today is passed in), unit-tested.

export type MonthlyBreakdown = BankAnalyticsDto['monthlyBreakdown'][number];
export type AnalyticsBill = BankAnalyticsDto['bills'][number];
export type AnalyticsIncome = BankAnalyticsDto['income'][number];
export type SavingsTrend = BankAnalyticsDto['savings']['trend'];

/** docs/product/signed-in.md §9 'last 6 months'. */
export const ANALYTICS_MONTHS = 6;
/** A savings rate that moved less than this many points between the two quarters is 'stable'. */
export const TREND_THRESHOLD_POINTS = 2;
/** Income whose last amount is within this share of its average is a steady 'salary'. */
export const SALARY_TOLERANCE = 0.05;

export interface MonthTotals {
  month: string;
  income: number;
  expenses: number;
  transactionCount: number;
}

/** The `count` calendar months ending with today's, oldest first: ['2025-10', ..., '2026-03']. */
export function lastMonths(today: string, count = ANALYTICS_MONTHS): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  return Array.from({ length: count }, (_, index) => {
    const at = new Date(Date.UTC(year, month - (count - 1 - index), 1));
    return at.toISOString().slice(0, 7);
  });
}

/** The first day of the oldest month of the window (what the SQL filters on). */
export function windowStartDate(today: string, count = ANALYTICS_MONTHS): string {
  return `${lastMonths(today, count)[0]}-01`;
}

/** Percent with one decimal; 0 without income (spec: the rate is meaningless then). */
export function savingsRate(income: number, expenses: number): number {
  if (income <= 0) return 0;
  return Math.round(((income - expenses) / income) * 1000) / 10;
}

/** One row per month of the window, months without transactions included as zeros. */
export function monthlyBreakdown(today: string, totals: MonthTotals[]): MonthlyBreakdown[] {
  const byMonth = new Map(totals.map((row) => [row.month, row]));
  return lastMonths(today).map((month) => {
    const row = byMonth.get(month);
    const income = roundDollarsToCent(row?.income ?? 0);
    const expenses = roundDollarsToCent(row?.expenses ?? 0);
    return {
      month,
      income,
      expenses,
      savings: roundDollarsToCent(income - expenses),
      savingsRate: savingsRate(income, expenses),
      transactionCount: row?.transactionCount ?? 0,
    };
  });
}

/** The savings rate of the last 3 months against the 3 before (spec §3 trend improving, declining or stable). */
export function savingsTrend(breakdown: MonthlyBreakdown[]): SavingsTrend {
  const half = Math.floor(breakdown.length / 2);
  const rateOf = (months: MonthlyBreakdown[]) =>
    savingsRate(
      months.reduce((sum, m) => sum + m.income, 0),
      months.reduce((sum, m) => sum + m.expenses, 0),
    );
  const previous = breakdown.slice(0, half);
  const recent = breakdown.slice(half);
  if (!previous.some((m) => m.income > 0 || m.expenses > 0)) return 'stable';
  const change = rateOf(recent) - rateOf(previous);
  if (change > TREND_THRESHOLD_POINTS) return 'improving';
  if (change < -TREND_THRESHOLD_POINTS) return 'declining';
  return 'stable';
}

export function summary(breakdown: MonthlyBreakdown[]): BankAnalyticsDto['summary'] & { rate: number } {
  const totalIncome = roundDollarsToCent(breakdown.reduce((sum, m) => sum + m.income, 0));
  const totalExpenses = roundDollarsToCent(breakdown.reduce((sum, m) => sum + m.expenses, 0));
  return { totalIncome, totalExpenses, netSavings: roundDollarsToCent(totalIncome - totalExpenses), rate: savingsRate(totalIncome, totalExpenses) };
}

/** Spending by category label (transactionCategoryLabel, the screen's label too); rows of one label merge. */
export function expensesByCategory(rows: { categories: string[] | null; total: number; count: number }[]): BankAnalyticsDto['expensesByCategory'] {
  const merged = new Map<string, { total: number; count: number }>();
  for (const row of rows) {
    const label = transactionCategoryLabel(row.categories);
    const entry = merged.get(label) ?? { total: 0, count: 0 };
    entry.total += row.total;
    entry.count += row.count;
    merged.set(label, entry);
  }
  const sorted = [...merged.entries()].sort((a, b) => b[1].total - a[1].total || a[0].localeCompare(b[0]));
  return Object.fromEntries(
    sorted.map(([label, { total, count }]) => [label, { total: roundDollarsToCent(total), count, average: count ? roundDollarsToCent(total / count) : 0 }]),
  );
}

export interface StreamRow {
  direction: 'inflow' | 'outflow';
  name: string;
  category: string;
  frequency: string;
  confidence: number;
  averageAmount: number;
  lastAmount: number;
  nextDate: string;
  priceChanged: boolean;
}

const asFrequency = (value: string): DetectedFrequency | null =>
  (DETECTED_FREQUENCIES as readonly string[]).includes(value) ? (value as DetectedFrequency) : null;
const asBillCategory = (value: string): BillCategoryValue =>
  (BILL_CATEGORY_VALUES as readonly string[]).includes(value) ? (value as BillCategoryValue) : 'other';
const round3 = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 1000) / 1000;

/** Detected recurring outflows, most certain first (the screen shows the top 5). */
export function billsFromStreams(streams: StreamRow[]): AnalyticsBill[] {
  return streams
    .filter((s) => s.direction === 'outflow' && asFrequency(s.frequency))
    .map((s) => ({
      name: s.name,
      category: asBillCategory(s.category),
      frequency: asFrequency(s.frequency)!,
      nextDueDate: s.nextDate,
      averageAmount: roundDollarsToCent(Math.abs(s.averageAmount)),
      lastAmount: roundDollarsToCent(Math.abs(s.lastAmount)),
      priceChanged: s.priceChanged,
      confidence: round3(s.confidence),
    }))
    // Largest first: the analytics view shows the top 5 (spec §9), and rent matters more than a $12 subscription.
    .sort((a, b) => b.averageAmount - a.averageAmount || b.confidence - a.confidence || a.name.localeCompare(b.name));
}

/** Detected recurring inflows; a paycheck whose last amount sits near its average is a 'salary'. */
export function incomeFromStreams(streams: StreamRow[]): AnalyticsIncome[] {
  return streams
    .filter((s) => s.direction === 'inflow' && asFrequency(s.frequency))
    .map((s) => {
      const average = Math.abs(s.averageAmount);
      const steady = average > 0 && Math.abs(Math.abs(s.lastAmount) - average) / average <= SALARY_TOLERANCE;
      return {
        source: s.name,
        type: steady ? ('salary' as const) : ('variable' as const),
        frequency: asFrequency(s.frequency)!,
        nextExpected: s.nextDate,
        averageAmount: roundDollarsToCent(average),
        reliability: round3(s.confidence),
      };
    })
    .sort((a, b) => b.reliability - a.reliability || b.averageAmount - a.averageAmount || a.source.localeCompare(b.source));
}
