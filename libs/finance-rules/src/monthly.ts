// Monthly normalisation (docs/product/signed-in.md §9): weekly and biweekly count their occurrences in the current
// calendar month, monthly as is, quarterly divided by 3. Bills follow the same idea.
import type { BillRecurrenceValue } from '@paycadence/contracts';
import type { IsoDate } from './dates.js';
import { daysInMonth, readDay, type DayRef } from './day-numbers.js';
import { occurrenceDaysBetween } from './recurrence.js';
import { plannedAmountCents, scheduledPaydaysOf } from './pay-schedule.js';
import { billScheduleOf, scheduleOf, type Schedule } from './schedule.js';
import type { Bill, IncomeSource } from './types.js';

/** The calendar month `today` falls in, as day numbers. */
interface CalendarMonth {
  today: DayRef;
  first: DayRef;
  lastDay: number;
}

function calendarMonthOf(today: IsoDate): CalendarMonth {
  const ref = readDay(today);
  const first = { year: ref.year, month: ref.month, day: 1, dayNumber: ref.dayNumber - ref.day + 1 };
  return { today: ref, first, lastDay: first.dayNumber + daysInMonth(ref.year, ref.month) - 1 };
}

/** `series` is asked only when the rule needs dates (weekly, biweekly, once), so a monthly item never parses one. */
function amountInMonth(amountCents: number, recurrence: BillRecurrenceValue, series: () => Schedule, month: CalendarMonth): number {
  switch (recurrence) {
    case 'weekly':
    case 'biweekly':
      return amountCents * occurrenceDaysBetween(series(), month.first, month.lastDay).length;
    case 'monthly':
      return amountCents;
    case 'quarterly':
      return Math.round(amountCents / 3);
    case 'yearly':
      return Math.round(amountCents / 12);
    case 'once': {
      const due = series().anchor;
      return due.year === month.today.year && due.month === month.today.month ? amountCents : 0;
    }
    default:
      // Unreachable for typed callers; guards against an unchecked value from storage.
      throw new RangeError(`Unknown recurrence '${String(recurrence)}'`);
  }
}

/**
 * One item's amount per month. Weekly and biweekly schedules are extended both ways from their
 * anchor date, so a weekly item counts 4 or 5 times whatever today's position in the month.
 * Not in docs/product (our choice): yearly / 12; a one-time bill counts only in the month it is due.
 */
export function monthlyAmountCents(amountCents: number, anchor: IsoDate, recurrence: BillRecurrenceValue, today: IsoDate): number {
  return amountInMonth(amountCents, recurrence, () => scheduleOf(readDay(anchor), recurrence), calendarMonthOf(today));
}

/** monthlyAmountCents of a bill, following a change of its due day (a weekly bill counts the dates it has that month). */
export function monthlyBillAmountCents(bill: Bill, today: IsoDate): number {
  return billAmountInMonth(bill, calendarMonthOf(today));
}

function billAmountInMonth(bill: Bill, month: CalendarMonth): number {
  return amountInMonth(bill.amountCents, bill.recurring, () => billScheduleOf(bill), month);
}

/**
 * One income's paychecks in the month: as a bill for weekly, biweekly, monthly and quarterly pay; twice a month
 * and pay that skips months (a school year) count their scheduled paydays in this month (a teacher's July is 0).
 * Always at the planned amount (the low one of variable pay), as every other figure.
 */
function incomeInMonth(income: IncomeSource, month: CalendarMonth): number {
  const amount = plannedAmountCents(income);
  const skipsMonths = income.paidMonths !== null && income.paidMonths !== undefined && income.paidMonths.length > 0 && income.paidMonths.length < 12;
  const frequency = income.frequency;
  if (frequency !== 'twice-monthly' && !skipsMonths) return amountInMonth(amount, frequency, () => scheduleOf(readDay(income.nextDate), frequency), month);
  return amount * occurrenceDaysBetween(scheduledPaydaysOf(income), month.first, month.lastDay).length;
}

/** docs/product/signed-in.md §9: monthly income normalisation. */
export function monthlyIncomeCents(incomes: readonly IncomeSource[], today: IsoDate): number {
  const month = calendarMonthOf(today);
  return incomes.reduce((sum, i) => sum + incomeInMonth(i, month), 0);
}

/** Monthly bills total, normalised the same way as income. */
export function monthlyBillsCents(bills: readonly Bill[], today: IsoDate): number {
  const month = calendarMonthOf(today);
  return bills.reduce((sum, b) => sum + billAmountInMonth(b, month), 0);
}
