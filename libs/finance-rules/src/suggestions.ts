// Payment suggestions: pay each bill a few days after a payday (spec part 2 §5 "Payment suggestion
// rules", fields from §3 "Payment suggestion", constants from §9).
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
import { addDays, daysBetween, formatUsShortDate, type IsoDate } from './dates.js';
import { projectIncome, type IncomeOccurrence } from './income.js';
import { expandBills, type BillOccurrence } from './recurrence.js';
import { explainSuggestion } from './suggestion-text.js';
import type { Bill, BillPriority, IncomeSource } from './types.js';

export type ConfidenceBand = 'target' | 'good' | 'caution' | 'alert';

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
  priority: BillPriority;
  /** 50..100 */
  confidence: number;
  band: ConfidenceBand;
}

export interface ConfidenceInput {
  daysBeforeDue: number;
  daysAfterIncome: number;
  billAmountCents: number;
  incomeAmountCents: number;
}

/**
 * spec part 2 §5: only income 0 to 30 days before the due date is eligible; prefer the latest income
 * 3 to 14 days before the due date, else the first (earliest) eligible one.
 */
export function pickIncomeForBill(dueDate: IsoDate, incomes: readonly IncomeOccurrence[]): IncomeOccurrence | null {
  const eligible = incomes
    .map((income) => ({ income, lead: daysBetween(income.date, dueDate) }))
    .filter(({ lead }) => lead >= 0 && lead <= INCOME_MATCH_MAX_DAYS)
    .sort((a, b) => b.lead - a.lead);
  const preferred = eligible.filter(({ lead }) => lead >= PREFERRED_INCOME_MIN_DAYS && lead <= PREFERRED_INCOME_MAX_DAYS);
  return (preferred[preferred.length - 1] ?? eligible[0])?.income ?? null;
}

/** spec part 2 §5: days before the due date to pay: 5 for high priority, 4 above $1000, else 3. */
export function payDaysBeforeDue(priority: BillPriority, amountCents: number): number {
  if (priority === 'high') return 5;
  if (amountCents > LARGE_BILL_THRESHOLD_CENTS) return 4;
  return 3;
}

/** spec part 2 §5: due date minus the lead days; a date before today moves to tomorrow. */
export function suggestedPayDate(dueDate: IsoDate, priority: BillPriority, amountCents: number, today: IsoDate): IsoDate {
  const date = addDays(dueDate, -payDaysBeforeDue(priority, amountCents));
  return daysBetween(today, date) < 0 ? addDays(today, 1) : date;
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
export function confidenceBand(confidence: number): ConfidenceBand {
  if (confidence >= 90) return 'target';
  if (confidence >= 75) return 'good';
  if (confidence >= 60) return 'caution';
  return 'alert';
}

/** One bill occurrence's suggestion, or null when no income is eligible for it. */
export function suggestPayment(bill: BillOccurrence, incomes: readonly IncomeOccurrence[], today: IsoDate): PaymentSuggestion | null {
  const income = pickIncomeForBill(bill.dueDate, incomes);
  if (!income) return null;
  const unmoved = addDays(bill.dueDate, -payDaysBeforeDue(bill.priority, bill.amountCents));
  const suggestedDate = suggestedPayDate(bill.dueDate, bill.priority, bill.amountCents, today);
  const daysBeforeDue = daysBetween(suggestedDate, bill.dueDate);
  const daysAfterIncome = daysBetween(income.date, suggestedDate);
  const confidence = scoreConfidence({
    daysBeforeDue,
    daysAfterIncome,
    billAmountCents: bill.amountCents,
    incomeAmountCents: income.amountCents,
  });
  return {
    id: `${bill.billId}:${bill.dueDate}`,
    billId: bill.billId,
    billName: bill.billName,
    billAmountCents: bill.amountCents,
    dueDate: bill.dueDate,
    suggestedDate,
    paymentSource: income.source,
    incomeId: income.incomeId,
    incomeDate: income.date,
    incomeAmountCents: income.amountCents,
    daysBeforeDue,
    daysAfterIncome,
    reasoning: explainSuggestion({
      priority: bill.priority,
      leadDays: payDaysBeforeDue(bill.priority, bill.amountCents),
      incomeSource: income.source,
      incomeAmountCents: income.amountCents,
      incomeDateText: formatUsShortDate(income.date),
      suggestedDateText: formatUsShortDate(suggestedDate),
      moved: unmoved !== suggestedDate,
      daysAfterIncome,
    }),
    priority: bill.priority,
    confidence,
    band: confidenceBand(confidence),
  };
}

/**
 * spec part 2 §9: the Smart Payment Schedule expands bills with the schedule counts (monthly 3,
 * weekly 8, biweekly 4) and projects income 60 days ahead; sorted by suggested date.
 */
export function buildPaymentSchedule(bills: readonly Bill[], incomes: readonly IncomeSource[], today: IsoDate): PaymentSuggestion[] {
  const paydays = projectIncome(incomes, today, SCHEDULE_INCOME_HORIZON_DAYS);
  return expandBills(bills, today, SCHEDULE_OCCURRENCE_COUNTS)
    .map((occurrence) => suggestPayment(occurrence, paydays, today))
    .filter((s): s is PaymentSuggestion => s !== null)
    .sort(
      (a, b) =>
        daysBetween(b.suggestedDate, a.suggestedDate) ||
        daysBetween(b.dueDate, a.dueDate) ||
        compareText(a.billName, b.billName),
    );
}
