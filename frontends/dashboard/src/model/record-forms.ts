// The bill and income forms as typed (UI-only: strings while editing). They validate with the finance
// service's own schemas from libs/contracts (spec part 2 §5: required fields, amounts step 0.01,
// 'YYYY-MM-DD'), whose parsed output is exactly the request body the CRUD routes take (dollars).
import {
  BILL_DEFAULTS,
  BillCreateSchema,
  INCOME_DEFAULTS,
  IncomeCreateSchema,
  fieldErrors,
  type BillCategoryValue,
  type BillCreateInput,
  type BillPriorityValue,
  type BillRecurrenceValue,
  type DashboardBill,
  type DashboardIncome,
  type IncomeCreateInput,
  type IncomeFrequencyValue,
} from '@payday/contracts';

export interface BillFormValues {
  name: string;
  amount: string;
  due_date: string;
  priority: BillPriorityValue;
  category: BillCategoryValue;
  recurring: BillRecurrenceValue;
}

export interface IncomeFormValues {
  source: string;
  amount: string;
  frequency: IncomeFrequencyValue;
  next_date: string;
}

/** spec part 2 §4: form defaults. */
export const BILL_FORM_DEFAULTS: BillFormValues = { name: '', amount: '', due_date: '', ...BILL_DEFAULTS };
export const INCOME_FORM_DEFAULTS: IncomeFormValues = { source: '', amount: '', next_date: '', ...INCOME_DEFAULTS };

/** The errors are the service's own answer shape: the first message per field (the form shows one per field). */
type Parsed<T> = { ok: true; payload: T } | { ok: false; errors: Record<string, string> };

export function parseBillForm(values: BillFormValues): Parsed<BillCreateInput> {
  const result = BillCreateSchema.safeParse(values);
  return result.success ? { ok: true, payload: result.data } : { ok: false, errors: fieldErrors(result.error) };
}

export function parseIncomeForm(values: IncomeFormValues): Parsed<IncomeCreateInput> {
  const result = IncomeCreateSchema.safeParse(values);
  return result.success ? { ok: true, payload: result.data } : { ok: false, errors: fieldErrors(result.error) };
}

/** Cents as the amount field shows them ('1450.00'). */
const centsText = (cents: number) => (cents / 100).toFixed(2);

/** The edit form prefilled from a dashboard row (integer cents). */
export const billFormValues = (bill: DashboardBill): BillFormValues => ({
  name: bill.name,
  amount: centsText(bill.amountCents),
  due_date: bill.dueDate,
  priority: bill.priority,
  category: bill.category,
  recurring: bill.recurring,
});

export const incomeFormValues = (income: DashboardIncome): IncomeFormValues => ({
  source: income.source,
  amount: centsText(income.amountCents),
  frequency: income.frequency,
  next_date: income.nextDate,
});
