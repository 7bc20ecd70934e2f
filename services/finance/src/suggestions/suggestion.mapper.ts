import {
  BILL_DEFAULTS,
  INCOME_DEFAULTS,
  type AcceptBillInput,
  type AcceptIncomeInput,
  type BillCreateInput,
  type BillRecurrenceValue,
  type BillSuggestionDto,
  type IncomeCreateInput,
  type IncomeFrequencyValue,
  type IncomeSuggestionDto,
} from '@paycadence/contracts';
import { numericToDollars } from '../common/money.js';
import type { Suggestion } from './suggestion.entity.js';

export function toBillSuggestionDto(s: Suggestion): BillSuggestionDto {
  return {
    id: s.id,
    name: s.name,
    amount: numericToDollars(s.amount),
    category: s.category ?? 'other',
    suggestedDueDate: s.suggestedDate,
    transactionDate: s.transactionDate,
    confidence: Number(s.confidence),
    recurring: billRecurrence(s),
  };
}

/** A bill suggestion's detected recurrence, else the §4 default. */
function billRecurrence(s: Suggestion): BillRecurrenceValue {
  return (s.frequency as BillRecurrenceValue | null) ?? BILL_DEFAULTS.recurring;
}

/** An income suggestion's frequency (the upsert only stores income frequencies for income). */
function incomeFrequency(s: Suggestion): IncomeFrequencyValue {
  return (s.frequency as IncomeFrequencyValue | null) ?? INCOME_DEFAULTS.frequency;
}

export function toIncomeSuggestionDto(s: Suggestion): IncomeSuggestionDto {
  return {
    id: s.id,
    source: s.name,
    amount: numericToDollars(s.amount),
    suggestedFrequency: incomeFrequency(s),
    suggestedNextDate: s.suggestedDate,
    // Only what detection saw: absent reads as steady pay every month, as before these fields.
    ...(s.suggestedPayDays != null && { suggestedPayDays: s.suggestedPayDays }),
    ...(s.suggestedPaidMonths != null && { suggestedPaidMonths: s.suggestedPaidMonths }),
    ...(s.suggestedLowAmount != null && { suggestedLowAmount: numericToDollars(s.suggestedLowAmount) }),
    transactionDate: s.transactionDate,
    confidence: Number(s.confidence),
  };
}

/** The bill an accepted suggestion becomes: its fields, the §4 defaults, then the caller's overrides. */
export function billFromSuggestion(s: Suggestion, overrides: AcceptBillInput): BillCreateInput {
  return {
    name: s.name,
    amount: numericToDollars(s.amount),
    due_date: s.suggestedDate,
    category: s.category ?? 'other',
    priority: BILL_DEFAULTS.priority,
    recurring: billRecurrence(s),
    ...overrides,
  };
}

/**
 * The income an accepted suggestion becomes: the detected schedule, then the caller's overrides (null clears a
 * detected field). The merged schedule may not hold together (monthly over detected pay days): incomeColumns
 * checks it before anything is written.
 */
export function incomeFromSuggestion(s: Suggestion, overrides: AcceptIncomeInput): IncomeCreateInput {
  return {
    source: s.name,
    amount: numericToDollars(s.amount),
    next_date: s.suggestedDate,
    frequency: incomeFrequency(s),
    // Two days, ascending: the upsert stores what the schema checked and the table's CHECK keeps it so.
    pay_days: s.suggestedPayDays ? (s.suggestedPayDays as [number, number]) : null,
    paid_months: s.suggestedPaidMonths ?? null,
    low_amount: s.suggestedLowAmount == null ? null : numericToDollars(s.suggestedLowAmount),
    ...overrides,
  };
}
