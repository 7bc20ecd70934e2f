// The date ranges the Calendar and Planner views ask the server for (docs/product/signed-in.md §2, §9). Calendar
// arithmetic only: what falls in a range, and its totals, come from GET /timeline.
import type { TimelineItem } from '@paycadence/contracts';
import { addDays, addMonths, dayOfWeek, daysInMonth, parseIsoDate, startOfMonth, type IsoDate } from '@paycadence/finance-rules';

/** A timeline item's visible name: a suggested payment says what it pays. */
export const itemLabel = (item: TimelineItem) => (item.kind === 'payment' ? `Pay ${item.name}` : item.name);

export type PlannerRange = 'week' | 'month' | 'quarter';

/** docs/product/signed-in.md §9: planner ranges: week 7 days, month 1 month, quarter 3 months (from today). */
export function plannerRangeEnd(today: IsoDate, range: PlannerRange): IsoDate {
  if (range === 'week') return addDays(today, 6);
  return addDays(addMonths(today, range === 'month' ? 1 : 3), -1);
}

/**
 * docs/product/signed-in.md §2: Sunday-first month grid of 35 or 42 cells (42 only when the month does not fit in
 * five weeks).
 */
export function monthGrid(anyDayInMonth: IsoDate): IsoDate[] {
  const first = startOfMonth(anyDayInMonth);
  const { year, month } = parseIsoDate(first);
  const lead = dayOfWeek(first);
  const cells = lead + daysInMonth(year, month) > 35 ? 42 : 35;
  const start = addDays(first, -lead);
  return Array.from({ length: cells }, (_, i) => addDays(start, i));
}

/** The Sunday-first week holding the date. */
export function weekGrid(day: IsoDate): IsoDate[] {
  const start = addDays(day, -dayOfWeek(day));
  return Array.from({ length: 7 }, (_, i) => addDays(start, i));
}

export function isSameMonth(a: IsoDate, b: IsoDate): boolean {
  return startOfMonth(a) === startOfMonth(b);
}
