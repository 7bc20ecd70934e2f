// Finance payloads (docs/product/signed-in.md §3 entities, §4 defaults, §5 validation, §7 calls, §8 messages), shared by
// services/finance, the dashboard forms and bank-sync (over the Redis transport). The CRUD routes carry money
// as dollars with at most 2 decimals (a JSON number, docs/product/signed-in.md §3/§7); the finance service turns it into
// integer cents. The dashboard's answer (dashboard.ts) is in integer cents throughout.
import { z } from 'zod';
import { safeString } from './text.js';
import { transportReply } from './transport.js';

// ---------------------------------------------------------------------------------------------------------
// Enums and defaults (docs/product/signed-in.md §3, §4)

export const BILL_PRIORITY_VALUES = ['low', 'medium', 'high'] as const;
export const BILL_CATEGORY_VALUES = [
  'utilities',
  'rent',
  'insurance',
  'subscriptions',
  'loans',
  'credit-card',
  'auto-payment',
  'other',
] as const;
export const BILL_RECURRENCE_VALUES = ['once', 'weekly', 'biweekly', 'monthly', 'quarterly', 'yearly'] as const;
/**
 * 'twice-monthly': two chosen days of every month (the 1st and 15th, or the 15th and the last day), the most common
 * US salary schedule; its two days are the income's `pay_days`. See docs/money-model.md.
 */
export const INCOME_FREQUENCY_VALUES = ['weekly', 'biweekly', 'twice-monthly', 'monthly', 'quarterly'] as const;
/** Frequencies that may skip months (`paid_months`: a school year paid September to June, say). */
export const MONTH_BASED_INCOME_FREQUENCIES = ['twice-monthly', 'monthly'] as const;
/** A pay day of 31 means the month's last day (28 to 31); any day past a month's length falls on its last day. */
export const LAST_DAY_OF_MONTH = 31;
export const SUGGESTION_KINDS = ['bill', 'income'] as const;
export const SUGGESTION_STATUSES = ['pending', 'accepted', 'dismissed'] as const;

/** docs/product/signed-in.md §4: form defaults after save/reset. */
export const BILL_DEFAULTS = { priority: 'medium', category: 'utilities', recurring: 'monthly' } as const;
export const INCOME_DEFAULTS = { frequency: 'monthly' } as const;
/** docs/product/signed-in.md §3: emergency_fund is the goal type the dashboard uses. */
export const DEFAULT_SAVINGS_GOAL_TYPE = 'emergency_fund';

// Not in docs/product (our choice): caps keep one user's rows, and so the dashboard's work, bounded.
export const MAX_BILLS_PER_USER = 500;
export const MAX_INCOME_SOURCES_PER_USER = 100;
export const MAX_SAVINGS_GOALS_PER_USER = 50;
export const MAX_SUGGESTIONS_PER_MESSAGE = 500;
export const MAX_NAME_LENGTH = 100;
/** NUMERIC(12,2) holds at most 9,999,999,999.99. */
export const MAX_AMOUNT_DOLLARS = 9_999_999_999.99;

export type BillPriorityValue = (typeof BILL_PRIORITY_VALUES)[number];
export type BillCategoryValue = (typeof BILL_CATEGORY_VALUES)[number];
export type BillRecurrenceValue = (typeof BILL_RECURRENCE_VALUES)[number];
export type IncomeFrequencyValue = (typeof INCOME_FREQUENCY_VALUES)[number];
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

// ---------------------------------------------------------------------------------------------------------
// Messages (docs/product/signed-in.md §8 for the client texts; the server texts are ours)

export const FINANCE_MESSAGES = {
  billNotFound: 'Bill not found',
  incomeNotFound: 'Income source not found',
  savingsGoalNotFound: 'Savings goal not found',
  suggestionNotFound: 'Suggestion not found',
  suggestionNotPending: 'This suggestion has already been accepted or dismissed',
  tooManyBills: `You can keep at most ${MAX_BILLS_PER_USER} bills. Delete one before adding another.`,
  tooManyIncomeSources: `You can keep at most ${MAX_INCOME_SOURCES_PER_USER} income sources. Delete one before adding another.`,
  tooManySavingsGoals: `You can keep at most ${MAX_SAVINGS_GOALS_PER_USER} savings goals. Delete one before adding another.`,
  noBankConnected: 'No bank account is connected yet. Connect one from Connected Accounts to import bills and income.',
  emptyUpdate: 'Send at least one field to update',
  // docs/product/signed-in.md §8: what the dashboard shows when a call fails.
  loadFailed: 'Unable to load financial data. Please check your connection and try again.',
  saveBillFailed: 'Failed to save bill. Please try again.',
  deleteBillFailed: 'Failed to delete bill. Please try again.',
  saveIncomeFailed: 'Failed to save income. Please try again.',
  deleteIncomeFailed: 'Failed to delete income. Please try again.',
  acceptSuggestionFailed: 'Failed to accept suggestion',
  loadSuggestionsFailed: 'Failed to load suggestions',
  syncFailed: 'Failed to sync bank data. Please try again.',
  // docs/product/signed-in.md §8: what a sync that fell back to the status check answers.
  syncFallbackSucceeded: 'Bank data synced successfully',
  // Shared bills and income (not in docs/product): the server's answers and the dashboard's texts.
  householdNotFound: 'Household not found. You can only share with a household you belong to.',
  sharedItemReadOnly: "Only the household's owners and partners can change its shared bills and income",
  householdUnavailable: 'Household sharing is unavailable right now. Please try again.',
  shareWithHousehold: 'Share with household',
  notShared: 'None',
} as const;

