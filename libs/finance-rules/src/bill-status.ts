// Paid, due soon, overdue, per bill occurrence (ours: docs/product has no payment status).
// A bill occurrence is paid when the user marked it paid, or when an imported bank transaction of the same
// merchant and about the same amount posted in a window around its due date. Pure: the caller passes today.
import type { BillOccurrenceStatusValue, BillRecurrenceValue } from '@paycadence/contracts';
import { daysBetween, type IsoDate } from './dates.js';
import { merchantKey } from './merchant-key.js';
import { billOccurrencesBetween } from './recurrence.js';

/**
 * Amount tolerance: a payment may differ from the bill by 5% of the bill or $1, whichever is more (inclusive).
 * 5% absorbs a metered bill's drift and a small fee; the $1 floor keeps a $9.99 subscription that now bills
 * $10.49 (tax) matching. A bigger gap is a different payment (a partial one, or another bill at the merchant).
 */
export const BILL_MATCH_TOLERANCE_PERCENT = 5;
export const BILL_MATCH_MIN_TOLERANCE_CENTS = 100;
/** Date window around the due date (inclusive): an autopay posts a few days early, a late payment up to 10 days late. */
export const BILL_MATCH_DAYS_BEFORE_DUE = 7;
export const BILL_MATCH_DAYS_AFTER_DUE = 10;
/** An unpaid occurrence due today or within this many days is 'due_soon'. */
export const BILL_DUE_SOON_DAYS = 3;

/** One occurrence of a bill, keyed `${billId}:${dueDate}` (the payment suggestion's id has the same form). */
export interface BillOccurrenceRef {
  billId: string;
  billName: string;
  dueDate: IsoDate;
  amountCents: number;
  /**
   * Who the bill is paid to when the user linked it to a detected merchant ('Oakwood Properties' for a bill they
   * call 'Rent'): payments to it pay the bill as payments matching its name do. Absent or null: the name alone.
   */
  payee?: string | null;
}

/**
 * An imported bank transaction as matching needs it. `amountCents` keeps Plaid's sign: positive is money out;
 * a refund or credit is negative and never pays a bill. `merchantKey` is detection's key (merchant name first);
 * `descriptionKey` the same rule on the bank's description alone, so a bill named for what it is ('Rent')
 * still finds 'OAKWOOD PROPERTY RENT ACH' whose merchant is 'Oakwood Properties'.
 */
export interface PaymentTransaction {
  id: string;
  date: IsoDate;
  amountCents: number;
  merchantKey: string;
  descriptionKey?: string;
}

export interface BillPaymentMatch {
  occurrenceKey: string;
  transactionId: string;
  transactionDate: IsoDate;
}

export const occurrenceKey = (billId: string, dueDate: IsoDate): string => `${billId}:${dueDate}`;

/** The largest gap between a bill's amount and a payment that still counts as paying it. */
export function amountToleranceCents(billAmountCents: number): number {
  return Math.max(BILL_MATCH_MIN_TOLERANCE_CENTS, Math.round((Math.abs(billAmountCents) * BILL_MATCH_TOLERANCE_PERCENT) / 100));
}

const wordsOf = (key: string): string[] => key.split(' ').filter((word) => word.length > 0);

/**
 * Whether two merchant keys name the same merchant: equal, or every word of the shorter is in the longer
 * ('xfinity' and 'comcast xfinity', 'rent' and 'oakwood property rent'). Keys hold at most 4 words.
 */
export function merchantKeysMatch(a: string, b: string): boolean {
  const [shorter, longer] = [wordsOf(a), wordsOf(b)].sort((x, y) => x.length - y.length) as [string[], string[]];
  if (shorter.length === 0) return false;
  const pool = new Set(longer);
  return shorter.every((word) => pool.has(word));
}

/** The key a bill is matched by: detection's merchant key of the bill's name. */
export const billMerchantKey = (billName: string): string => merchantKey(billName);

/** The keys an occurrence is matched by: its bill's name, and its payee when it has one. */
const occurrenceMerchantKeys = (occurrence: BillOccurrenceRef): string[] =>
  occurrence.payee ? [billMerchantKey(occurrence.billName), merchantKey(occurrence.payee)] : [billMerchantKey(occurrence.billName)];

interface Candidate {
  occurrence: string;
  transaction: PaymentTransaction;
  dayGap: number;
  amountGap: number;
}

/**
 * Which transaction paid which occurrence. Rules (each a test in bill-status.spec.ts):
 * - money out only (a refund never pays a bill), same merchant (merchantKeysMatch of the bill's name or payee on
 *   either key of the transaction), amount within amountToleranceCents, posted from BILL_MATCH_DAYS_BEFORE_DUE
 *   before to BILL_MATCH_DAYS_AFTER_DUE after the due date;
 * - each transaction pays at most one occurrence and each occurrence is paid by at most one transaction;
 * - between candidates the nearest date wins, then the closest amount, then the earlier transaction (stable).
 * Greedy over every candidate pair in that order, so a weekly bill's payments each go to their own week.
 */
