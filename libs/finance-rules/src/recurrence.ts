// Recurrence expansion for bills and income (spec part 2 §3 recurring values, §9 occurrence counts).
import { compareText } from './compare.js';
import { DASHBOARD_OCCURRENCE_COUNTS } from './constants.js';
import { addDays, addMonths, daysBetween, parseIsoDate, type IsoDate } from './dates.js';
import type { Bill, BillCategory, BillPriority, BillRecurrence, Recurrence } from './types.js';

export interface BillOccurrence {
  billId: string;
  billName: string;
  amountCents: number;
  /** The due date of this occurrence. */
  dueDate: IsoDate;
  priority: BillPriority;
  category: BillCategory;
  recurring: BillRecurrence;
}

const DAY_STEPS: Partial<Record<Recurrence, number>> = { weekly: 7, biweekly: 14 };
const MONTH_STEPS: Partial<Record<Recurrence, number>> = { monthly: 1, quarterly: 3, yearly: 12 };

/**
 * The n-th occurrence counted from the anchor (n may be negative for repeating rules). Month-based
 * rules always add to the anchor, so a 31st falls on the last day of shorter months and returns to
 * the 31st in long ones (Jan 31 -> Feb 28/29 -> Mar 31).
 */
export function nthOccurrence(anchor: IsoDate, recurrence: Recurrence, n: number): IsoDate {
  const daySteps = DAY_STEPS[recurrence];
  if (daySteps !== undefined) return addDays(anchor, daySteps * n);
  const monthSteps = MONTH_STEPS[recurrence];
  if (monthSteps !== undefined) return addMonths(anchor, monthSteps * n);
  if (n !== 0) throw new RangeError('A one-time date has only occurrence 0');
  return anchor;
}

/** Index of the first occurrence on or after `date`; negative when that lies before the anchor; null for a past one-time date. */
export function firstOccurrenceIndexOnOrAfter(anchor: IsoDate, recurrence: Recurrence, date: IsoDate): number | null {
  const gap = daysBetween(anchor, date);
  const daySteps = DAY_STEPS[recurrence];
  if (daySteps !== undefined) return Math.ceil(gap / daySteps);
  const monthSteps = MONTH_STEPS[recurrence];
  if (monthSteps === undefined) return gap <= 0 ? 0 : null;
  const a = parseIsoDate(anchor);
  const d = parseIsoDate(date);
  const monthGap = d.year * 12 + d.month - (a.year * 12 + a.month);
  // Occurrence k lands in month anchor + k*step, so this k is a lower bound off by at most one.
  let k = Math.floor(monthGap / monthSteps);
  while (daysBetween(nthOccurrence(anchor, recurrence, k), date) > 0) k += 1;
  return k;
}

/**
 * Up to `count` occurrences starting at the anchor when it is on or after `from`, else at the first
 * occurrence on or after `from` (spec part 2 §9: a past monthly bill rolls forward). A past
 * one-time date yields nothing.
 */
export function occurrencesFrom(anchor: IsoDate, recurrence: Recurrence, from: IsoDate, count: number): IsoDate[] {
  const first = firstOccurrenceIndexOnOrAfter(anchor, recurrence, from);
  if (first === null) return [];
  const start = Math.max(0, first);
  const limit = recurrence === 'once' ? Math.min(count, 1) : count;
  return Array.from({ length: Math.max(0, limit) }, (_, i) => nthOccurrence(anchor, recurrence, start + i));
}

/**
 * Every occurrence in [from, to] (both inclusive), extending a repeating schedule before its anchor
 * too. Used to count occurrences in a calendar month (spec part 2 §9 normalisation).
 */
export function occurrencesBetween(anchor: IsoDate, recurrence: Recurrence, from: IsoDate, to: IsoDate): IsoDate[] {
  if (recurrence === 'once') {
    return daysBetween(from, anchor) >= 0 && daysBetween(anchor, to) >= 0 ? [anchor] : [];
  }
  const result: IsoDate[] = [];
  let k = firstOccurrenceIndexOnOrAfter(anchor, recurrence, from) ?? 0;
  for (let date = nthOccurrence(anchor, recurrence, k); daysBetween(date, to) >= 0; date = nthOccurrence(anchor, recurrence, ++k)) {
    result.push(date);
  }
  return result;
}

/** spec part 2 §9: one bill's upcoming occurrences (dashboard counts by default). */
export function expandBill(
  bill: Bill,
  today: IsoDate,
  counts: Readonly<Record<Recurrence, number>> = DASHBOARD_OCCURRENCE_COUNTS,
): BillOccurrence[] {
  return occurrencesFrom(bill.dueDate, bill.recurring, today, counts[bill.recurring]).map((dueDate) => ({
    billId: bill.id,
    billName: bill.name,
    amountCents: bill.amountCents,
    dueDate,
    priority: bill.priority,
    category: bill.category,
    recurring: bill.recurring,
  }));
}

/** All bills' upcoming occurrences, sorted by due date, then name. */
export function expandBills(
  bills: readonly Bill[],
  today: IsoDate,
  counts: Readonly<Record<Recurrence, number>> = DASHBOARD_OCCURRENCE_COUNTS,
): BillOccurrence[] {
  return bills
    .flatMap((bill) => expandBill(bill, today, counts))
    .sort((a, b) => daysBetween(b.dueDate, a.dueDate) || compareText(a.billName, b.billName));
}
