// Internal (not re-exported from index.ts): the reasoning text of a payment suggestion (spec part 2
// §5). Takes the dates already formatted (M/D/YYYY, §9): the suggestion rule formats them from day numbers.
import type { BillPriorityValue } from '@payday/contracts';
import { LARGE_BILL_THRESHOLD_CENTS } from './constants.js';
import { formatCents } from './money.js';

export interface SuggestionTextInput {
  priority: BillPriorityValue;
  /** payDaysBeforeDue(priority, amount) */
  leadDays: number;
  incomeSource: string;
  incomeAmountCents: number;
  incomeDateText: string;
  suggestedDateText: string;
  /** The lead-day date had passed, so the suggestion moved to tomorrow. */
  moved: boolean;
  daysAfterIncome: number;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${Math.abs(n) === 1 ? '' : 's'}`;
}

export function explainSuggestion(input: SuggestionTextInput): string {
  const { leadDays: lead, daysAfterIncome } = input;
  const why =
    input.priority === 'high'
      ? `High priority, so pay ${plural(lead, 'day')} before the due date.`
      : lead === 4
        ? `Over ${formatCents(LARGE_BILL_THRESHOLD_CENTS)}, so pay ${plural(lead, 'day')} before the due date.`
        : `Pay ${plural(lead, 'day')} before the due date.`;
  const when = input.moved ? ` That date has passed, so pay tomorrow (${input.suggestedDateText}).` : '';
  const paid = `${input.incomeSource} (${formatCents(input.incomeAmountCents)}) arrives ${input.incomeDateText}`;
  const source =
    daysAfterIncome > 0
      ? ` ${paid}, ${plural(daysAfterIncome, 'day')} before you pay.`
      : daysAfterIncome === 0
        ? ` ${paid}, the same day you pay.`
        : ` ${paid}, ${plural(-daysAfterIncome, 'day')} after the suggested date, so set the money aside now.`;
  return why + when + source;
}
