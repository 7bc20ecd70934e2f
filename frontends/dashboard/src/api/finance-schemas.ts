// Payload shapes of spec part 2 §3/§7 as the dashboard reads and sends them. The forms validate with the
// finance service's own schemas from libs/contracts (§5: required fields, amounts step 0.01, 'YYYY-MM-DD').
import { BillCreateSchema, IncomeCreateSchema } from '@payday/contracts';
import { BILL_CATEGORIES, BILL_PRIORITIES, BILL_RECURRENCES, INCOME_FREQUENCIES } from '@payday/finance-rules';
import { z } from 'zod';

/** The bill form as typed (strings); validated with the service's own schema (DESIGN §6). */
export interface BillFormValues {
  name: string;
  amount: string;
  due_date: string;
  priority: (typeof BILL_PRIORITIES)[number];
  category: (typeof BILL_CATEGORIES)[number];
  recurring: (typeof BILL_RECURRENCES)[number];
}

/** The income form as typed. */
export interface IncomeFormValues {
  source: string;
  amount: string;
  frequency: (typeof INCOME_FREQUENCIES)[number];
  next_date: string;
}

/** spec part 2 §4: form defaults. */
export const BILL_FORM_DEFAULTS: BillFormValues = {
  name: '',
  amount: '',
  due_date: '',
  priority: 'medium',
  category: 'utilities',
  recurring: 'monthly',
};
export const INCOME_FORM_DEFAULTS: IncomeFormValues = { source: '', amount: '', frequency: 'monthly', next_date: '' };

/** Request bodies of spec part 2 §7 (amounts in dollars, parsed as float per §5). */
export interface BillPayload {
  name: string;
  amount: number;
  due_date: string;
  priority: (typeof BILL_PRIORITIES)[number];
  category: (typeof BILL_CATEGORIES)[number];
  recurring: (typeof BILL_RECURRENCES)[number];
}
export interface IncomePayload {
  source: string;
  amount: number;
  frequency: (typeof INCOME_FREQUENCIES)[number];
  next_date: string;
}

/** Validates the typed form; returns the payload or the first message per field. */
export function parseBillForm(values: BillFormValues): { ok: true; payload: BillPayload } | { ok: false; errors: Record<string, string> } {
  // spec part 2 §5: name, amount and due date required; amount step 0.01 (BillCreateSchema, libs/contracts).
  const result = BillCreateSchema.safeParse(values);
  if (!result.success) return { ok: false, errors: firstErrors(result.error) };
  return { ok: true, payload: result.data };
}

export function parseIncomeForm(values: IncomeFormValues): { ok: true; payload: IncomePayload } | { ok: false; errors: Record<string, string> } {
  // spec part 2 §5: source, amount and next date required (IncomeCreateSchema, libs/contracts).
  const result = IncomeCreateSchema.safeParse(values);
  if (!result.success) return { ok: false, errors: firstErrors(result.error) };
  return { ok: true, payload: result.data };
}

function firstErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '_');
    out[key] ??= issue.message;
  }
  return out;
}

// ---- Rows the API answers with (spec part 2 §3). Amounts may come as NUMERIC strings. ----
const money = z.union([z.number(), z.string()]);

export const BillRowSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  name: z.string(),
  amount: money,
  due_date: z.string().optional(),
  dueDate: z.string().optional(),
  priority: z.enum(BILL_PRIORITIES).catch('medium'),
  category: z.enum(BILL_CATEGORIES).catch('other'),
  recurring: z.enum(BILL_RECURRENCES).catch('once'),
});
export type BillRow = z.output<typeof BillRowSchema>;

export const IncomeRowSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  source: z.string(),
  amount: money,
  frequency: z.enum(INCOME_FREQUENCIES).catch('monthly'),
  next_date: z.string().optional(),
  nextDate: z.string().optional(),
});
export type IncomeRow = z.output<typeof IncomeRowSchema>;

export const SavingsGoalRowSchema = z.looseObject({
  goal_type: z.string().optional(),
  goalType: z.string().optional(),
  current_amount: money.optional(),
  currentAmount: money.optional(),
  currentAmountCents: z.number().optional(),
});
export type SavingsGoalRow = z.output<typeof SavingsGoalRowSchema>;

/** spec part 2 §3: bill and income suggestions from bank data; confidence 0 to 1. */
export const BillSuggestionSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  name: z.string(),
  amount: money,
  category: z.string().optional(),
  suggestedDueDate: z.string().optional(),
  transactionDate: z.string().optional(),
  confidence: z.number().catch(0),
});
export type BillSuggestion = z.output<typeof BillSuggestionSchema>;

export const IncomeSuggestionSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  source: z.string(),
  amount: money,
  suggestedFrequency: z.string().optional(),
  suggestedNextDate: z.string().optional(),
  transactionDate: z.string().optional(),
  confidence: z.number().catch(0),
});
export type IncomeSuggestion = z.output<typeof IncomeSuggestionSchema>;

export const SuggestionsResponseSchema = z.object({
  bills: z.array(BillSuggestionSchema).catch([]),
  income: z.array(IncomeSuggestionSchema).catch([]),
});
export type SuggestionsResponse = z.output<typeof SuggestionsResponseSchema>;