/** The marker a shared bill or income source carries in lists and the schedule. */
export const sharedItemMarker = (householdName: string, addedBy: string): string => `Shared · ${householdName} · added by ${addedBy}`;

// ---------------------------------------------------------------------------------------------------------
// Field schemas (docs/product/signed-in.md §5)

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DECIMAL_TEXT = /^\d+(\.\d{1,2})?$/;

/** True for a real calendar date written YYYY-MM-DD (2026-02-30 is not one), years 1900-2199. */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || year > 2199 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return day <= lengths[month - 1];
}

function requiredText(label: string, max = MAX_NAME_LENGTH) {
  return safeString({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`) })
    .trim()
    .min(1, { message: `${label} is required`, abort: true })
    .max(max, { message: `${label} must be at most ${max} characters`, abort: true });
}

/**
 * How far a JSON number may sit from a whole number of cents and still count as that amount: binary
 * floating point makes 0.1 + 0.2 arrive as 0.30000000000000004, which is 0.30 (not a third decimal).
 */
export const AMOUNT_FLOAT_TOLERANCE = 1e-9;

/** A JSON number of dollars: within AMOUNT_FLOAT_TOLERANCE of whole cents, answered rounded to cents. */
function numberAmount(value: number, label: string, positive: boolean, fail: (message: string) => never): number {
  if (!Number.isFinite(value)) return fail(`${label} must be a number`);
  if (value < -AMOUNT_FLOAT_TOLERANCE) return fail(`${label} cannot be negative`);
  if (value > MAX_AMOUNT_DOLLARS) return fail(`${label} must be at most 9,999,999,999.99`);
  const cents = Math.round(value * 100);
  if (Math.abs(value - cents / 100) > AMOUNT_FLOAT_TOLERANCE) return fail(`${label} can have at most 2 decimal places`);
  if (positive && cents === 0) return fail(`${label} must be greater than 0`);
  return cents / 100 || 0; // `|| 0`: a noisy -1e-12 rounds to -0, sent back as 0
}

/**
 * Dollars as a JSON number (or a decimal string from a form): at most 2 decimals, never negative
 * (docs/product/signed-in.md §5: step 0.01). `positive` also refuses 0 (a bill or income of nothing is a typo).
 * A string is the user's own text, so '1.005' is refused as written; a number is checked with the
 * float tolerance above (19.999 is still refused).
 */
export function amountSchema(label: string, { positive }: { positive: boolean }) {
  return z.unknown().transform((value, ctx): number => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (value === undefined || value === null || value === '') return fail(`${label} is required`);
    if (typeof value === 'number') return numberAmount(value, label, positive, fail);
    if (typeof value !== 'string') return fail(`${label} must be a number`);
    let text = value.trim();
    // Longer than any amount can be written: refused before a pattern sees it.
    if (text.length > 32) return fail(`${label} must be a number`);
    if (!/^-?\d*(\.\d*)?$/.test(text) || !/\d/.test(text)) return fail(`${label} must be a number`);
    if (text.startsWith('-') && Number(text) !== 0) return fail(`${label} cannot be negative`);
    text = text.replace(/^-/, '');
    const dollars = Number(text);
    if (dollars > MAX_AMOUNT_DOLLARS) return fail(`${label} must be at most 9,999,999,999.99`);
    if (!DECIMAL_TEXT.test(text.startsWith('.') ? `0${text}` : text)) return fail(`${label} can have at most 2 decimal places`);
    if (positive && dollars === 0) return fail(`${label} must be greater than 0`);
    return dollars;
  });
}

export function isoDateSchema(label: string) {
  return safeString({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be a date in YYYY-MM-DD format`) })
    .trim()
    .min(1, { message: `${label} is required`, abort: true })
    .max(32, { message: `${label} must be a real date in YYYY-MM-DD format`, abort: true })
    .refine(isCalendarDate, `${label} must be a real date in YYYY-MM-DD format`);
}

function enumSchema<const T extends readonly [string, ...string[]]>(label: string, values: T) {
  return z.enum(values, { error: `${label} must be one of: ${values.join(', ')}` });
}

