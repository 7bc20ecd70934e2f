// Payment suggestions: pay each bill a few days after a payday (docs/product/signed-in.md §5 "Payment suggestion
// rules", fields from §3 "Payment suggestion", constants from §9). The rules run on day numbers and
// find a bill's payday by binary search over the day-sorted paydays; the IsoDate functions parse
// their arguments once and call them.
import type { BillPriorityValue, ConfidenceBandValue, PaymentAdjustmentValue, PaymentFundingValue } from '@paycadence/contracts';
import { businessDayOnOrAfter, businessDayOnOrBefore, isBusinessDay } from './business-days.js';
import { compareText } from './compare.js';
import {
  CONFIDENCE_FLOOR,
  CONFIDENCE_START,
  INCOME_MATCH_MAX_DAYS,
  LARGE_BILL_THRESHOLD_CENTS,
  PREFERRED_INCOME_MAX_DAYS,
  PREFERRED_INCOME_MIN_DAYS,
  SCHEDULE_INCOME_HORIZON_DAYS,
  SCHEDULE_OCCURRENCE_COUNTS,
} from './constants.js';
import type { IsoDate } from './dates.js';
import { byDay, dateEach, firstIndexAfter, firstIndexFrom, type Dated } from './dated.js';
import { formatUsShortDate } from './dates.js';
import { dayRefOf, isoDateOf, readDay } from './day-numbers.js';
import { paydaysBetweenOnDays, type IncomeOccurrence } from './income.js';
import { expandBillsOnDays, type BillOccurrence } from './recurrence.js';
import { explainPaymentSuggestion } from './suggestion-text.js';
import type { Bill, IncomeSource } from './types.js';

export interface PaymentSuggestion {
  /** `${billId}:${dueDate}`, unique per bill occurrence. */
  id: string;
  billId: string;
  billName: string;
  billAmountCents: number;
  dueDate: IsoDate;
  suggestedDate: IsoDate;
  /** Due date minus the product's lead days, and what moved the suggested date from it (planPayDay). */
  plannedDate: IsoDate;
  adjustments: PaymentAdjustmentValue[];
  /** After (or on) its paycheck, or from the current balance (no eligible paycheck). */
  funding: PaymentFundingValue;
  /** Name of the income source the bill is paid from; null from the current balance (as are the other income fields). */
  paymentSource: string | null;
  incomeId: string | null;
  incomeDate: IsoDate | null;
  incomeAmountCents: number | null;
  /** dueDate - suggestedDate in days. */
  daysBeforeDue: number;
  /** suggestedDate - incomeDate in days (negative when paying before the income arrives). */
  daysAfterIncome: number | null;
  reasoning: string;
  priority: BillPriorityValue;
  /** 50..100 */
  confidence: number;
  band: ConfidenceBandValue;
}

export interface ConfidenceInput {
  daysBeforeDue: number;
  daysAfterIncome: number;
  billAmountCents: number;
  incomeAmountCents: number;
}

/**
 * pickIncomeForBill on day numbers, over paydays sorted by day: the latest payday 3 to 14 days
 * before the due day (the last of its day), else the earliest 0 to 30 days before (the first of its day).
 */
export function pickPayday<T>(paydays: readonly Dated<T>[], dueDay: number): Dated<T> | null {
  const preferred = firstIndexAfter(paydays, dueDay - PREFERRED_INCOME_MIN_DAYS) - 1;
  if (preferred >= 0 && paydays[preferred]!.day >= dueDay - PREFERRED_INCOME_MAX_DAYS) return paydays[preferred]!;
  const earliest = firstIndexFrom(paydays, dueDay - INCOME_MATCH_MAX_DAYS);
  return earliest < paydays.length && paydays[earliest]!.day <= dueDay ? paydays[earliest]! : null;
}

