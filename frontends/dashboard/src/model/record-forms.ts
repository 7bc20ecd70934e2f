// The bill and income forms as typed (UI-only: strings while editing). They validate with the finance
// service's own schemas from libs/contracts (docs/product/signed-in.md §5: required fields, amounts step 0.01,
// 'YYYY-MM-DD'), whose parsed output is exactly the request body the CRUD routes take (dollars).
import {
  BILL_DEFAULTS,
  BillCreateSchema,
  INCOME_DEFAULTS,
  IncomeCreateSchema,
  LAST_DAY_OF_MONTH,
  MONTH_BASED_INCOME_FREQUENCIES,
  amountSchema,
  fieldErrors,
  incomeScheduleProblem,
  type BillCategoryValue,
  type BillCreateInput,
  type BillPriorityValue,
  type BillRecurrenceValue,
  type DashboardBill,
  type DashboardIncome,
  type IncomeCreateInput,
  type IncomeFrequencyValue,
} from '@paycadence/contracts';

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
  /** The typical paycheck (the only one when pay does not vary). */
  amount: string;
  frequency: IncomeFrequencyValue;
  next_date: string;
  /** Twice a month: the two days of the month (31: the last day). Ignored for other frequencies. */
  pay_days: [number, number];
  /** Monthly or twice a month: paid only in the months checked (a school year) instead of every month. */
  school_year: boolean;
  paid_months: number[];
  /** Variable pay: the low amount a lean paycheck brings is asked for as well. */
  varies: boolean;
  low_amount: string;
}

/** A school year paid September to June: what the month checkboxes start with. */
export const SCHOOL_YEAR_MONTHS: readonly number[] = [1, 2, 3, 4, 5, 6, 9, 10, 11, 12];

/** Pay days may be 1st to 30th or the last day (31). */
export const PAY_DAY_CHOICES: readonly number[] = Array.from({ length: LAST_DAY_OF_MONTH }, (_, i) => i + 1);

const lastDayOfMonth = (isoDate: string) => new Date(Date.UTC(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)), 0)).getUTCDate();

/**
 * The two days a twice-a-month paycheck most likely falls on, read from its next date: the 15th and the last day
 * when that date is the 15th or a month end, else the 1st and the 15th (the two common US salary schedules).
 */
export function defaultPayDays(nextDate: string): [number, number] {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(nextDate)) return [1, 15];
  const day = Number(nextDate.slice(8, 10));
  return day === 15 || day === lastDayOfMonth(nextDate) ? [15, LAST_DAY_OF_MONTH] : [1, 15];
}

export const isMonthBased = (frequency: IncomeFrequencyValue) => (MONTH_BASED_INCOME_FREQUENCIES as readonly string[]).includes(frequency);

/** docs/product/signed-in.md §4: form defaults. */
export const BILL_FORM_DEFAULTS: BillFormValues = { name: '', amount: '', due_date: '', ...BILL_DEFAULTS };
export const INCOME_FORM_DEFAULTS: IncomeFormValues = {
  source: '',
  amount: '',
  next_date: '',
  ...INCOME_DEFAULTS,
  pay_days: [1, 15],
  school_year: false,
  paid_months: [...SCHOOL_YEAR_MONTHS],
  varies: false,
  low_amount: '',
};

/** The errors are the service's own answer shape: the first message per field (the form shows one per field). */
type Parsed<T> = { ok: true; payload: T } | { ok: false; errors: Record<string, string> };

export function parseBillForm(values: BillFormValues): Parsed<BillCreateInput> {
  const result = BillCreateSchema.safeParse(values);
  return result.success ? { ok: true, payload: result.data } : { ok: false, errors: fieldErrors(result.error) };
}

/** The request body the form stands for: each schedule field only where its frequency has it, else null (cleared on edit). */
export function incomeRequest(values: IncomeFormValues) {
  return {
    source: values.source,
    amount: values.amount,
    frequency: values.frequency,
    next_date: values.next_date,
    pay_days: values.frequency === 'twice-monthly' ? [...values.pay_days] : null,
    paid_months: isMonthBased(values.frequency) && values.school_year ? [...values.paid_months] : null,
    low_amount: values.varies ? values.low_amount : null,
  };
}

const dollars = amountSchema('Amount', { positive: true });

export function parseIncomeForm(values: IncomeFormValues): Parsed<IncomeCreateInput> {
  const request = incomeRequest(values);
  const result = IncomeCreateSchema.safeParse(request);
  if (result.success) return { ok: true, payload: result.data };
  const errors = fieldErrors(result.error);
  // The schema checks the schedule as a whole (incomeScheduleProblem) only once every field reads; say its
  // problem now too, beside its field, so the user is not sent back a second time for it.
  const amount = dollars.safeParse(request.amount);
  const low = request.low_amount === null ? null : dollars.safeParse(request.low_amount);
  if (amount.success && (low === null || low.success) && /^\d{4}-\d{2}-\d{2}$/.test(request.next_date)) {
    const problem = incomeScheduleProblem({ ...request, amount: amount.data, low_amount: low?.data ?? null });
    if (problem && !errors[problem.field]) errors[problem.field] = problem.message;
  }
  return { ok: false, errors };
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
  pay_days: income.payDays && income.payDays.length === 2 ? [income.payDays[0]!, income.payDays[1]!] : defaultPayDays(income.nextDate),
  school_year: Boolean(income.paidMonths && income.paidMonths.length > 0 && income.paidMonths.length < 12),
  paid_months: income.paidMonths && income.paidMonths.length > 0 ? [...income.paidMonths] : [...SCHOOL_YEAR_MONTHS],
  varies: income.lowAmountCents !== null && income.lowAmountCents !== undefined,
  low_amount: income.lowAmountCents !== null && income.lowAmountCents !== undefined ? centsText(income.lowAmountCents) : '',
});

/**
 * A server's field errors keyed as the form's fields: 'pay_days.0' belongs to the pay days, 'nextDate' to the next
 * date, so each shows beside its field.
 */
export function incomeFieldErrors(errors: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors ?? {})) {
    const field = key.split('.')[0] === 'nextDate' ? 'next_date' : key.split('.')[0]!;
    out[field] ??= message;
  }
  return out;
}