/**
 * docs/product/signed-in.md §3: `dueDate` / `nextDate` are accepted for `due_date` / `next_date`. The alias is moved onto
 * the snake_case field; sending both with different values is an error.
 */
function acceptAlias(alias: string, field: string, label: string) {
  return (input: unknown, ctx: z.RefinementCtx) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input) || !(alias in input)) return input;
    const { [alias]: aliased, ...rest } = input as Record<string, unknown>;
    if (rest[field] === undefined) return { ...rest, [field]: aliased };
    if (rest[field] !== aliased) ctx.addIssue({ code: 'custom', path: [alias], message: `Send ${field} or ${alias}, not both: ${label} differs` });
    return rest;
  };
}

const billPriority = enumSchema('Priority', BILL_PRIORITY_VALUES);
const billCategory = enumSchema('Category', BILL_CATEGORY_VALUES);
const billRecurrence = enumSchema('Recurrence', BILL_RECURRENCE_VALUES);
const incomeFrequency = enumSchema('Frequency', INCOME_FREQUENCY_VALUES);
const goalType = safeString({ error: 'Goal type must be text' })
  .trim()
  .min(1, { message: 'Goal type is required', abort: true })
  .max(64, { message: 'Goal type must be at most 64 characters', abort: true })
  .regex(/^[a-z0-9_]+$/, 'Goal type may contain only lowercase letters, digits and underscores');

function nonEmpty<T extends z.ZodType>(schema: T) {
  return schema.refine((value) => Object.keys(value as object).length > 0, { message: FINANCE_MESSAGES.emptyUpdate, path: ['_'] });
}

// ---------------------------------------------------------------------------------------------------------
// Sharing with a household (ours): `household_id` in a create or update body. Finance checks the
// caller's membership with household over the transport; the id from the client is never trusted.

const householdIdField = z
  .string({ error: 'household_id must be a household id or null' })
  .uuid('household_id must be a household id or null')
  .nullable()
  .optional();

/** Who added a shared item (a member's display name as household knows it). */
export const AddedBySchema = z.object({ id: z.string(), name: z.string() });
/**
 * Present only on a shared item: the household it belongs to, who added it and whether the caller may change
 * it (owners and partners may; a member only sees it). A personal item carries none of these fields.
 */
const sharedItemFields = {
  household_id: z.string().nullable().optional(),
  household_name: z.string().optional(),
  added_by: AddedBySchema.optional(),
  can_edit: z.boolean().optional(),
};

// ---------------------------------------------------------------------------------------------------------
// Bills (docs/product/signed-in.md §3, §7: POST and PUT /bills)

const billFields = {
  name: requiredText('Name'),
  amount: amountSchema('Amount', { positive: true }),
  due_date: isoDateSchema('Due date'),
  priority: billPriority,
  category: billCategory,
  recurring: billRecurrence,
};

// Whether the biller lets the person pick the due day, and which days it allows (the due-date planner's input;
// docs/due-date-planner.md). Null: the category's default (dueDayFlexibilityFor) and any day of the month.
export const DUE_DAY_FLEXIBILITY_VALUES = ['yes', 'no', 'unknown'] as const;
export type DueDayFlexibilityValue = (typeof DUE_DAY_FLEXIBILITY_VALUES)[number];
/** What most billers of a category allow: card issuers, utilities, subscriptions, lenders and insurers let you pick; landlords rarely do. */
const FLEXIBILITY_BY_CATEGORY: Record<BillCategoryValue, DueDayFlexibilityValue> = {
  'credit-card': 'yes',
  utilities: 'yes',
  subscriptions: 'yes',
  loans: 'yes',
  insurance: 'yes',
  'auto-payment': 'yes',
  rent: 'no',
  other: 'unknown',
};
/** The flexibility a bill has when the person has not said: its category's usual answer. */
export const dueDayFlexibilityFor = (category: BillCategoryValue, chosen: DueDayFlexibilityValue | null | undefined): DueDayFlexibilityValue =>
  chosen ?? FLEXIBILITY_BY_CATEGORY[category] ?? 'unknown';
/** The days of the month a due day can be: 1 to 31, where 31 means the month's last day (as a due date on the 31st does). */
export const FIRST_DUE_DAY = 1;
export const LAST_DUE_DAY = 31;
const dueDaySchema = (label: string) =>
  z
    .number({ error: `${label} must be a day of the month (1 to 31)` })
    .int(`${label} must be a whole day of the month`)
    .min(FIRST_DUE_DAY, `${label} must be a day of the month (1 to 31)`)
    .max(LAST_DUE_DAY, `${label} must be a day of the month (1 to 31)`);
