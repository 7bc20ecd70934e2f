// Income projection (docs/product/signed-in.md §9: dashboard horizon max(30, window + 14) days; schedule 60 days),
// on day numbers: each pay date is parsed once and formatted once.
import type { IncomeFrequencyValue } from '@paycadence/contracts';
import { compareText } from './compare.js';
import { MIN_DASHBOARD_INCOME_HORIZON_DAYS, WEEK_DAYS } from './constants.js';
import type { IsoDate } from './dates.js';
import { byDay, type Dated } from './dated.js';
import { isoDateOf, readDay, type DayRef } from './day-numbers.js';
import { incomeScheduleOf, plannedAmountCents } from './pay-schedule.js';
import type { IncomeSource } from './types.js';

export interface IncomeOccurrence {
  incomeId: string;
  source: string;
  /** What this paycheck is planned at (plannedAmountCents: the low amount of variable pay). */
  amountCents: number;
  /** The day its money arrives (a weekend or bank holiday pays the business day before: pay-schedule.ts). */
  date: IsoDate;
  frequency: IncomeFrequencyValue;
}

/**
 * docs/product/signed-in.md §9: the dashboard projects income max(30, window + 14) days ahead, where window is
 * the Later window length, so the Later panel (days 15 .. 14 + window) always has its paydays.
 */
export function dashboardIncomeHorizonDays(laterWindowDays: number): number {
  return Math.max(MIN_DASHBOARD_INCOME_HORIZON_DAYS, laterWindowDays + 2 * WEEK_DAYS);
}

/** projectIncome on day numbers: the paydays with their days, sorted by day, then source. */
export function projectIncomeOnDays(incomes: readonly IncomeSource[], today: DayRef, horizonDays: number): Dated<IncomeOccurrence>[] {
  return paydaysBetweenOnDays(incomes, today, today.dayNumber + horizonDays, false);
}

/**
 * Every payday arriving in [from, to] (inclusive), by day then source. `beforeNextDate`: also the paychecks before
 * the entered next date (a schedule runs both ways: the payday before it is the money in hand today); without it a
 * series starts at its next date, as the panels show it.
 */
export function paydaysBetweenOnDays(incomes: readonly IncomeSource[], from: DayRef, to: number, beforeNextDate: boolean): Dated<IncomeOccurrence>[] {
  const result: Dated<IncomeOccurrence>[] = [];
  for (const income of incomes) {
    const schedule = incomeScheduleOf(income);
    const first = schedule.firstIndexOnOrAfter(from) ?? 0;
    let k = beforeNextDate ? first : Math.max(0, first);
    const amountCents = plannedAmountCents(income);
    for (let day = schedule.nth(k); day <= to; day = schedule.nth(++k)) {
      result.push({ day, value: { incomeId: income.id, source: income.source, amountCents, date: isoDateOf(day), frequency: income.frequency } });
    }
  }
  return result.sort((a, b) => byDay(a, b) || compareText(a.value.source, b.value.source));
}

/**
 * Every pay date from today through today + horizonDays (inclusive), starting at nextDate when it
 * is today or later, else rolling forward from it. Sorted by date, then source.
 */
export function projectIncome(incomes: readonly IncomeSource[], today: IsoDate, horizonDays: number): IncomeOccurrence[] {
  return projectIncomeOnDays(incomes, readDay(today), horizonDays).map((o) => o.value);
}
