// Payment suggestions: pay each bill a few days after a payday (spec part 2 §5 "Payment suggestion
// rules", fields from §3 "Payment suggestion", constants from §9). The rules run on day numbers and
// find a bill's payday by binary search over the day-sorted paydays; the IsoDate functions parse
// their arguments once and call them.
import type { BillPriorityValue, ConfidenceBandValue, PaymentFundingValue } from '@payday/contracts';
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
import { isoDateOf, readDay, usShortDateOf } from './day-numbers.js';
import { projectIncomeOnDays, type IncomeOccurrence } from './income.js';
import { expandBillsOnDays, type BillOccurrence } from './recurrence.js';
import { explainSuggestion } from './suggestion-text.js';
import type { Bill, IncomeSource } from './types.js';

export interface PaymentSuggestion {
  /** `${billId}:${dueDate}`, unique per bill occurrence. */
  id: string;
  billId: string;
  billName: string;
  billAmountCents: number;
  dueDate: IsoDate;
  suggestedDate: IsoDate;
  /** After (or on) its paycheck, before its paycheck arrives, or from the current balance (no eligible paycheck). */
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
 * spec part 2 §5: only income 0 to 30 days before the due date is eligible; prefer the latest income
 * 3 to 14 days before the due date, else the first (earliest) eligible one. On the same day, the
 * earliest choice is the first listed and the preferred one the last listed.
 */
export function pickIncomeForBill(dueDate: IsoDate, incomes: readonly IncomeOccurrence[]): IncomeOccurrence | null {
  const dueDay = readDay(dueDate).dayNumber;
  return pickPayday(dateEach(incomes, (i) => i.date).sort(byDay), dueDay)?.value ?? null;
}

/** spec part 2 §5: days before the due date to pay: 5 for high priority, 4 above $1000, else 3. */
export function payDaysBeforeDue(priority: BillPriorityValue, amountCents: number): number {
  if (priority === 'high') return 5;
  if (amountCents > LARGE_BILL_THRESHOLD_CENTS) return 4;
  return 3;
}

/** suggestedPayDate on day numbers. */
export function suggestedPayDay(dueDay: number, priority: BillPriorityValue, amountCents: number, today: number): number {
  const day = dueDay - payDaysBeforeDue(priority, amountCents);
  return day < today ? today + 1 : day;
}

/** spec part 2 §5: due date minus the lead days; a date before today moves to tomorrow. */
export function suggestedPayDate(dueDate: IsoDate, priority: BillPriorityValue, amountCents: number, today: IsoDate): IsoDate {
  const dueDay = readDay(dueDate).dayNumber;
  return isoDateOf(suggestedPayDay(dueDay, priority, amountCents, readDay(today).dayNumber));
}

/** spec part 2 §5: confidence starts at 100, three deduction groups (first match in each), floor 50. */
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

/** spec part 2 §5: 90 and up target, 75 and up good, 60 and up caution, else alert. */
export function confidenceBand(confidence: number): ConfidenceBandValue {
  if (confidence >= 90) return 'target';
  if (confidence >= 75) return 'good';
  if (confidence >= 60) return 'caution';
  return 'alert';
}

/** funding of a suggestion paid `daysAfterIncome` days after its paycheck (null: no paycheck). */
export function fundingOf(daysAfterIncome: number | null): PaymentFundingValue {
  if (daysAfterIncome === null) return 'current-balance';
  return daysAfterIncome < 0 ? 'before-paycheck' : 'after-paycheck';
}

/**
 * suggestPayment on day numbers (`paydays` sorted by day); `day` is the suggested pay day. A bill with no
 * eligible payday still gets its pay date (issue 13: no bill disappears), paid from the current balance.
 */
export function suggestPaymentOnDays(
  { day: dueDay, value: bill }: Dated<BillOccurrence>,
  paydays: readonly Dated<IncomeOccurrence>[],
  today: number,
): Dated<PaymentSuggestion> {
  const payday = pickPayday(paydays, dueDay);
  const income = payday?.value ?? null;
  const leadDays = payDaysBeforeDue(bill.priority, bill.amountCents);
  const suggestedDay = suggestedPayDay(dueDay, bill.priority, bill.amountCents, today);
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
    funding: fundingOf(daysAfterIncome),
    paymentSource: income?.source ?? null,
    incomeId: income?.incomeId ?? null,
    incomeDate: income?.date ?? null,
    incomeAmountCents: income?.amountCents ?? null,
    daysBeforeDue,
    daysAfterIncome,
    reasoning: explainSuggestion({
      priority: bill.priority,
      leadDays,
      income:
        payday === null || daysAfterIncome === null
          ? null
          : { source: payday.value.source, amountCents: payday.value.amountCents, dateText: usShortDateOf(payday.day), daysAfterIncome },
      suggestedDateText: usShortDateOf(suggestedDay),
      moved: suggestedDay !== dueDay - leadDays,
    }),
    priority: bill.priority,
    confidence,
    band: confidenceBand(confidence),
  };
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
 * spec part 2 §9: income is projected 60 days ahead for the schedule. Our change (issue 13): as far as the
 * last scheduled due date when that is later, or a third monthly occurrence would show as paid from the current
 * balance only because its paycheck was never projected.
 */
export function scheduleIncomeHorizonDays(bills: readonly Dated<unknown>[], today: number): number {
  return bills.reduce((horizon, bill) => Math.max(horizon, bill.day - today), SCHEDULE_INCOME_HORIZON_DAYS);
}

/**
 * spec part 2 §9: the Smart Payment Schedule expands bills with the schedule counts (monthly 3,
 * weekly 8, biweekly 4) and projects income (scheduleIncomeHorizonDays); sorted by suggested date.
 */
export function buildPaymentSchedule(bills: readonly Bill[], incomes: readonly IncomeSource[], today: IsoDate): PaymentSuggestion[] {
  const day = readDay(today);
  const occurrences = expandBillsOnDays(bills, day, SCHEDULE_OCCURRENCE_COUNTS);
  const paydays = projectIncomeOnDays(incomes, day, scheduleIncomeHorizonDays(occurrences, day.dayNumber));
  return buildPaymentScheduleOnDays(occurrences, paydays, day.dayNumber);
}
