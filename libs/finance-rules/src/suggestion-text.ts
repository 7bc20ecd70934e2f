// The reasoning of a payment suggestion (docs/money-model.md, "Pay dates"), one sentence per decision, built from
// the suggestion's own fields so the server (M/D/YYYY, the answer's `reasoning`) and the dashboard (the user's date
// format) say the same.
import type { BillPriorityValue, PaymentAdjustmentValue } from '@paycadence/contracts';
import { isBankHoliday } from './business-days.js';
import { INCOME_MATCH_MAX_DAYS, LARGE_BILL_THRESHOLD_CENTS } from './constants.js';
import type { IsoDate } from './dates.js';
import { readDay, weekdayOf } from './day-numbers.js';
import { formatCents } from './money.js';

/** The fields of a suggestion the sentences read (PaymentSuggestion and the contract's PaymentSuggestionDto have them). */
export interface ExplainableSuggestion {
  priority: BillPriorityValue;
  billAmountCents: number;
  dueDate: IsoDate;
  suggestedDate: IsoDate;
  plannedDate: IsoDate;
  adjustments: readonly PaymentAdjustmentValue[];
  paymentSource: string | null;
  incomeDate: IsoDate | null;
  incomeAmountCents: number | null;
  daysAfterIncome: number | null;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${Math.abs(n) === 1 ? '' : 's'}`;
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** 'a Saturday', 'a Sunday' or 'a bank holiday'. */
function dayOffName(date: IsoDate): string {
  const day = readDay(date).dayNumber;
  return isBankHoliday(day) ? 'a bank holiday' : `a ${WEEKDAY_NAMES[weekdayOf(day)]}`;
}

function leadSentence(s: ExplainableSuggestion, lead: number): string {
  if (s.priority === 'high') return `High priority, so pay ${plural(lead, 'day')} before the due date.`;
  if (lead === 4) return `Over ${formatCents(LARGE_BILL_THRESHOLD_CENTS)}, so pay ${plural(lead, 'day')} before the due date.`;
  return `Pay ${plural(lead, 'day')} before the due date.`;
}

/**
 * 'High priority, so pay 5 days before the due date. That is before your Teaching salary arrives (2/25/2027), so pay
 * the business day after it: 2/26/2027, 3 days before the due date. Paid from your Teaching salary ($3,850.00) of
 * 2/25/2027, 1 day before you pay.'
 */
export function explainPaymentSuggestion(s: ExplainableSuggestion, formatDate: (date: IsoDate) => string): string {
  const due = readDay(s.dueDate).dayNumber;
  const lead = due - readDay(s.plannedDate).dayNumber;
  const pay = formatDate(s.suggestedDate);
  const daysBefore = due - readDay(s.suggestedDate).dayNumber;
  const parts = [leadSentence(s, lead)];
  const has = (a: PaymentAdjustmentValue) => s.adjustments.includes(a);
  const beforeDue = daysBefore === 0 ? 'on the due date' : `${plural(daysBefore, 'day')} before the due date`;
  if (has('tomorrow')) {
    // Alone it names the date; with another move, the sentence of that move does.
    if (s.adjustments.length > 1) parts.push('That date has passed.');
    else parts.push(daysBefore === 0 ? `That date has passed, so pay today (${pay}).` : `That date has passed, so pay tomorrow (${pay}).`);
  }
  if (has('after-paycheck') && s.paymentSource !== null && s.incomeDate !== null) {
    parts.push(
      s.daysAfterIncome === 0
        ? `Your ${s.paymentSource} arrives ${formatDate(s.incomeDate)}, so pay the day it arrives: ${pay}, ${beforeDue}.`
        : `That is before your ${s.paymentSource} arrives (${formatDate(s.incomeDate)}), so pay the business day after it: ${pay}, ${beforeDue}.`,
    );
  }
  if (has('weekend-or-holiday')) {
    const moved = has('after-paycheck') ? null : s.plannedDate;
    if (moved !== null && !has('tomorrow')) parts.push(`${formatDate(moved)} is ${dayOffName(moved)}, so pay on ${pay}, a business day.`);
    else parts.push(`Paying on ${pay} keeps it on a business day.`);
  }
  if (has('no-business-day')) parts.push(`No business day is left before it is due, so pay it online by ${formatDate(s.dueDate)}.`);
  if (s.paymentSource === null || s.incomeDate === null || s.incomeAmountCents === null || s.daysAfterIncome === null) {
    parts.push(`No paycheck arrives in the ${INCOME_MATCH_MAX_DAYS} days before it is due, so it comes out of your current balance.`);
  } else {
    const paycheck = `Paid from your ${s.paymentSource} (${formatCents(s.incomeAmountCents)}) of ${formatDate(s.incomeDate)}`;
    const days = s.daysAfterIncome;
    parts.push(days > 0 ? `${paycheck}, ${plural(days, 'day')} before you pay.` : `${paycheck}, the day you pay.`);
  }
  return parts.join(' ');
}