export const DUE_DAY_MESSAGES = {
  rangeOrder: 'The first allowed due day must not be after the last',
} as const;
const dueDayFields = {
  due_day_flexible: enumSchema('Can the due date change', DUE_DAY_FLEXIBILITY_VALUES).nullable(),
  due_day_min: dueDaySchema('The first allowed due day').nullable(),
  due_day_max: dueDaySchema('The last allowed due day').nullable(),
};
/** Both ends sent: in order (an update sending one end is checked against the stored other by the service). */
const dueDayRangeInOrder = (value: { due_day_min?: number | null; due_day_max?: number | null }) =>
  value.due_day_min === null || value.due_day_min === undefined || value.due_day_max === null || value.due_day_max === undefined || value.due_day_min <= value.due_day_max;

/** POST /bills: name, amount, due_date (or dueDate) required; the §4 defaults fill the rest. */
export const BillCreateSchema = z.preprocess(
  acceptAlias('dueDate', 'due_date', 'Due date'),
  z
    .object({
      ...billFields,
      priority: billPriority.default(BILL_DEFAULTS.priority),
      category: billCategory.default(BILL_DEFAULTS.category),
      recurring: billRecurrence.default(BILL_DEFAULTS.recurring),
      household_id: householdIdField,
      due_day_flexible: dueDayFields.due_day_flexible.optional(),
      due_day_min: dueDayFields.due_day_min.optional(),
      due_day_max: dueDayFields.due_day_max.optional(),
    })
    .strict()
    .refine(dueDayRangeInOrder, { message: DUE_DAY_MESSAGES.rangeOrder, path: ['due_day_min'] }),
);
/**
 * Who the bill is paid to, as the bank writes it ('OAKWOOD APTS'), chosen from the person's transactions so payments
 * under a name unlike the bill's mark it paid; null unties it. See BillSchema.payee.
 */
const payeeField = safeString({ error: 'payee must be text' }).trim().min(1, 'payee must not be empty').max(200, 'payee is too long').nullable();
/** PUT /bills/{id}: any of the same fields; only those sent change. */
export const BillUpdateSchema = z.preprocess(
  acceptAlias('dueDate', 'due_date', 'Due date'),
  nonEmpty(z.object({ ...billFields, household_id: householdIdField, ...dueDayFields, payee: payeeField }).partial().strict()).refine(dueDayRangeInOrder, {
    message: DUE_DAY_MESSAGES.rangeOrder,
    path: ['due_day_min'],
  }),
);
export type BillCreateInput = z.output<typeof BillCreateSchema>;
export type BillUpdateInput = z.output<typeof BillUpdateSchema>;
export type BillCreateRequest = z.input<typeof BillCreateSchema>;

export const BillSchema = z.object({
  id: z.string(),
  name: z.string(),
  amount: z.number(),
  due_date: z.string(),
  priority: z.enum(BILL_PRIORITY_VALUES),
  category: z.enum(BILL_CATEGORY_VALUES),
  recurring: z.enum(BILL_RECURRENCE_VALUES),
  created_at: z.string(),
  updated_at: z.string(),
  /**
   * Ours: who the bill is paid to, from a detected bill the user linked to it ('Oakwood Properties' for their
   * 'Rent') or a transaction they tied it to; bank payments to it mark the bill's occurrences paid. Absent when
   * never tied.
   */
  payee: z.string().optional(),
  /** Can the biller move its due date (the person's answer, else the category's usual one), and the days it allows. */
  due_day_flexible: z.enum(DUE_DAY_FLEXIBILITY_VALUES),
  due_day_min: z.number().int(),
  due_day_max: z.number().int(),
  /**
   * Present once a due-date change was confirmed: occurrences before `due_date_from` keep the old series (anchored at
   * `earlier_due_date`), those on or after it follow `due_date`.
   */
  earlier_due_date: z.string().optional(),
  due_date_from: z.string().optional(),
  ...sharedItemFields,
});
export type BillDto = z.infer<typeof BillSchema>;

// ---------------------------------------------------------------------------------------------------------
// Income sources (docs/product/signed-in.md §3, §7: POST and PUT /income)

/** Two different days of the month, 1 to 31 (31: the last day), sent in either order and kept ascending. */
const payDaysSchema = z
  .array(z.number({ error: 'Pay days must be days of the month' }).int('Pay days must be whole days').min(1, 'Pay days are 1 to 31').max(LAST_DAY_OF_MONTH, 'Pay days are 1 to 31'), {
    error: 'Pay days must be two days of the month',
  })
  .length(2, 'Choose the two days of the month you are paid')
  .refine((days) => days[0] !== days[1], 'Choose two different pay days')
  .transform((days) => [...days].sort((a, b) => a - b) as [number, number]);
/** The months with a paycheck, 1 to 12 (at least one, at most eleven: every month is `null`), kept ascending. */
const paidMonthsSchema = z
  .array(z.number({ error: 'Paid months must be month numbers' }).int('Paid months are 1 to 12').min(1, 'Paid months are 1 to 12').max(12, 'Paid months are 1 to 12'), {
    error: 'Paid months must be a list of months',
  })
  .min(1, 'Choose at least one paid month')
  .max(12, 'Paid months are 1 to 12')
  .refine((months) => new Set(months).size === months.length, 'List each paid month once')
  .transform((months) => (months.length === 12 ? null : [...months].sort((a, b) => a - b)));

