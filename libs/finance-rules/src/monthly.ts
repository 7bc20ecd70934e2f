// Monthly normalisation (spec part 2 §9): weekly and biweekly count their occurrences in the current
// calendar month, monthly as is, quarterly divided by 3. Bills follow the same idea.
import { endOfMonth, parseIsoDate, startOfMonth, type IsoDate } from './dates.js';
import { occurrencesBetween } from './recurrence.js';
import type { Bill, IncomeSource, Recurrence } from './types.js';

/**
 * One item's amount per month. Weekly and biweekly schedules are extended both ways from their
 * anchor date, so a weekly item counts 4 or 5 times whatever today's position in the month.
 * Not in the spec (our choice): yearly / 12; a one-time bill counts only in the month it is due.
 */
export function monthlyAmountCents(amountCents: number, anchor: IsoDate, recurrence: Recurrence, today: IsoDate): number {
  switch (recurrence) {
    case 'weekly':
    case 'biweekly':
      return amountCents * occurrencesBetween(anchor, recurrence, startOfMonth(today), endOfMonth(today)).length;
    case 'monthly':
      return amountCents;
    case 'quarterly':
      return Math.round(amountCents / 3);
    case 'yearly':
      return Math.round(amountCents / 12);
    case 'once': {
      const due = parseIsoDate(anchor);
      const now = parseIsoDate(today);
      return due.year === now.year && due.month === now.month ? amountCents : 0;
    }
    default:
      // Unreachable for typed callers; guards against an unchecked value from storage.
      throw new RangeError(`Unknown recurrence '${String(recurrence)}'`);
  }
}

/** spec part 2 §9: monthly income normalisation. */
export function monthlyIncomeCents(incomes: readonly IncomeSource[], today: IsoDate): number {
  return incomes.reduce((sum, i) => sum + monthlyAmountCents(i.amountCents, i.nextDate, i.frequency, today), 0);
}

/** Monthly bills total, normalised the same way as income. */
export function monthlyBillsCents(bills: readonly Bill[], today: IsoDate): number {
  return bills.reduce((sum, b) => sum + monthlyAmountCents(b.amountCents, b.dueDate, b.recurring, today), 0);
}
