// A known gap in pay: the months a school-year income does not pay (a teacher paid September to June has no
// paycheck in July and August). The bills keep coming, so each paycheck before the gap sets some money aside:
// the gap's bills, less what other income brings in it, shared over the paychecks still to come before it.
// See docs/money-model.md, "Pay schedules".
import { compareText } from './compare.js';
import type { IsoDate } from './dates.js';
import { dayNumberOf, daysInMonth, isoDateOf, readDay, type DayRef } from './day-numbers.js';
import { paydaysBetweenOnDays } from './income.js';
import { billOccurrenceDaysBetween } from './recurrence.js';
import type { Bill, IncomeSource } from './types.js';

export interface PayGap {
  incomeId: string;
  source: string;
  /** The gap's first day (today when it has begun) and last day. */
  startDate: IsoDate;
  endDate: IsoDate;
  /** The gap has begun: no paycheck of this income is left before it ends. */
  started: boolean;
  /** Bill occurrences due in the gap, from the bills' entered due dates on. */
  billsCents: number;
  /** What the person's other income brings in the gap (planned amounts). */
  otherIncomeCents: number;
  /** billsCents - otherIncomeCents, at least 0: what the paychecks before the gap must cover. */
  shortfallCents: number;
  /** This income's paychecks from today until the gap. */
  paychecksBeforeGap: number;
  /** shortfallCents / paychecksBeforeGap, rounded up to the cent; null once the gap has begun. */
  setAsidePerPaycheckCents: number | null;
}

const dayRef = (year: number, month: number, day: number): DayRef => ({ year, month, day, dayNumber: dayNumberOf(year, month, day) });

/** The run of unpaid months that is under way on `today` or comes next, as [first day, last day]. */
function nextUnpaidRun(paidMonths: readonly number[], today: DayRef): { start: DayRef; end: DayRef } {
  const paid = new Set(paidMonths);
  const monthAt = (offset: number) => {
    const index = today.year * 12 + today.month - 1 + offset;
    return { year: Math.floor(index / 12), month: (index % 12) + 1 };
  };
  let first = 0;
  while (paid.has(monthAt(first).month)) first += 1;
  let last = first;
  while (last - first < 11 && !paid.has(monthAt(last + 1).month)) last += 1;
  const a = monthAt(first);
  const b = monthAt(last);
  return { start: dayRef(a.year, a.month, 1), end: dayRef(b.year, b.month, daysInMonth(b.year, b.month)) };
}

const skipsMonths = (income: IncomeSource) => income.paidMonths !== null && income.paidMonths !== undefined && income.paidMonths.length > 0 && income.paidMonths.length < 12;

/** Every income with unpaid months, with its coming (or current) gap and what to set aside for it, by start then source. */
export function payGaps(bills: readonly Bill[], incomes: readonly IncomeSource[], today: IsoDate): PayGap[] {
  const day = readDay(today);
  const gaps: PayGap[] = [];
  for (const income of incomes) {
    if (!skipsMonths(income)) continue;
    const run = nextUnpaidRun(income.paidMonths!, day);
    const from = run.start.dayNumber > day.dayNumber ? run.start : day;
    let billsCents = 0;
    for (const bill of bills) billsCents += bill.amountCents * billOccurrenceDaysBetween(bill, from, run.end.dayNumber, true).length;
    const others = incomes.filter((other) => other !== income);
    const otherIncomeCents = paydaysBetweenOnDays(others, from, run.end.dayNumber, false).reduce((sum, p) => sum + p.value.amountCents, 0);
    const paychecksBeforeGap = paydaysBetweenOnDays([income], day, from.dayNumber - 1, false).length;
    const shortfallCents = Math.max(0, billsCents - otherIncomeCents);
    gaps.push({
      incomeId: income.id,
      source: income.source,
      startDate: isoDateOf(from.dayNumber),
      endDate: isoDateOf(run.end.dayNumber),
      started: paychecksBeforeGap === 0,
      billsCents,
      otherIncomeCents,
      shortfallCents,
      paychecksBeforeGap,
      setAsidePerPaycheckCents: paychecksBeforeGap === 0 ? null : Math.ceil(shortfallCents / paychecksBeforeGap),
    });
  }
  return gaps.sort((a, b) => a.startDate.localeCompare(b.startDate) || compareText(a.source, b.source));
}
