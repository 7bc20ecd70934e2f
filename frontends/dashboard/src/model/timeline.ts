// Dated items for the Calendar and Planner views (spec part 2 §2): bill and income occurrences from
// the library's recurrence rules, plus the library's payment suggestions.
import {
  addDays,
  addMonths,
  compareIsoDates,
  dayOfWeek,
  daysBetween,
  daysInMonth,
  occurrencesBetween,
  parseIsoDate,
  startOfMonth,
  type Bill,
  type IncomeSource,
  type IsoDate,
  type PaymentSuggestion,
} from '@payday/finance-rules';

export type TimelineKind = 'income' | 'bill' | 'payment';

export interface TimelineItem {
  key: string;
  kind: TimelineKind;
  date: IsoDate;
  label: string;
  amountCents: number;
  /** Extra text (the due date of a suggested payment). */
  detail?: string;
}

const KIND_ORDER: Record<TimelineKind, number> = { income: 0, bill: 1, payment: 2 };

/**
 * Occurrences of each bill and income in [from, to], never before the date the user entered (an
 * item starts on its first due or pay date), plus the payment suggestions in the range, by date.
 */
export function timelineBetween(
  bills: readonly Bill[],
  incomes: readonly IncomeSource[],
  schedule: readonly PaymentSuggestion[],
  from: IsoDate,
  to: IsoDate,
): TimelineItem[] {
  const items: TimelineItem[] = [];
  for (const income of incomes) {
    for (const date of occurrencesBetween(income.nextDate, income.frequency, from, to)) {
      if (compareIsoDates(date, income.nextDate) < 0) continue;
      items.push({ key: `income:${income.id}:${date}`, kind: 'income', date, label: income.source, amountCents: income.amountCents });
    }
  }
  for (const bill of bills) {
    for (const date of occurrencesBetween(bill.dueDate, bill.recurring, from, to)) {
      if (compareIsoDates(date, bill.dueDate) < 0) continue;
      items.push({ key: `bill:${bill.id}:${date}`, kind: 'bill', date, label: bill.name, amountCents: bill.amountCents });
    }
  }
  for (const suggestion of schedule) {
    if (compareIsoDates(suggestion.suggestedDate, from) < 0 || compareIsoDates(suggestion.suggestedDate, to) > 0) continue;
    items.push({
      key: `payment:${suggestion.id}`,
      kind: 'payment',
      date: suggestion.suggestedDate,
      label: `Pay ${suggestion.billName}`,
      amountCents: suggestion.billAmountCents,
      detail: suggestion.dueDate,
    });
  }
  return items.sort(
    (a, b) => compareIsoDates(a.date, b.date) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.label.localeCompare(b.label),
  );
}

/** Totals of a planner range (spec part 2 §2): Total Income, Total Bills, Net Flow. */
export function timelineTotals(items: readonly TimelineItem[]): { incomeCents: number; billsCents: number; netCents: number } {
  let incomeCents = 0;
  let billsCents = 0;
  for (const item of items) {
    if (item.kind === 'income') incomeCents += item.amountCents;
    if (item.kind === 'bill') billsCents += item.amountCents;
  }
  return { incomeCents, billsCents, netCents: incomeCents - billsCents };
}

export type PlannerRange = 'week' | 'month' | 'quarter';

/** spec part 2 §9: planner ranges: week 7 days, month 1 month, quarter 3 months (from today). */
export function plannerRangeEnd(today: IsoDate, range: PlannerRange): IsoDate {
  if (range === 'week') return addDays(today, 6);
  return addDays(addMonths(today, range === 'month' ? 1 : 3), -1);
}

/**
 * spec part 2 §2: Sunday-first month grid of 35 or 42 cells (42 only when the month does not fit in
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

export function isBefore(a: IsoDate, b: IsoDate): boolean {
  return daysBetween(a, b) > 0;
}
