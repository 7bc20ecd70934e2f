// Income projection (spec part 2 §9: dashboard horizon max(30, window + 14) days; schedule 60 days).
import { compareText } from './compare.js';
import { MIN_DASHBOARD_INCOME_HORIZON_DAYS, WEEK_DAYS } from './constants.js';
import { addDays, daysBetween, type IsoDate } from './dates.js';
import { firstOccurrenceIndexOnOrAfter, nthOccurrence } from './recurrence.js';
import type { IncomeFrequency, IncomeSource } from './types.js';

export interface IncomeOccurrence {
  incomeId: string;
  source: string;
  amountCents: number;
  /** The pay date of this occurrence. */
  date: IsoDate;
  frequency: IncomeFrequency;
}

/**
 * spec part 2 §9: the dashboard projects income max(30, window + 14) days ahead, where window is
 * the Later window length, so the Later panel (days 15 .. 14 + window) always has its paydays.
 */
export function dashboardIncomeHorizonDays(laterWindowDays: number): number {
  return Math.max(MIN_DASHBOARD_INCOME_HORIZON_DAYS, laterWindowDays + 2 * WEEK_DAYS);
}

/**
 * Every pay date from today through today + horizonDays (inclusive), starting at nextDate when it
 * is today or later, else rolling forward from it. Sorted by date, then source.
 */
export function projectIncome(incomes: readonly IncomeSource[], today: IsoDate, horizonDays: number): IncomeOccurrence[] {
  const end = addDays(today, horizonDays);
  const result: IncomeOccurrence[] = [];
  for (const income of incomes) {
    let k = Math.max(0, firstOccurrenceIndexOnOrAfter(income.nextDate, income.frequency, today) ?? 0);
    for (let date = nthOccurrence(income.nextDate, income.frequency, k); daysBetween(date, end) >= 0; date = nthOccurrence(income.nextDate, income.frequency, ++k)) {
      result.push({ incomeId: income.id, source: income.source, amountCents: income.amountCents, date, frequency: income.frequency });
    }
  }
  return result.sort((a, b) => daysBetween(b.date, a.date) || compareText(a.source, b.source));
}
