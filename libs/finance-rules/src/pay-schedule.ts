// An income's paydays: when each paycheck is scheduled and when its money arrives. Every rule that needs a
// payday (the week panels, the payment schedule, safe to spend, the forecast, the timeline, the monthly plan,
// the set-aside for a school year's gap) asks this module, so they all see the same paychecks. See
// docs/money-model.md for the schedules and the cases they cover.
import { LAST_DAY_OF_MONTH } from '@paycadence/contracts';
import { businessDayOnOrBefore } from './business-days.js';
import { daysInMonth, readDay, type DayRef } from './day-numbers.js';
import { monthStart, scheduleOf, type Schedule } from './schedule.js';
import type { IncomeSource } from './types.js';

/** What a paycheck is planned at: the low amount of variable pay (a lean month must still work), else the amount. */
export function plannedAmountCents(income: Pick<IncomeSource, 'amountCents' | 'lowAmountCents'>): number {
  return income.lowAmountCents ?? income.amountCents;
}

/**
 * Month-based pay (monthly, twice a month), optionally only in some months: slot g of the series is pay day
 * `days[g mod s]` of the g/s-th paid month, counting the paid months from the anchor's month. Occurrence 0 is the
 * first scheduled payday on or after the entered next date (normally the next date itself).
 */
function monthSlots(anchor: DayRef, frequency: IncomeSource['frequency'], days: readonly number[], paidMonths: readonly number[] | null): Schedule {
  const s = days.length;
  const anchorMonthIndex = anchor.year * 12 + anchor.month - 1;
  const offsets = (paidMonths ?? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]).map((m) => (m - anchor.month + 12) % 12).sort((a, b) => a - b);
  const m = offsets.length;
  const perCycle = m * s;
  const dayIn = (monthIndex: number, payDay: number) => {
    const { firstDay, length } = monthStart(monthIndex);
    return firstDay + Math.min(payDay, length) - 1;
  };
  // The anchor's slot in its own month: the first pay day on or after it (s: none, the next paid month's first).
  const anchorLength = daysInMonth(anchor.year, anchor.month);
  let a = days.findIndex((d) => Math.min(d, anchorLength) >= anchor.day);
  if (a < 0) a = s;
  const g0 = offsets[0] === 0 ? a : 0;
  const nth = (n: number) => {
    const g = n + g0;
    const cycle = Math.floor(g / perCycle);
    const r = g - cycle * perCycle;
    return dayIn(anchorMonthIndex + 12 * cycle + offsets[Math.floor(r / s)]!, days[r % s]!);
  };
  return {
    recurrence: frequency,
    anchor,
    nth,
    firstIndexOnOrAfter: (from) => {
      const monthGap = from.year * 12 + from.month - 1 - anchorMonthIndex;
      // A whole cycle before the estimate is a lower bound; at most two cycles of slots are stepped over.
      let k = (Math.floor(monthGap / 12) - 1) * perCycle - g0;
      while (nth(k) < from.dayNumber) k += 1;
      return k;
    },
  };
}

/** Two pay days of a twice-a-month schedule, ascending; a missing or broken pair is refused like a bad date. */
function twiceMonthlyDays(income: IncomeSource): number[] {
  const days = income.payDays ?? [];
  const valid = days.length === 2 && days.every((d) => Number.isInteger(d) && d >= 1 && d <= LAST_DAY_OF_MONTH) && days[0] !== days[1];
  if (!valid) throw new RangeError(`Twice-monthly income '${income.source}' needs two different pay days`);
  return [...days].sort((x, y) => x - y);
}

/** When each paycheck is scheduled (the day on the pay stub), before any weekend or holiday moves it. */
export function scheduledPaydaysOf(income: IncomeSource): Schedule {
  const anchor = readDay(income.nextDate);
  const paidMonths = income.paidMonths && income.paidMonths.length > 0 && income.paidMonths.length < 12 ? income.paidMonths : null;
  if (income.frequency === 'twice-monthly') return monthSlots(anchor, income.frequency, twiceMonthlyDays(income), paidMonths);
  if (income.frequency === 'monthly') return paidMonths === null ? scheduleOf(anchor, 'monthly') : monthSlots(anchor, income.frequency, [anchor.day], paidMonths);
  return scheduleOf(anchor, income.frequency);
}

/**
 * When each paycheck's money arrives: its scheduled day, or the business day before when that is a weekend or a
 * Federal Reserve holiday (payroll pays early, never late). Occurrence 0 is the one scheduled on the next date.
 */
export function incomeScheduleOf(income: IncomeSource): Schedule {
  const scheduled = scheduledPaydaysOf(income);
  const nth = (n: number) => businessDayOnOrBefore(scheduled.nth(n));
  return {
    recurrence: scheduled.recurrence,
    anchor: scheduled.anchor,
    nth,
    firstIndexOnOrAfter: (from) => {
      let k = scheduled.firstIndexOnOrAfter(from) ?? 0;
      // Arrival is never after the scheduled day, so only later occurrences can be the first to arrive from `from`.
      while (nth(k) < from.dayNumber) k += 1;
      return k;
    },
  };
}
