import type { TimelineItem, TimelineKind, TimelineResponse } from '@paycadence/contracts';
import { compareText } from './compare.js';
import { compareIsoDates, type IsoDate } from './dates.js';
import { readDay } from './day-numbers.js';
import { paydaysBetweenOnDays } from './income.js';
import { billOccurrencesBetween } from './recurrence.js';
import type { PaymentSuggestion } from './suggestions.js';
import type { Bill, IncomeSource } from './types.js';

const KIND_ORDER: Record<TimelineKind, number> = { income: 0, bill: 1, payment: 2 };

/**
 * The Calendar and Planner answer (docs/product/signed-in.md §2) for [from, to]: each bill and income occurrence there,
 * never before the date the user entered (an item starts on its first due or pay date), and the payment
 * suggestions suggested for a day there; by date, then income, bill, payment, then name. Totals count
 * income and bills (Total Income, Total Bills, Net Flow).
 */
export function buildTimeline(
  bills: readonly Bill[],
  incomes: readonly IncomeSource[],
  schedule: readonly PaymentSuggestion[],
  from: IsoDate,
  to: IsoDate,
): TimelineResponse {
  const items: TimelineItem[] = [];
  // The same paydays as the dashboard: arriving on business days, at the planned amount, from the next date on.
  for (const { value: pay } of paydaysBetweenOnDays(incomes, readDay(from), readDay(to).dayNumber, false)) {
    items.push({ key: `income:${pay.incomeId}:${pay.date}`, kind: 'income', date: pay.date, name: pay.source, amountCents: pay.amountCents });
  }
  for (const bill of bills) {
    // From the date the person entered on (a changed due day keeps its old dates before the change).
    for (const date of billOccurrencesBetween(bill, from, to, true)) {
      items.push({ key: `bill:${bill.id}:${date}`, kind: 'bill', date, name: bill.name, amountCents: bill.amountCents });
    }
  }
  for (const s of schedule) {
    if (compareIsoDates(s.suggestedDate, from) < 0 || compareIsoDates(s.suggestedDate, to) > 0) continue;
    items.push({ key: `payment:${s.id}`, kind: 'payment', date: s.suggestedDate, name: s.billName, amountCents: s.billAmountCents, dueDate: s.dueDate });
  }
  items.sort((a, b) => compareIsoDates(a.date, b.date) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || compareText(a.name, b.name));

  let incomeCents = 0;
  let billsCents = 0;
  for (const item of items) {
    if (item.kind === 'income') incomeCents += item.amountCents;
    if (item.kind === 'bill') billsCents += item.amountCents;
  }
  return { from, to, items, totals: { incomeCents, billsCents, netCents: incomeCents - billsCents } };
}
