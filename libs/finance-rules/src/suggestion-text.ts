// Internal (not re-exported from index.ts): the reasoning text of a payment suggestion (spec part 2
// §5). Takes the dates already formatted (M/D/YYYY, §9): the suggestion rule formats them from day numbers.
import type { BillPriorityValue } from '@payday/contracts';
import { INCOME_MATCH_MAX_DAYS, LARGE_BILL_THRESHOLD_CENTS } from './constants.js';
import { formatCents } from './money.js';

export interface SuggestionTextInput {
  priority: BillPriorityValue;
  /** payDaysBeforeDue(priority, amount) */
  leadDays: number;
  /** The paycheck it is paid from; null when no paycheck arrives 0 to 30 days before the due date. */
  income: { source: string; amountCents: number; dateText: string; daysAfterIncome: number } | null;
  suggestedDateText: string;
  /** The lead-day date had passed, so the suggestion moved to tomorrow. */
  moved: boolean;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${Math.abs(n) === 1 ? '' : 's'}`;
}

function sourceText(income: NonNullable<SuggestionTextInput['income']>): string {
  const paid = `${income.source} (${formatCents(income.amountCents)}) arrives ${income.dateText}`;
  const { daysAfterIncome: days } = income;
  if (days > 0) return ` ${paid}, ${plural(days, 'day')} before you pay.`;
  if (days === 0) return ` ${paid}, the same day you pay.`;
  return ` ${paid}, ${plural(-days, 'day')} after the suggested date, so set the money aside now.`;
}

export function explainSuggestion(input: SuggestionTextInput): string {
  const { leadDays: lead } = input;
  const why =
    input.priority === 'high'
      ? `High priority, so pay ${plural(lead, 'day')} before the due date.`
      : lead === 4
        ? `Over ${formatCents(LARGE_BILL_THRESHOLD_CENTS)}, so pay ${plural(lead, 'day')} before the due date.`
        : `Pay ${plural(lead, 'day')} before the due date.`;
  const when = input.moved ? ` That date has passed, so pay tomorrow (${input.suggestedDateText}).` : '';
  const source =
    input.income === null
      ? ` No paycheck arrives in the ${INCOME_MATCH_MAX_DAYS} days before it is due, so it comes out of your current balance.`
      : sourceText(input.income);
  return why + when + source;
}