const incomeFields = {
  source: requiredText('Source'),
  amount: amountSchema('Amount', { positive: true }),
  next_date: isoDateSchema('Next date'),
  frequency: incomeFrequency,
  /** 'twice-monthly' only: its two days. */
  pay_days: payDaysSchema.nullable(),
  /** Monthly or twice-monthly only: the months paid (null: every month). */
  paid_months: paidMonthsSchema.nullable(),
  /** Variable income: the low amount a lean paycheck brings (at most `amount`, the typical one); null: steady. */
  low_amount: amountSchema('Low amount', { positive: true }).nullable(),
};

/** The pay-schedule fields of one income source, as stored or about to be. */
export interface IncomeScheduleFields {
  amount: number;
  frequency: IncomeFrequencyValue;
  next_date: string;
  pay_days?: readonly number[] | null;
  paid_months?: readonly number[] | null;
  low_amount?: number | null;
}

const dayOfMonth = (isoDate: string) => Number(isoDate.slice(8, 10));
const monthOf = (isoDate: string) => Number(isoDate.slice(5, 7));
const lastDayOf = (isoDate: string) => new Date(Date.UTC(Number(isoDate.slice(0, 4)), monthOf(isoDate), 0)).getUTCDate();

/**
 * The one rule for a pay schedule that holds together, checked on create (the schema) and on update (the finance
 * service, after merging the change into the stored row): `{ field, message }` of the first problem, else null.
 */
export function incomeScheduleProblem(income: IncomeScheduleFields): { field: string; message: string } | null {
  const payDays = income.pay_days ?? null;
  const paidMonths = income.paid_months ?? null;
  if (income.frequency === 'twice-monthly') {
    if (payDays === null) return { field: 'pay_days', message: 'Choose the two days of the month you are paid' };
    const day = dayOfMonth(income.next_date);
    const onPayDay = payDays.some((d) => d === day || (d >= lastDayOf(income.next_date) && day === lastDayOf(income.next_date)));
    if (!onPayDay) return { field: 'next_date', message: 'Next date must fall on one of the two pay days' };
  } else if (payDays !== null) {
    return { field: 'pay_days', message: 'Pay days are only for income paid twice a month' };
  }
  if (paidMonths !== null) {
    if (!(MONTH_BASED_INCOME_FREQUENCIES as readonly string[]).includes(income.frequency)) {
      return { field: 'paid_months', message: 'Paid months are only for monthly or twice-a-month income' };
    }
    if (!paidMonths.includes(monthOf(income.next_date))) return { field: 'next_date', message: 'Next date must fall in a paid month' };
  }
  if (income.low_amount !== null && income.low_amount !== undefined && income.low_amount > income.amount) {
    return { field: 'low_amount', message: 'Low amount cannot be more than the typical amount' };
  }
  return null;
}

function checkIncomeSchedule(income: IncomeScheduleFields, ctx: z.RefinementCtx) {
  const problem = incomeScheduleProblem(income);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
}

export const IncomeCreateSchema = z.preprocess(
  acceptAlias('nextDate', 'next_date', 'Next date'),
  z
    .object({
      ...incomeFields,
      frequency: incomeFrequency.default(INCOME_DEFAULTS.frequency),
      pay_days: incomeFields.pay_days.optional().transform((value) => value ?? null),
      paid_months: incomeFields.paid_months.optional().transform((value) => value ?? null),
      low_amount: incomeFields.low_amount.optional().transform((value) => value ?? null),
      household_id: householdIdField,
    })
    .strict()
    .superRefine(checkIncomeSchedule),
);
/** PUT /income/{id}: the fields sent change; the merged schedule is checked by incomeScheduleProblem in the service. */
export const IncomeUpdateSchema = z.preprocess(
  acceptAlias('nextDate', 'next_date', 'Next date'),
  nonEmpty(z.object({ ...incomeFields, household_id: householdIdField }).partial().strict()),
);
export type IncomeCreateInput = z.output<typeof IncomeCreateSchema>;
export type IncomeUpdateInput = z.output<typeof IncomeUpdateSchema>;
export type IncomeCreateRequest = z.input<typeof IncomeCreateSchema>;

export const IncomeSourceSchema = z.object({
  id: z.string(),
  source: z.string(),
  amount: z.number(),
  frequency: z.enum(INCOME_FREQUENCY_VALUES),
  next_date: z.string(),
  pay_days: z.array(z.number().int()).nullable(),
  paid_months: z.array(z.number().int()).nullable(),
  low_amount: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  ...sharedItemFields,
});
export type IncomeSourceDto = z.infer<typeof IncomeSourceSchema>;

