import {
  BILL_CATEGORY_VALUES,
  IncomeSuggestionInputSchema,
  MAX_SUGGESTIONS_PER_MESSAGE,
  MONTH_BASED_INCOME_FREQUENCIES,
  UpsertSuggestionsMessageSchema,
  type BillRecurrenceValue,
  type IncomeFrequencyValue,
  type UpsertSuggestionsCommand,
} from '@paycadence/contracts';
import type { DetectedBillCategory } from './core/categories.js';
import type { IncomeType } from './core/detect-recurring.js';
import type { Frequency } from './core/cadences.js';

/** Below this confidence a stream stays in recurring_streams (analytics) but is not offered to the user. */
export const SUGGESTION_MIN_CONFIDENCE = 0.5;

/** A stored stream as suggestions need it. */
export interface StoredStream {
  /** The recurring_streams row id. */
  readonly id: string;
  /** streamSuggestionKey of the stream: what finance keeps its suggestion (and the user's answer) by. */
  readonly externalKey: string;
  readonly direction: 'inflow' | 'outflow';
  readonly name: string;
  readonly category: DetectedBillCategory | IncomeType | string;
  readonly frequency: Frequency;
  readonly confidence: number;
  readonly averageAmount: number;
  readonly lastAmount: number;
  readonly lastDate: string;
  /** The next expected date, moved off the weekend as the stream's history shows (a bill's due date). */
  readonly nextDate: string;
  /** The same occurrence as scheduled, before any weekend move (an income's next pay date). */
  readonly scheduledNextDate: string;
  /** Semi-monthly: its two month days (31: the last day). */
  readonly payDays: readonly number[] | null;
  /** Month-based income with an empty season: the months it pays (1-12); null: every month. */
  readonly paidMonths: readonly number[] | null;
  /** Variable income: a lean but typical paycheck in dollars; null: steady. */
  readonly lowAmount: number | null;
  readonly priceChanged: boolean;
}

/** The bill form's recurrence; a twice-monthly bill is rare and closest to monthly (it under-counts by half). */
const BILL_RECURRENCE: Record<Frequency, BillRecurrenceValue> = {
  weekly: 'weekly',
  biweekly: 'biweekly',
  'semi-monthly': 'monthly',
  monthly: 'monthly',
  quarterly: 'quarterly',
  annual: 'yearly',
};

/**
 * The income form's frequency. Semi-monthly pay is the form's twice-monthly with its two pay days. Annual income
 * is not suggested: the form has no yearly frequency and 'quarterly' would count it four times.
 */
const INCOME_FREQUENCY: Record<Frequency, IncomeFrequencyValue | null> = {
  weekly: 'weekly',
  biweekly: 'biweekly',
  'semi-monthly': 'twice-monthly',
  monthly: 'monthly',
  quarterly: 'quarterly',
  annual: null,
};

const BILL_CATEGORIES = new Set<string>(BILL_CATEGORY_VALUES);

/**
 * What to expect next: the new price after a price change, else the average (a metered bill's typical size).
 */
const expectedAmount = (stream: StoredStream) =>
  stream.priceChanged ? stream.lastAmount : stream.averageAmount;

/**
 * The upsert messages for finance (each within MAX_SUGGESTIONS_PER_MESSAGE per kind), validated by the
 * contract's schema before they leave. Streams under SUGGESTION_MIN_CONFIDENCE are left out.
 */
export function suggestionMessages(
  userId: string,
  streams: readonly StoredStream[],
): UpsertSuggestionsCommand[] {
  // Two links of one bank (before the duplicate cleanup) find the same stream twice, under one key: one
  // suggestion, from the more certain of them.
  const byKey = new Map<string, StoredStream>();
  for (const stream of streams) {
    const seen = byKey.get(stream.externalKey);
    if (!seen || stream.confidence > seen.confidence) byKey.set(stream.externalKey, stream);
  }
  const confident = [...byKey.values()].filter(
    (stream) => stream.confidence >= SUGGESTION_MIN_CONFIDENCE && expectedAmount(stream) > 0,
  );
  const bills = confident
    .filter((stream) => stream.direction === 'outflow')
    .map((stream) => ({
      externalKey: stream.externalKey,
      name: stream.name,
      amount: round2(expectedAmount(stream)),
      category: (BILL_CATEGORIES.has(stream.category) ? stream.category : 'other') as DetectedBillCategory,
      suggestedDueDate: stream.nextDate,
      transactionDate: stream.lastDate,
      confidence: stream.confidence,
      recurring: BILL_RECURRENCE[stream.frequency],
    }));
  const income = confident.flatMap((stream) => {
    const suggestedFrequency = INCOME_FREQUENCY[stream.frequency];
    if (stream.direction !== 'inflow' || suggestedFrequency === null) return [];
    const amount = round2(expectedAmount(stream));
    const lowAmount = stream.lowAmount === null ? null : round2(stream.lowAmount);
    const suggestion = {
      externalKey: stream.externalKey,
      source: stream.name,
      amount,
      suggestedFrequency,
      // As scheduled: finance moves a weekend or holiday payday to the business day before by itself, and a
      // schedule entered on an already-moved day (the 13th for the 15th) would be off every month after.
      suggestedNextDate: stream.scheduledNextDate,
      suggestedPayDays: suggestedFrequency === 'twice-monthly' ? stream.payDays : null,
      suggestedPaidMonths: (MONTH_BASED_INCOME_FREQUENCIES as readonly string[]).includes(suggestedFrequency)
        ? stream.paidMonths
        : null,
      suggestedLowAmount: lowAmount !== null && lowAmount > 0 && lowAmount < amount ? lowAmount : null,
      transactionDate: stream.lastDate,
      confidence: stream.confidence,
    };
    // Detection builds schedules that hold together; one that did not (twice a month without its two days)
    // is left out rather than failing the message, which would hold back every other suggestion of the user.
    return IncomeSuggestionInputSchema.safeParse(suggestion).success ? [suggestion] : [];
  });
  const messages: UpsertSuggestionsCommand[] = [];
  for (
    let start = 0;
    start === 0 || start < Math.max(bills.length, income.length);
    start += MAX_SUGGESTIONS_PER_MESSAGE
  ) {
    const message = {
      userId,
      bills: bills.slice(start, start + MAX_SUGGESTIONS_PER_MESSAGE),
      income: income.slice(start, start + MAX_SUGGESTIONS_PER_MESSAGE),
    };
    if (message.bills.length || message.income.length)
      messages.push(UpsertSuggestionsMessageSchema.parse(message));
  }
  return messages;
}

const round2 = (value: number) => Math.round(value * 100) / 100;