export function matchBillPayments(occurrences: readonly BillOccurrenceRef[], transactions: readonly PaymentTransaction[]): BillPaymentMatch[] {
  const outflows = transactions.filter((t) => t.amountCents > 0);
  const candidates: Candidate[] = [];
  for (const occurrence of occurrences) {
    const keys = occurrenceMerchantKeys(occurrence);
    const tolerance = amountToleranceCents(occurrence.amountCents);
    for (const transaction of outflows) {
      const dayGap = daysBetween(occurrence.dueDate, transaction.date);
      if (dayGap < -BILL_MATCH_DAYS_BEFORE_DUE || dayGap > BILL_MATCH_DAYS_AFTER_DUE) continue;
      const amountGap = Math.abs(transaction.amountCents - occurrence.amountCents);
      if (amountGap > tolerance) continue;
      const sameMerchant = keys.some(
        (key) => merchantKeysMatch(key, transaction.merchantKey) || (transaction.descriptionKey !== undefined && merchantKeysMatch(key, transaction.descriptionKey)),
      );
      if (!sameMerchant) continue;
      candidates.push({ occurrence: occurrenceKey(occurrence.billId, occurrence.dueDate), transaction, dayGap: Math.abs(dayGap), amountGap });
    }
  }
  candidates.sort(
    (a, b) =>
      a.dayGap - b.dayGap ||
      a.amountGap - b.amountGap ||
      a.transaction.date.localeCompare(b.transaction.date) ||
      a.transaction.id.localeCompare(b.transaction.id) ||
      a.occurrence.localeCompare(b.occurrence),
  );
  const paidOccurrences = new Set<string>();
  const usedTransactions = new Set<string>();
  const matches: BillPaymentMatch[] = [];
  for (const candidate of candidates) {
    if (paidOccurrences.has(candidate.occurrence) || usedTransactions.has(candidate.transaction.id)) continue;
    paidOccurrences.add(candidate.occurrence);
    usedTransactions.add(candidate.transaction.id);
    matches.push({ occurrenceKey: candidate.occurrence, transactionId: candidate.transaction.id, transactionDate: candidate.transaction.date });
  }
  return matches;
}

/** An occurrence's status on `today`: paid wins; else overdue after the due date, due soon within BILL_DUE_SOON_DAYS. */
export function occurrenceStatus(dueDate: IsoDate, today: IsoDate, paid: boolean): BillOccurrenceStatusValue {
  if (paid) return 'paid';
  const daysLeft = daysBetween(today, dueDate);
  if (daysLeft < 0) return 'overdue';
  return daysLeft <= BILL_DUE_SOON_DAYS ? 'due_soon' : 'upcoming';
}

export interface OccurrenceStatus extends BillOccurrenceRef {
  status: BillOccurrenceStatusValue;
  /** How it was paid: a matched bank transaction, or the user's mark; null while unpaid. */
  paidBy: 'bank' | 'manual' | null;
  /** The matched transaction's date, or the day the user marked it; null while unpaid. */
  paidOn: IsoDate | null;
  /** The user marked it paid by hand (whether or not a transaction matched too). */
  markedPaid: boolean;
}

/**
 * Statuses of the given occurrences: matched transactions first (the bank's word is the more informative), then
 * the user's marks (key → the day marked). A manual mark's occurrence still takes part in matching, so its own
 * payment is not handed to a neighbouring occurrence.
 */
export function occurrenceStatuses(
  occurrences: readonly BillOccurrenceRef[],
  transactions: readonly PaymentTransaction[],
  manualMarks: ReadonlyMap<string, IsoDate>,
  today: IsoDate,
): OccurrenceStatus[] {
  const matched = new Map(matchBillPayments(occurrences, transactions).map((m) => [m.occurrenceKey, m]));
  return occurrences.map((occurrence) => {
    const key = occurrenceKey(occurrence.billId, occurrence.dueDate);
    const match = matched.get(key);
    const markedOn = manualMarks.get(key);
    const paidBy = match ? 'bank' : markedOn !== undefined ? 'manual' : null;
    return {
      ...occurrence,
      status: occurrenceStatus(occurrence.dueDate, today, paidBy !== null),
      paidBy,
      paidOn: match?.transactionDate ?? markedOn ?? null,
      markedPaid: markedOn !== undefined,
    };
  });
}

/** What occurrencesOfBills needs of a bill (the rules' Bill has it). */
export interface RecurringBillRef {
  id: string;
  name: string;
  amountCents: number;
  dueDate: IsoDate;
  recurring: BillRecurrenceValue;
  /** See BillOccurrenceRef.payee. */
  payee?: string | null;
  /** A changed due day (Bill.earlierDueDate, Bill.dueDateFrom): the old dates stay before the change. */
  earlierDueDate?: IsoDate | null;
  dueDateFrom?: IsoDate | null;
}

/**
 * Every occurrence of the bills due in [from, to] (inclusive), never before the date the user entered (as the
 * timeline), by due date then name.
 */
export function occurrencesOfBills(bills: readonly RecurringBillRef[], from: IsoDate, to: IsoDate): BillOccurrenceRef[] {
  const result: BillOccurrenceRef[] = [];
  for (const bill of bills) {
    for (const dueDate of billOccurrencesBetween(bill, from, to, true)) {
      result.push({ billId: bill.id, billName: bill.name, dueDate, amountCents: bill.amountCents, ...(bill.payee ? { payee: bill.payee } : {}) });
    }
  }
  return result.sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.billName.localeCompare(b.billName) || a.billId.localeCompare(b.billId));
}