/**
 * docs/product/signed-in.md §5: only income 0 to 30 days before the due date is eligible; prefer the latest income
 * 3 to 14 days before the due date, else the first (earliest) eligible one. On the same day, the
 * earliest choice is the first listed and the preferred one the last listed.
 */
export function pickIncomeForBill(dueDate: IsoDate, incomes: readonly IncomeOccurrence[]): IncomeOccurrence | null {
  const dueDay = readDay(dueDate).dayNumber;
  return pickPayday(dateEach(incomes, (i) => i.date).sort(byDay), dueDay)?.value ?? null;
}

/** docs/product/signed-in.md §5: days before the due date to pay: 5 for high priority, 4 above $1000, else 3. */
export function payDaysBeforeDue(priority: BillPriorityValue, amountCents: number): number {
  if (priority === 'high') return 5;
  if (amountCents > LARGE_BILL_THRESHOLD_CENTS) return 4;
  return 3;
}

/** docs/product/signed-in.md §5 alone: due date minus the lead days; a date before today moves to tomorrow (never past the due date). */
export function suggestedPayDay(dueDay: number, priority: BillPriorityValue, amountCents: number, today: number): number {
  const day = dueDay - payDaysBeforeDue(priority, amountCents);
  return day < today ? Math.min(today + 1, Math.max(dueDay, today)) : day;
}

/** docs/product/signed-in.md §5: due date minus the lead days; a date before today moves to tomorrow. */
export function suggestedPayDate(dueDate: IsoDate, priority: BillPriorityValue, amountCents: number, today: IsoDate): IsoDate {
  const dueDay = readDay(dueDate).dayNumber;
  return isoDateOf(suggestedPayDay(dueDay, priority, amountCents, readDay(today).dayNumber));
}

/** Where a pay date comes from, and what moved it from the product's lead (docs/money-model.md, "Pay dates"). */
export interface PayDayPlan {
  day: number;
  /** Due date minus the lead days: the product's date, before any rule below moved it. */
  plannedDay: number;
  adjustments: PaymentAdjustmentValue[];
}

/**
 * The pay date of one bill occurrence. The product's lead (5 days high priority, 4 above $1,000, else 3) is the
 * preferred gap, then, in order:
 * 1. 'tomorrow': a lead date already past moves to tomorrow (today when the bill is due today);
 * 2. 'after-paycheck': never before the paycheck that funds it: a date before that payday moves to the first
 *    business day after it while that is still before the due date ("pay 2-3 days after payday"), else to the
 *    payday itself (its money arrives that morning); the product's date on the payday itself stays;
 * 3. 'weekend-or-holiday': a weekend or Federal Reserve holiday moves to the business day before, unless that is
 *    on or before the funding payday (then to the business day after, if still on or before the due date);
 * 4. 'no-business-day': no business day is left in that range (a bill due on Sunday, seen on Saturday): the date
 *    stays and the card says so.
 */
export function planPayDay(dueDay: number, leadDays: number, paydayDay: number | null, today: number): PayDayPlan {
  const plannedDay = dueDay - leadDays;
  const adjustments: PaymentAdjustmentValue[] = [];
  let day = plannedDay;
  let floor = today;
  if (day < today) {
    day = dueDay > today ? today + 1 : today;
    floor = day;
    adjustments.push('tomorrow');
  }
  // Only a payday still to come can hold a date back; one already past has paid in.
  const funding = paydayDay !== null && paydayDay >= today ? paydayDay : null;
  if (funding !== null) {
    const dayAfter = businessDayOnOrAfter(funding + 1);
    if (day < funding) {
      day = dayAfter < dueDay ? dayAfter : funding;
      adjustments.push('after-paycheck');
    }
    // A weekend or holiday below never moves a date back onto or before the payday when a later day is free.
    floor = Math.max(floor, dayAfter < dueDay ? dayAfter : funding);
  }
  if (!isBusinessDay(day)) {
    const before = businessDayOnOrBefore(day);
    const after = businessDayOnOrAfter(day);
    if (before >= floor) day = before;
    else if (after <= dueDay) day = after;
    else {
      adjustments.push('no-business-day');
      return { day, plannedDay, adjustments };
    }
    adjustments.push('weekend-or-holiday');
  }
  return { day, plannedDay, adjustments };
}

