import {
  buildTimeline,
  compareIsoDates,
  compareText,
  formatCents,
  formatUsShortDate,
  type Bill,
  type IncomeSource,
  type IsoDate,
} from '@paycadence/finance-rules';
import type { PaymentFundingValue } from '@paycadence/contracts';

export type FeedEventKind = 'bill' | 'payday' | 'payment';

/** One all-day event of the feed. */
export interface FeedEvent {
  /** Stable per occurrence, so a calendar app updates an event rather than adding a copy. */
  uid: string;
  kind: FeedEventKind;
  date: IsoDate;
  summary: string;
  description: string;
}

/**
 * What the feed reads of a payment suggestion. A suggestion may have no paycheck to pay from (paymentSource
 * null: paid from the current balance), so the feed never assumes one.
 */
export interface FeedPayment {
  billId: string;
  billName: string;
  billAmountCents: number;
  dueDate: IsoDate;
  suggestedDate: IsoDate;
  paymentSource: string | null;
  incomeDate: IsoDate | null;
  /** How it is paid (finance-rules): after its paycheck, before it arrives, or from the current balance. */
  funding: PaymentFundingValue;
  reasoning: string;
}

export interface FeedInput {
  bills: readonly Bill[];
  incomes: readonly IncomeSource[];
  /** The Smart Payment Schedule the dashboard shows (finance-rules; the household's when items are shared). */
  schedule: readonly FeedPayment[];
  from: IsoDate;
  to: IsoDate;
}

const UID_DOMAIN = 'paycadence';

/** The calendar's categories, one per kind. */
export const FEED_CATEGORIES: Record<FeedEventKind, string> = {
  bill: 'Bill',
  payday: 'Payday',
  payment: 'Suggested payment',
};

const paidFrom = (p: FeedPayment) => {
  if (p.paymentSource === null || p.funding === 'current-balance') return 'from your current balance';
  const paycheck = `your ${p.paymentSource} paycheck${p.incomeDate ? ` of ${formatUsShortDate(p.incomeDate)}` : ''}`;
  // The dashboard's words: a date before its paycheck says so rather than pretending.
  return p.funding === 'before-paycheck' ? `before ${paycheck} arrives` : `from ${paycheck}`;
};

/**
 * The feed's events for [from, to]: each bill due date and payday the Calendar view shows (finance-rules'
 * timeline: never before the date the user entered) and each suggested pay date of the schedule there.
 * UIDs name the occurrence: a bill's or income's id and date, a payment's bill and due date (its suggested
 * date may move, the event with it).
 */
export function buildFeedEvents({ bills, incomes, schedule, from, to }: FeedInput): FeedEvent[] {
  const suggestionFor = new Map(schedule.map((p) => [`${p.billId}:${p.dueDate}`, p]));
  const events: FeedEvent[] = [];
  // The timeline's payments carry no paycheck, so they come from the schedule below; its items' keys are
  // `${kind}:${id}:${date}` (TimelineItemSchema), ids being uuids.
  for (const item of buildTimeline(bills, incomes, [], from, to).items) {
    const amount = formatCents(item.amountCents);
    const uid = `${item.key.replace(/:/g, '-')}@${UID_DOMAIN}`;
    if (item.kind === 'income') {
      events.push({
        uid,
        kind: 'payday',
        date: item.date,
        summary: `Payday: ${item.name} (${amount})`,
        description: `${item.name}: ${amount} expected.`,
      });
      continue;
    }
    const billId = item.key.split(':')[1]!;
    const suggestion = suggestionFor.get(`${billId}:${item.date}`);
    const advice = suggestion
      ? ` Suggested pay date: ${formatUsShortDate(suggestion.suggestedDate)}, ${paidFrom(suggestion)}.`
      : '';
    events.push({
      uid,
      kind: 'bill',
      date: item.date,
      summary: `${item.name} due: ${amount}`,
      description: `${item.name} (${amount}) is due.${advice}`,
    });
  }
  for (const p of schedule) {
    if (compareIsoDates(p.suggestedDate, from) < 0 || compareIsoDates(p.suggestedDate, to) > 0) continue;
    const amount = formatCents(p.billAmountCents);
    events.push({
      uid: `payment-${p.billId}-${p.dueDate}@${UID_DOMAIN}`,
      kind: 'payment',
      date: p.suggestedDate,
      summary:
        p.paymentSource === null
          ? `Pay ${p.billName} (${amount})`
          : `Pay ${p.billName} (${amount}) from ${p.paymentSource}`,
      description: `Suggested pay date for ${p.billName} (${amount}), due ${formatUsShortDate(p.dueDate)}, ${paidFrom(p)}.\n\n${p.reasoning}`,
    });
  }
  return events.sort((a, b) => compareIsoDates(a.date, b.date) || compareText(a.uid, b.uid));
}
