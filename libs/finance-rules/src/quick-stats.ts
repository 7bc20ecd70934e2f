// Quick Stats in the Smart Suggestions panel (docs/product/signed-in.md §2): month, days remaining, upcoming bills.
import { MONTH_NAMES, type IsoDate } from './dates.js';
import { dateEach, type Dated } from './dated.js';
import { daysInMonth, isoDateOf, readDay, type DayRef } from './day-numbers.js';
import type { BillOccurrence } from './recurrence.js';
import { billsDueBetween, endOfNextWeekDay } from './windows.js';

export interface QuickStats {
  /** e.g. 'March' */
  monthName: string;
  /** Days left after today in the current month (0 on the last day). */
  daysRemainingInMonth: number;
  /** docs/product/signed-in.md §9: bill occurrences due from today through the end of next week. */
  upcomingBillsCount: number;
  upcomingBillsEndDate: IsoDate;
}

/** computeQuickStats on day numbers. */
export function computeQuickStatsOnDays(bills: readonly Dated<BillOccurrence>[], today: DayRef): QuickStats {
  const endOfNextWeek = endOfNextWeekDay(today.dayNumber);
  return {
    monthName: MONTH_NAMES[today.month - 1]!,
    daysRemainingInMonth: daysInMonth(today.year, today.month) - today.day,
    upcomingBillsCount: billsDueBetween(bills, today.dayNumber, endOfNextWeek).length,
    upcomingBillsEndDate: isoDateOf(endOfNextWeek),
  };
}

export function computeQuickStats(bills: readonly BillOccurrence[], today: IsoDate): QuickStats {
  const day = readDay(today);
  return computeQuickStatsOnDays(dateEach(bills, (b) => b.dueDate), day);
}