/** docs/product/signed-in.md §5: confidence starts at 100, three deduction groups (first match in each), floor 50. */
export function scoreConfidence({ daysBeforeDue, daysAfterIncome, billAmountCents, incomeAmountCents }: ConfidenceInput): number {
  let score = CONFIDENCE_START;
  if (daysBeforeDue < 1) score -= 40;
  else if (daysBeforeDue < 3) score -= 20;
  else if (daysBeforeDue > 10) score -= 15;

  const ratio = incomeAmountCents > 0 ? billAmountCents / incomeAmountCents : Number.POSITIVE_INFINITY;
  if (ratio > 0.8) score -= 25;
  else if (ratio > 0.5) score -= 15;
  else if (ratio > 0.3) score -= 5;

  if (daysAfterIncome < 1) score -= 15;
  else if (daysAfterIncome < 3) score -= 5;

  return Math.max(CONFIDENCE_FLOOR, score);
}

/** docs/product/signed-in.md §5: 90 and up target, 75 and up good, 60 and up caution, else alert. */
export function confidenceBand(confidence: number): ConfidenceBandValue {
  if (confidence >= 90) return 'target';
  if (confidence >= 75) return 'good';
  if (confidence >= 60) return 'caution';
  return 'alert';
}

/**
 * funding of a suggestion paid `daysAfterIncome` days after its paycheck (null: no paycheck). planPayDay never puts
 * a date before its paycheck, so 'before-paycheck' is only what an older answer may still say.
 */
export function fundingOf(daysAfterIncome: number | null): PaymentFundingValue {
  if (daysAfterIncome === null) return 'current-balance';
  return daysAfterIncome < 0 ? 'before-paycheck' : 'after-paycheck';
}

/**
 * suggestPayment on day numbers (`paydays` sorted by day, paychecks of the last 30 days included: the one that
 * landed before today can fund a bill due soon); `day` is the suggested pay day. A bill with no eligible payday
 * still gets its pay date (no bill disappears), paid from the current balance.
 */
export function suggestPaymentOnDays(
  { day: dueDay, value: bill }: Dated<BillOccurrence>,
  paydays: readonly Dated<IncomeOccurrence>[],
  today: number,
): Dated<PaymentSuggestion> {
  const payday = pickPayday(paydays, dueDay);
  const income = payday?.value ?? null;
  const leadDays = payDaysBeforeDue(bill.priority, bill.amountCents);
  const plan = planPayDay(dueDay, leadDays, payday?.day ?? null, today);
  const suggestedDay = plan.day;
  const daysBeforeDue = dueDay - suggestedDay;
  const daysAfterIncome = payday === null ? null : suggestedDay - payday.day;
  // Without a paycheck there is nothing to score against: the lowest confidence, the 'alert' band.
  const confidence =
    income === null || daysAfterIncome === null
      ? CONFIDENCE_FLOOR
      : scoreConfidence({ daysBeforeDue, daysAfterIncome, billAmountCents: bill.amountCents, incomeAmountCents: income.amountCents });
  const suggestion: PaymentSuggestion = {
    id: `${bill.billId}:${bill.dueDate}`,
    billId: bill.billId,
    billName: bill.billName,
    billAmountCents: bill.amountCents,
    dueDate: bill.dueDate,
    suggestedDate: isoDateOf(suggestedDay),
    plannedDate: isoDateOf(plan.plannedDay),
    adjustments: plan.adjustments,
    funding: fundingOf(daysAfterIncome),
    paymentSource: income?.source ?? null,
    incomeId: income?.incomeId ?? null,
    incomeDate: income?.date ?? null,
    incomeAmountCents: income?.amountCents ?? null,
    daysBeforeDue,
    daysAfterIncome,
    reasoning: '',
    priority: bill.priority,
    confidence,
    band: confidenceBand(confidence),
  };
  suggestion.reasoning = explainPaymentSuggestion(suggestion, formatUsShortDate);
  return { day: suggestedDay, value: suggestion };
}