// ---------------------------------------------------------------------------------------------------------
// Savings goals (docs/product/signed-in.md §3: goal_type, current_amount; target_amount is our optional addition)

const savingsFields = {
  goal_type: goalType,
  current_amount: amountSchema('Current amount', { positive: false }),
  target_amount: amountSchema('Target amount', { positive: false }).nullable(),
};

export const SavingsGoalCreateSchema = z
  .object({
    ...savingsFields,
    goal_type: goalType.default(DEFAULT_SAVINGS_GOAL_TYPE),
    target_amount: savingsFields.target_amount.optional().transform((value) => value ?? null),
  })
  .strict();
export const SavingsGoalUpdateSchema = nonEmpty(z.object(savingsFields).partial().strict());
export type SavingsGoalCreateInput = z.output<typeof SavingsGoalCreateSchema>;
export type SavingsGoalUpdateInput = z.output<typeof SavingsGoalUpdateSchema>;

export const SavingsGoalSchema = z.object({
  id: z.string(),
  goal_type: z.string(),
  current_amount: z.number(),
  target_amount: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavingsGoalDto = z.infer<typeof SavingsGoalSchema>;

// ---------------------------------------------------------------------------------------------------------
// Suggestions (docs/product/signed-in.md §3 bill and income suggestions; §7 GET /suggestions, POST /accept-*)

/**
 * Ours: the user's own bill (or income source) a detected one seems to be, so accepting it would count the same
 * money twice: offered as 'Is Oakwood Properties your Rent?' (link, replace, or add as new). `date` is the bill's
 * due date or the income's next date as stored.
 */
export const SuggestionLooksLikeSchema = z.object({ id: z.string(), name: z.string(), amountCents: z.number().int(), date: z.string() });

export const BillSuggestionSchema = z.object({
  id: z.string(),
  name: z.string(),
  amount: z.number(),
  category: z.enum(BILL_CATEGORY_VALUES),
  suggestedDueDate: z.string(),
  transactionDate: z.string().nullable(),
  /** 0 to 1 (docs/product/signed-in.md §5 bands: 0.9 green, 0.7 yellow, else red). */
  confidence: z.number(),
  /** Ours: the cadence detection saw (quarterly insurance); accepting makes a bill of it. */
  recurring: z.enum(BILL_RECURRENCE_VALUES).optional(),
  /** Ours: the user's bill this one seems to be; absent or null: none. */
  looksLike: SuggestionLooksLikeSchema.nullable().optional(),
});
export const IncomeSuggestionSchema = z.object({
  id: z.string(),
  source: z.string(),
  amount: z.number(),
  suggestedFrequency: z.enum(INCOME_FREQUENCY_VALUES),
  suggestedNextDate: z.string(),
  /** The pay schedule detection saw: two month days (twice a month), the months paid (a school year), a lean amount (variable pay). */
  suggestedPayDays: z.array(z.number().int()).nullable().optional(),
  suggestedPaidMonths: z.array(z.number().int()).nullable().optional(),
  suggestedLowAmount: z.number().nullable().optional(),
  transactionDate: z.string().nullable(),
  confidence: z.number(),
  /** Ours: the user's income source this one seems to be; absent or null: none. */
  looksLike: SuggestionLooksLikeSchema.nullable().optional(),
});
export const SuggestionsResponseSchema = z.object({
  bills: z.array(BillSuggestionSchema),
  income: z.array(IncomeSuggestionSchema),
});
export type BillSuggestionDto = z.infer<typeof BillSuggestionSchema>;
export type IncomeSuggestionDto = z.infer<typeof IncomeSuggestionSchema>;
export type SuggestionsResponse = z.infer<typeof SuggestionsResponseSchema>;

/** POST /accept-bill/{id}: optional overrides of the bill made from the suggestion. */
export const AcceptBillSchema = z.preprocess(acceptAlias('dueDate', 'due_date', 'Due date'), z.object(billFields).partial().strict());
/** POST /accept-income/{id}: optional overrides of the income source made from the suggestion. */
export const AcceptIncomeSchema = z.preprocess(acceptAlias('nextDate', 'next_date', 'Next date'), z.object(incomeFields).partial().strict());
export type AcceptBillInput = z.output<typeof AcceptBillSchema>;
export type AcceptIncomeInput = z.output<typeof AcceptIncomeSchema>;
export type SuggestionLooksLike = z.infer<typeof SuggestionLooksLikeSchema>;

/**
 * POST /suggestions/{id}/link and /replace (ours): the caller's bill (for a bill suggestion) or income source (for
 * an income suggestion) the detected one is. The id has the rows' form; one that is not the caller's is not found.
 */
export const SuggestionTargetSchema = z
  .object({
    target_id: z
      .string({ error: 'target_id is required' })
      .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'target_id must be a bill or income source id'),
  })
  .strict();
export type SuggestionTargetInput = z.output<typeof SuggestionTargetSchema>;

/** What link and replace answer: the bill or income source as it now is. */
export const SuggestionChoiceResponseSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('bill'), bill: BillSchema }),
  z.object({ kind: z.literal('income'), income: IncomeSourceSchema }),
]);
export type SuggestionChoiceResponse = z.infer<typeof SuggestionChoiceResponseSchema>;

