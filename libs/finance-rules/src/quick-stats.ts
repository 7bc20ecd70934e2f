// Quick Stats in the Smart Suggestions panel (spec part 2 §2): month, days remaining, upcoming bills.
import { daysBetween, endOfMonth, monthName, type IsoDate } from './dates.js';
import type { BillOccurrence } from './recurrence.js';
import { billsDueThrough, endOfNextWeek } from './windows.js';

export interface QuickStats {
  /** e.g. 'March' */
  monthName: string;
  /** Days left after today in the current month (0 on the last day). */
  daysRemainingInMonth: number;
  /** spec part 2 §9: bill occurrences due from today through the end of next week. */
  upcomingBillsCount: number;
  upcomingBillsEndDate: IsoDate;
}

export function computeQuickStats(bills: readonly BillOccurrence[], today: IsoDate): QuickStats {
  const end = endOfNextWeek(today);
  return {
    monthName: monthName(today),
    daysRemainingInMonth: daysBetween(today, endOfMonth(today)),
    upcomingBillsCount: billsDueThrough(bills, today, end).length,
    upcomingBillsEndDate: end,
  };
}