/** One bill occurrence's suggestion; 'current-balance' funding when no income is eligible for it. */
export function suggestPayment(bill: BillOccurrence, incomes: readonly IncomeOccurrence[], today: IsoDate): PaymentSuggestion {
  const dueDay = readDay(bill.dueDate).dayNumber;
  const paydays = dateEach(incomes, (i) => i.date).sort(byDay);
  return suggestPaymentOnDays({ day: dueDay, value: bill }, paydays, readDay(today).dayNumber).value;
}

/**
 * buildPaymentSchedule on day numbers: a suggestion per bill occurrence (`paydays` sorted by day), sorted by
 * suggested day, due day, then bill name.
 */
export function buildPaymentScheduleOnDays(
  bills: readonly Dated<BillOccurrence>[],
  paydays: readonly Dated<IncomeOccurrence>[],
  today: number,
): PaymentSuggestion[] {
  const suggestions: { dueDay: number; suggestion: Dated<PaymentSuggestion> }[] = [];
  for (const bill of bills) suggestions.push({ dueDay: bill.day, suggestion: suggestPaymentOnDays(bill, paydays, today) });
  return suggestions
    .sort((a, b) => byDay(a.suggestion, b.suggestion) || a.dueDay - b.dueDay || compareText(a.suggestion.value.billName, b.suggestion.value.billName))
    .map((s) => s.suggestion.value);
}

/**
 * docs/product/signed-in.md §9: income is projected 60 days ahead for the schedule. Our change: as far as the last scheduled due
 * date when that is later, or a third monthly occurrence would show as paid from the current balance only because
 * its paycheck was never projected.
 */
export function scheduleIncomeHorizonDays(bills: readonly Dated<unknown>[], today: number): number {
  return bills.reduce((horizon, bill) => Math.max(horizon, bill.day - today), SCHEDULE_INCOME_HORIZON_DAYS);
}

/**
 * The paydays the schedule matches bills to: from 30 days back (a paycheck that landed last week funds the bill due
 * next week; the entered next date's earlier paydays count, as safe to spend counts them) to `horizonDays` ahead.
 * Today belongs to the look-back: a paycheck that arrived today, before the entered next date (paid on the 25th,
 * next date already set to next month's 25th), is money in hand, as it is for safe to spend.
 */
export function schedulePaydaysOnDays(incomes: readonly IncomeSource[], today: number, horizonDays: number): Dated<IncomeOccurrence>[] {
  const past = paydaysBetweenOnDays(incomes, dayRefOf(today - INCOME_MATCH_MAX_DAYS), today, true);
  const coming = paydaysBetweenOnDays(incomes, dayRefOf(today + 1), today + horizonDays, false);
  return [...past, ...coming];
}

/**
 * docs/product/signed-in.md §9: the Smart Payment Schedule expands bills with the schedule counts (monthly 3,
 * weekly 8, biweekly 4) and matches them to paydays (schedulePaydaysOnDays); sorted by suggested date.
 */
export function buildPaymentSchedule(bills: readonly Bill[], incomes: readonly IncomeSource[], today: IsoDate): PaymentSuggestion[] {
  const day = readDay(today);
  const occurrences = expandBillsOnDays(bills, day, SCHEDULE_OCCURRENCE_COUNTS);
  const paydays = schedulePaydaysOnDays(incomes, day.dayNumber, scheduleIncomeHorizonDays(occurrences, day.dayNumber));
  return buildPaymentScheduleOnDays(occurrences, paydays, day.dayNumber);
}