// ---------------------------------------------------------------------------------------------------------
// Bank sync (docs/product/signed-in.md §7); the dashboard's answer is in dashboard.ts

/** `lastSyncedAt` (ours): the user's last completed bank sync, for the dashboard's 'Last updated'; null: never. */
export const SyncBankDataResponseSchema = z.object({ success: z.boolean(), message: z.string(), lastSyncedAt: z.string().nullable().optional() });
export type SyncBankDataResponse = z.infer<typeof SyncBankDataResponseSchema>;

// ---------------------------------------------------------------------------------------------------------
// Redis transport (docs/architecture.md): bank-sync sends detected recurring bills and income to finance.

export const FINANCE_PATTERNS = {
  /** Request/reply: `client.send(FINANCE_PATTERNS.upsertSuggestions, payload)` answers UpsertSuggestionsReply. */
  upsertSuggestions: 'finance.suggestions.upsert',
  /**
   * Request/reply from bank-sync's GET /suggestions/{userId}: `ListPendingSuggestionsMessage` answers
   * SuggestionsResponse, the user's pending suggestions only (finance owns accepted / dismissed).
   */
  listPendingSuggestions: 'finance.suggestions.list-pending',
  /**
   * Request/reply from bank-sync when the streams behind suggestions are gone (a bank disconnected):
   * `WithdrawSuggestionsMessage` deletes those still pending; accepted and dismissed ones stay as the user left
   * them. Answers WithdrawSuggestionsReply.
   */
  withdrawSuggestions: 'finance.suggestions.withdraw',
  /**
   * Request/reply from bank-sync after each detection run and after a disconnect: the linked banks' figures the
   * dashboard uses (docs/product/signed-in.md §9 income fallback, §5 savings-rate tips). `BankSummaryMessage` answers
   * BankSummaryReply; null figures (a clear) stop the dashboard using them. An older `computedAt` than the one
   * stored is ignored, so a late message never overwrites a newer one.
   */
  storeBankSummary: 'finance.bank-summary.store',
} as const;

export const ListPendingSuggestionsMessageSchema = z
  .object({ userId: z.string({ error: 'userId is required' }).trim().min(1, 'userId is required').max(128, 'userId is too long') })
  .strict();
export type ListPendingSuggestionsMessage = z.infer<typeof ListPendingSuggestionsMessageSchema>;

const externalKey = safeString({ error: 'externalKey is required' })
  .trim()
  .min(1, 'externalKey is required')
  .max(200, 'externalKey must be at most 200 characters');
const confidence = z.number({ error: 'confidence must be a number' }).min(0, 'confidence must be 0 to 1').max(1, 'confidence must be 0 to 1');
const optionalDate = isoDateSchema('transactionDate').nullable().optional().transform((value) => value ?? null);

export const BillSuggestionInputSchema = z
  .object({
    /** Stable per user and kind (e.g. the bank-sync recurring stream id): a resend updates, never duplicates. */
    externalKey,
    name: requiredText('name'),
    amount: amountSchema('amount', { positive: true }),
    category: billCategory.default('other'),
    /** The detected cadence; accepting the suggestion makes a bill recurring this way (monthly when absent). */
    recurring: billRecurrence.optional(),
    suggestedDueDate: isoDateSchema('suggestedDueDate'),
    transactionDate: optionalDate,
    confidence,
  })
  .strict();
export const IncomeSuggestionInputSchema = z
  .object({
    externalKey,
    source: requiredText('source'),
    amount: amountSchema('amount', { positive: true }),
    suggestedFrequency: incomeFrequency.default(INCOME_DEFAULTS.frequency),
    suggestedNextDate: isoDateSchema('suggestedNextDate'),
    suggestedPayDays: payDaysSchema.nullable().optional().transform((value) => value ?? null),
    suggestedPaidMonths: paidMonthsSchema.nullable().optional().transform((value) => value ?? null),
    suggestedLowAmount: amountSchema('suggestedLowAmount', { positive: true }).nullable().optional().transform((value) => value ?? null),
    transactionDate: optionalDate,
    confidence,
  })
  .strict()
  .superRefine((s, ctx) => {
    const problem = incomeScheduleProblem({
      amount: s.amount,
      frequency: s.suggestedFrequency,
      next_date: s.suggestedNextDate,
      pay_days: s.suggestedPayDays,
      paid_months: s.suggestedPaidMonths,
      low_amount: s.suggestedLowAmount,
    });
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });

