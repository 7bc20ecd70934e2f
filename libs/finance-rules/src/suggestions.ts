// Payment suggestions: pay each bill a few days after a payday (spec part 2 §5 "Payment suggestion
// rules", fields from §3 "Payment suggestion", constants from §9). The rules run on day numbers and
// find a bill's payday by binary search over the day-sorted paydays; the IsoDate functions parse
// their arguments once and call them.
import type { BillPriorityValue, ConfidenceBandValue } from '@payday/contracts';
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
  /** Name of the income source the bill is paid from. */
  paymentSource: string;
  incomeId: string;
  incomeDate: IsoDate;
  incomeAmountCents: number;
  /** dueDate - suggestedDate in days. */
  daysBeforeDue: number;
  /** suggestedDate - incomeDate in days (negative when paying before the income arrives). */
  daysAfterIncome: number;
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

/** suggestPayment on day numbers (`paydays` sorted by day); `day` is the suggested pay day. */
export function suggestPaymentOnDays(
  { day: dueDay, value: bill }: Dated<BillOccurrence>,
  paydays: readonly Dated<IncomeOccurrence>[],
  today: number,
): Dated<PaymentSuggestion> | null {
  const payday = pickPayday(paydays, dueDay);
  if (payday === null) return null;
  const { day: incomeDay, value: income } = payday;
  const leadDays = payDaysBeforeDue(bill.priority, bill.amountCents);
  const suggestedDay = suggestedPayDay(dueDay, bill.priority, bill.amountCents, today);
  const daysBeforeDue = dueDay - suggestedDay;
  const daysAfterIncome = suggestedDay - incomeDay;
  const confidence = scoreConfidence({
    daysBeforeDue,
    daysAfterIncome,
    billAmountCents: bill.amountCents,
    incomeAmountCents: income.amountCents,
  });
  const suggestion: PaymentSuggestion = {
    id: `${bill.billId}:${bill.dueDate}`,
    billId: bill.billId,
    billName: bill.billName,
    billAmountCents: bill.amountCents,
    dueDate: bill.dueDate,
    suggestedDate: isoDateOf(suggestedDay),
    paymentSource: income.source,
    incomeId: income.incomeId,
    incomeDate: income.date,
    incomeAmountCents: income.amountCents,
    daysBeforeDue,
    daysAfterIncome,
    reasoning: explainSuggestion({
      priority: bill.priority,
      leadDays,
      incomeSource: income.source,
      incomeAmountCents: income.amountCents,
      incomeDateText: usShortDateOf(incomeDay),
      suggestedDateText: usShortDateOf(suggestedDay),
      moved: suggestedDay !== dueDay - leadDays,
      daysAfterIncome,
    }),
    priority: bill.priority,
    confidence,
    band: confidenceBand(confidence),
  };
  return { day: suggestedDay, value: suggestion };
}

/** One bill occurrence's suggestion, or null when no income is eligible for it. */
export function suggestPayment(bill: BillOccurrence, incomes: readonly IncomeOccurrence[], today: IsoDate): PaymentSuggestion | null {
  const dueDay = readDay(bill.dueDate).dayNumber;
  const paydays = dateEach(incomes, (i) => i.date).sort(byDay);
  return suggestPaymentOnDays({ day: dueDay, value: bill }, paydays, readDay(today).dayNumber)?.value ?? null;
}

/**
 * buildPaymentSchedule on day numbers: a suggestion per bill occurrence that has a payday (`paydays`
 * sorted by day), sorted by suggested day, due day, then bill name.
 */
export function buildPaymentScheduleOnDays(
  bills: readonly Dated<BillOccurrence>[],
  paydays: readonly Dated<IncomeOccurrence>[],
  today: number,
): PaymentSuggestion[] {
  const suggestions: { dueDay: number; suggestion: Dated<PaymentSuggestion> }[] = [];
  for (const bill of bills) {
    const suggestion = suggestPaymentOnDays(bill, paydays, today);
    if (suggestion !== null) suggestions.push({ dueDay: bill.day, suggestion });
  }
  return suggestions
    .sort((a, b) => byDay(a.suggestion, b.suggestion) || a.dueDay - b.dueDay || compareText(a.suggestion.value.billName, b.suggestion.value.billName))
    .map((s) => s.suggestion.value);
}

/**
 * spec part 2 §9: the Smart Payment Schedule expands bills with the schedule counts (monthly 3,
 * weekly 8, biweekly 4) and projects income 60 days ahead; sorted by suggested date.
 */
export function buildPaymentSchedule(bills: readonly Bill[], incomes: readonly IncomeSource[], today: IsoDate): PaymentSuggestion[] {
  const day = readDay(today);
  const paydays = projectIncomeOnDays(incomes, day, SCHEDULE_INCOME_HORIZON_DAYS);
  return buildPaymentScheduleOnDays(expandBillsOnDays(bills, day, SCHEDULE_OCCURRENCE_COUNTS), paydays, day.dayNumber);
}
