// The household calendar (ours, not in docs/product): one calendar for a household, its shared bills and the
// paydays of the incomes its members share with it, and for each shared bill occurrence the paycheck (source and
// member) that covers it. Money is integer cents, dates 'YYYY-MM-DD'. Finance answers it for members only.
import { z } from 'zod';
import { isCalendarDate } from './finance.js';

export const HOUSEHOLD_CALENDAR_PATH = '/api/financial/households/{householdId}/calendar';
/** The range asked for may cover at most this many days, both ends included (two months). */
export const MAX_HOUSEHOLD_CALENDAR_DAYS = 62;
/** Without `to`, the calendar runs this many days after `from` (six weeks). */
export const DEFAULT_HOUSEHOLD_CALENDAR_DAYS = 42;

export const HOUSEHOLD_CALENDAR_MESSAGES = {
  title: 'Household calendar',
  whoPays: 'Who pays what',
  loading: 'Loading the household calendar...',
  loadFailed: 'Failed to load the household calendar',
  empty: 'Nothing shared with this household is due or paid in these weeks.',
  noSharedIncome: 'No income is shared with this household yet, so shared bills are paid from the balance.',
  fromBalance: 'No shared paycheck comes before it: paid from the balance',
  rangeTooLong: `The calendar covers at most ${MAX_HOUSEHOLD_CALENDAR_DAYS} days`,
  toBeforeFrom: 'to must be on or after from',
} as const;

const rangeDate = (name: string) =>
  z
    .string({ error: `${name} must be a date in YYYY-MM-DD format` })
    .refine(isCalendarDate, `${name} must be a real date in YYYY-MM-DD format`)
    .optional();

const DAY_MS = 86_400_000;
/** `to` minus `from` in days (both real dates). */
export const calendarSpanDays = (from: string, to: string): number => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
/** `date` plus `days`, as YYYY-MM-DD. */
export const calendarAddDays = (date: string, days: number): string => new Date(Date.parse(date) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * `?from=&to=` (inclusive, at most MAX_HOUSEHOLD_CALENDAR_DAYS days), both optional: `from` defaults to today,
 * `to` to `from` + DEFAULT_HOUSEHOLD_CALENDAR_DAYS. `?today=`: the browser's local date, as for the dashboard (the
 * pay dates are planned from it). Other keys are ignored (cache busters), as for the dashboard.
 */
export const HouseholdCalendarQuerySchema = z
  .object({ from: rangeDate('from'), to: rangeDate('to'), today: rangeDate('today') })
  .superRefine((query, ctx) => {
    if (query.from === undefined || query.to === undefined) return;
    const span = calendarSpanDays(query.from, query.to);
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: HOUSEHOLD_CALENDAR_MESSAGES.toBeforeFrom });
    else if (span >= MAX_HOUSEHOLD_CALENDAR_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: HOUSEHOLD_CALENDAR_MESSAGES.rangeTooLong });
  });
export type HouseholdCalendarQuery = z.output<typeof HouseholdCalendarQuerySchema>;

/**
 * The range a query stands for on `today`: the defaults filled in, then checked again (a `to` alone may be before
 * today or too far from it). Answers the range, or the field errors of a 400.
 */
export function householdCalendarRange(
  query: Pick<HouseholdCalendarQuery, 'from' | 'to'>,
  today: string,
): { from: string; to: string } | { errors: Record<string, string> } {
  const from = query.from ?? today;
  const to = query.to ?? calendarAddDays(from, DEFAULT_HOUSEHOLD_CALENDAR_DAYS);
  const span = calendarSpanDays(from, to);
  if (span < 0) return { errors: { to: HOUSEHOLD_CALENDAR_MESSAGES.toBeforeFrom } };
  if (span >= MAX_HOUSEHOLD_CALENDAR_DAYS) return { errors: { to: HOUSEHOLD_CALENDAR_MESSAGES.rangeTooLong } };
  return { from, to };
}

const cents = z.number().int();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A member as the household names them; someone who left shows as 'a former member'. */
export const CalendarMemberSchema = z.object({ id: z.string(), name: z.string() });
export type CalendarMember = z.infer<typeof CalendarMemberSchema>;

/** A payday of an income shared with the household, and whose income it is (who shared it). */
export const CalendarPaydaySchema = z.object({
  /** Unique in the answer: `payday:${income_id}:${date}`. */
  key: z.string(),
  date: isoDate,
  income_id: z.string(),
  source: z.string(),
  /** What the paycheck is planned at (a variable income's lean amount). */
  amount_cents: cents,
  member: CalendarMemberSchema,
});
export type CalendarPayday = z.infer<typeof CalendarPaydaySchema>;

/** The paycheck that covers a bill occurrence: the payday the payment schedule matched it to. */
export const CoveringPaycheckSchema = z.object({
  income_id: z.string(),
  source: z.string(),
  date: isoDate,
  amount_cents: cents,
  member: CalendarMemberSchema,
});
export type CoveringPaycheck = z.infer<typeof CoveringPaycheckSchema>;

/** One occurrence of a shared bill in the range, and who pays it from whose paycheck. */
export const CalendarBillSchema = z.object({
  /** Unique in the answer: `bill:${bill_id}:${due_date}`. */
  key: z.string(),
  bill_id: z.string(),
  name: z.string(),
  amount_cents: cents,
  due_date: isoDate,
  category: z.string(),
  priority: z.string(),
  added_by: CalendarMemberSchema,
  /** The suggested pay date (the same rules as the Smart Payment Schedule). */
  pay_on: isoDate,
  /** null: no shared paycheck lands 0-30 days before it, so it is paid from the balance. */
  covered_by: CoveringPaycheckSchema.nullable(),
  /** pay_on minus the paycheck's date; null with no paycheck. */
  days_after_paycheck: z.number().int().nullable(),
});
export type CalendarBill = z.infer<typeof CalendarBillSchema>;

/** GET HOUSEHOLD_CALENDAR_PATH: both lists by date, then name; totals of the range. */
export const HouseholdCalendarResponseSchema = z.object({
  household: z.object({ id: z.string(), name: z.string() }),
  from: isoDate,
  to: isoDate,
  today: isoDate,
  paydays: z.array(CalendarPaydaySchema),
  bills: z.array(CalendarBillSchema),
  totals: z.object({ paydays_cents: cents, bills_cents: cents }),
});
export type HouseholdCalendarResponse = z.infer<typeof HouseholdCalendarResponseSchema>;