export const UpsertSuggestionsMessageSchema = z
  .object({
    userId: z.string({ error: 'userId is required' }).trim().min(1, 'userId is required').max(128, 'userId is too long'),
    bills: z.array(BillSuggestionInputSchema).max(MAX_SUGGESTIONS_PER_MESSAGE, `At most ${MAX_SUGGESTIONS_PER_MESSAGE} bills per message`).default([]),
    income: z.array(IncomeSuggestionInputSchema).max(MAX_SUGGESTIONS_PER_MESSAGE, `At most ${MAX_SUGGESTIONS_PER_MESSAGE} income items per message`).default([]),
  })
  .strict();
export type UpsertSuggestionsMessage = z.input<typeof UpsertSuggestionsMessageSchema>;
export type UpsertSuggestionsCommand = z.output<typeof UpsertSuggestionsMessageSchema>;

/** The reply: how many suggestions were stored or refreshed (accepted and dismissed ones are left alone). */
export const UpsertSuggestionsReplySchema = transportReply({ bills: z.number(), income: z.number() });
export type UpsertSuggestionsReply = z.infer<typeof UpsertSuggestionsReplySchema>;

export const WithdrawSuggestionsMessageSchema = z
  .object({
    userId: z.string({ error: 'userId is required' }).trim().min(1, 'userId is required').max(128, 'userId is too long'),
    externalKeys: z.array(externalKey).max(MAX_SUGGESTIONS_PER_MESSAGE, `At most ${MAX_SUGGESTIONS_PER_MESSAGE} keys per message`),
  })
  .strict();
export type WithdrawSuggestionsMessage = z.infer<typeof WithdrawSuggestionsMessageSchema>;
export const WithdrawSuggestionsReplySchema = transportReply({ withdrawn: z.number() });
export type WithdrawSuggestionsReply = z.infer<typeof WithdrawSuggestionsReplySchema>;

// ---------------------------------------------------------------------------------------------------------
// Bank summary (FINANCE_PATTERNS.storeBankSummary): the linked banks' figures for the dashboard.

/** A savings rate below this (spending many times the income) is sent as this floor: the tip reads the same. */
export const MIN_BANK_SAVINGS_RATE_PERCENT = -10_000;
/** A month's income in cents fits NUMERIC(12,2) dollars (MAX_AMOUNT_DOLLARS). */
export const MAX_BANK_MONTHLY_INCOME_CENTS = Math.round(MAX_AMOUNT_DOLLARS * 100);
/** A balance in cents fits bank-sync's NUMERIC(14,2) and stays an exact number. */
export const MAX_BANK_CASH_BALANCE_CENTS = 99_999_999_999_999;

export const BankSummaryMessageSchema = z
  .object({
    userId: z.string({ error: 'userId is required' }).trim().min(1, 'userId is required').max(128, 'userId is too long'),
    /** Average monthly income of the last complete months, own transfers excluded; null: none known. */
    monthlyIncomeCents: z
      .number({ error: 'monthlyIncomeCents must be a whole number of cents or null' })
      .int('monthlyIncomeCents must be a whole number of cents or null')
      .min(0, 'monthlyIncomeCents cannot be negative')
      .max(MAX_BANK_MONTHLY_INCOME_CENTS, 'monthlyIncomeCents is too large')
      .nullable(),
    /** The bank analytics' savings rate (percent, one decimal; negative when spending exceeds income); null: none. */
    savingsRatePercent: z
      .number({ error: 'savingsRatePercent must be a number or null' })
      .min(MIN_BANK_SAVINGS_RATE_PERCENT, `savingsRatePercent must be at least ${MIN_BANK_SAVINGS_RATE_PERCENT}`)
      .max(100, 'savingsRatePercent must be at most 100')
      .nullable(),
    /**
     * The checking-like accounts' balance (available, else current), for safe to spend until payday;
     * negative when overdrawn; null: no such account. Absent from an older sender: treated as null.
     */
    cashBalanceCents: z
      .number({ error: 'cashBalanceCents must be a whole number of cents or null' })
      .int('cashBalanceCents must be a whole number of cents or null')
      .min(-MAX_BANK_CASH_BALANCE_CENTS, 'cashBalanceCents is too small')
      .max(MAX_BANK_CASH_BALANCE_CENTS, 'cashBalanceCents is too large')
      .nullable()
      .optional(),
    /** When bank-sync computed the figures (ISO instant): an older message than the stored one is ignored. */
    computedAt: z.iso.datetime({ offset: true, error: 'computedAt must be an ISO date-time' }),
  })
  .strict();
export type BankSummaryMessage = z.infer<typeof BankSummaryMessageSchema>;

/** `stored`: false when a newer summary was already there (this one was older and is ignored). */
export const BankSummaryReplySchema = transportReply({ stored: z.boolean() });
export type BankSummaryReply = z.infer<typeof BankSummaryReplySchema>;
