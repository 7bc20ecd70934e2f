// The dashboard's answers (docs/product/signed-in.md §2, §7, §9): GET /dashboard-with-insights and GET /timeline.
// ONE money unit: every amount in these answers is integer cents in a field named `...Cents` (the CRUD
// routes of finance.ts keep the product's dollar `amount`). Dates are 'YYYY-MM-DD'. services/finance builds
// both answers typed as these contracts; the dashboard remote reads them through web-kit's client.
import { z } from 'zod';
import { BILL_OCCURRENCE_STATUS_VALUES, BillOccurrenceStatusSchema } from './bill-status.js';
import { BILL_CATEGORY_VALUES, BILL_PRIORITY_VALUES, BILL_RECURRENCE_VALUES, DUE_DAY_FLEXIBILITY_VALUES, INCOME_FREQUENCY_VALUES, isCalendarDate } from './finance.js';
import { ForecastSchema } from './forecast.js';

// ---------------------------------------------------------------------------------------------------------
// Building blocks

/** A whole number of US cents (may be negative for a balance). */
const cents = z.number().int();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const percent = z.number();

/** docs/product/signed-in.md §5: tip severities, most urgent first. */
export const TIP_TYPES = ['urgent', 'warning', 'info', 'success'] as const;
/** docs/product/signed-in.md §5: payment suggestion confidence bands (90+ target, 75+ good, 60+ caution, else alert). */
export const CONFIDENCE_BANDS = ['target', 'good', 'caution', 'alert'] as const;
export const TIME_WINDOW_KEYS = ['thisWeek', 'nextWeek', 'later'] as const;
/**
 * How a Smart Payment Schedule entry is paid: on or after its paycheck, on a date before its paycheck
 * arrives, or from the current balance because no paycheck arrives 0 to 30 days before the due date (at risk).
 */
export const PAYMENT_FUNDING = ['after-paycheck', 'before-paycheck', 'current-balance'] as const;
export type PaymentFundingValue = (typeof PAYMENT_FUNDING)[number];
/**
 * What moved a pay date from the due date minus the lead days (docs/money-model.md, "Pay dates"): that date had
 * passed ('tomorrow'), it fell before the paycheck that funds it ('after-paycheck'), it fell on a weekend or bank
 * holiday ('weekend-or-holiday'), or no business day is left before the due date ('no-business-day').
 */
export const PAYMENT_ADJUSTMENTS = ['tomorrow', 'after-paycheck', 'weekend-or-holiday', 'no-business-day'] as const;
export type PaymentAdjustmentValue = (typeof PAYMENT_ADJUSTMENTS)[number];
export type TipTypeValue = (typeof TIP_TYPES)[number];
export type ConfidenceBandValue = (typeof CONFIDENCE_BANDS)[number];

// ---------------------------------------------------------------------------------------------------------
// The user's own rows, in cents (the forms prefill from these; edits go to the CRUD routes in dollars)

/** On a shared bill or income row only: its household, who added it, whether the viewer may change it. */
export const DashboardSharedSchema = z.object({
  householdId: z.string(),
  householdName: z.string(),
  addedBy: z.object({ id: z.string(), name: z.string() }),
  canEdit: z.boolean(),
});
export type DashboardShared = z.infer<typeof DashboardSharedSchema>;

export const DashboardBillSchema = z.object({
  id: z.string(),
  name: z.string(),
  amountCents: cents,
  dueDate: isoDate,
  priority: z.enum(BILL_PRIORITY_VALUES),
  category: z.enum(BILL_CATEGORY_VALUES),
  recurring: z.enum(BILL_RECURRENCE_VALUES),
  /** Who the bill is paid to, from a detected bill the user linked to it; absent on a bill never linked. */
  payee: z.string().optional(),
  /**
   * The person's answer to "can its due date change" and the days its biller allows (null: any), present only once
   * they gave one: without it the bill form starts from the category's usual answer (dueDayFlexibilityFor).
   */
  dueDay: z
    .object({ flexible: z.enum(DUE_DAY_FLEXIBILITY_VALUES).nullable(), min: z.number().int().nullable(), max: z.number().int().nullable() })
    .optional(),
  /** After a confirmed due-date change: the old series' anchor, kept for the payments before `dueDateFrom`. */
  earlierDueDate: isoDate.optional(),
  dueDateFrom: isoDate.optional(),
  shared: DashboardSharedSchema.optional(),
});
export type DashboardBill = z.infer<typeof DashboardBillSchema>;

export const DashboardIncomeSchema = z.object({
  id: z.string(),
  source: z.string(),
  amountCents: cents,
  frequency: z.enum(INCOME_FREQUENCY_VALUES),
  nextDate: isoDate,
  /** Twice a month: its two month days (31: the last day). */
  payDays: z.array(z.number().int()).nullable().optional(),
  /** The months with a paycheck (a school year); null or absent: every month. */
  paidMonths: z.array(z.number().int()).nullable().optional(),
  /** Variable income: what a lean paycheck brings; forecasts and safe to spend count this one. */
  lowAmountCents: cents.nullable().optional(),
  shared: DashboardSharedSchema.optional(),
});
export type DashboardIncome = z.infer<typeof DashboardIncomeSchema>;

export const DashboardSavingsGoalSchema = z.object({
  id: z.string(),
  goalType: z.string(),
  currentAmountCents: cents,
  targetAmountCents: cents.nullable(),
});
export type DashboardSavingsGoal = z.infer<typeof DashboardSavingsGoalSchema>;

// ---------------------------------------------------------------------------------------------------------
// What the rules compute (libs/finance-rules computeDashboard), as sent

export const DashboardSummarySchema = z.object({
  monthlyIncomeCents: cents,
  monthlyBillsCents: cents,
  /** Income left after this month's bills; negative is a deficit. */
  spendingBalanceCents: cents,
  savingsRatePercent: percent,
  billsPercentOfIncome: percent,
  /** docs/product/signed-in.md §9: bills due from today through the coming Sunday. */
  upcomingBillsThisWeek: z.object({ count: z.number().int(), totalCents: cents, endDate: isoDate }),
});

/**
 * One Smart Payment Schedule entry (docs/product/signed-in.md §3 "Payment suggestion"); `id` is `${billId}:${dueDate}`.
 * Every upcoming bill has one: without an eligible paycheck, `funding` is 'current-balance' and the income fields are null.
 */
export const PaymentSuggestionSchema = z.object({
  id: z.string(),
  billName: z.string(),
  billAmountCents: cents,
  dueDate: isoDate,
  suggestedDate: isoDate,
  /** The due date minus the lead days, before `adjustments` moved it. */
  plannedDate: isoDate,
  adjustments: z.array(z.enum(PAYMENT_ADJUSTMENTS)),
  funding: z.enum(PAYMENT_FUNDING),
  /** The paycheck's source name; null when paid from the current balance. */
  paymentSource: z.string().nullable(),
  incomeId: z.string().nullable(),
  /** The day the paycheck's money arrives, and what it is planned at (the low amount of variable pay). */
  incomeDate: isoDate.nullable(),
  incomeAmountCents: cents.nullable(),
  daysBeforeDue: z.number().int(),
  /** Days from the paycheck to the pay date (never negative now); null without a paycheck. */
  daysAfterIncome: z.number().int().nullable(),
  /** The reasoning in M/D/YYYY dates; the dashboard builds it again in the user's date format (explainPaymentSuggestion). */
  reasoning: z.string(),
  priority: z.enum(BILL_PRIORITY_VALUES),
  /** 50..100 */
  confidence: z.number(),
  band: z.enum(CONFIDENCE_BANDS),
});
export type PaymentSuggestionDto = z.infer<typeof PaymentSuggestionSchema>;

/** A week-panel item: a bill due or a payday. Priority, category and frequency are in the lists under the id. */
export const WindowItemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('bill'), date: isoDate, billId: z.string(), billName: z.string(), amountCents: cents }),
  z.object({ kind: z.literal('income'), incomeId: z.string(), source: z.string(), amountCents: cents, date: isoDate }),
]);
export type WindowItemDto = z.infer<typeof WindowItemSchema>;

/** docs/product/signed-in.md §2: This Week (days 0-7), Next Week (8-14), Later (15 to 14 + laterWindowDays). */
export const TimeWindowSchema = z.object({
  key: z.enum(TIME_WINDOW_KEYS),
  title: z.enum(['This Week', 'Next Week', 'Later']),
  startDate: isoDate,
  endDate: isoDate,
  /** By date; on the same day income comes first. */
  items: z.array(WindowItemSchema),
  billsTotalCents: cents,
  incomeTotalCents: cents,
});
export type TimeWindowDto = z.infer<typeof TimeWindowSchema>;

export const TipSchema = z.object({ id: z.string(), type: z.enum(TIP_TYPES), title: z.string(), message: z.string() });
export type TipDto = z.infer<typeof TipSchema>;

export const QuickStatsSchema = z.object({
  monthName: z.string(),
  daysRemainingInMonth: z.number().int(),
  upcomingBillsCount: z.number().int(),
  upcomingBillsEndDate: isoDate,
});
export type QuickStatsDto = z.infer<typeof QuickStatsSchema>;

/** docs/product/signed-in.md §9: goal = 6 x monthly bills; progress a whole percent, capped at 100. */
export const EmergencyFundSchema = z.object({ goalCents: cents, currentCents: cents, progressPercent: percent });
export type EmergencyFundDto = z.infer<typeof EmergencyFundSchema>;

/** The Financial Analytics block (docs/product/signed-in.md §2, §9 "last 6 months"): months from this one, normalised monthly. */
export const DashboardAnalyticsSchema = z.object({
  months: z.array(z.object({ month: isoDate, incomeCents: cents, billsCents: cents })),
  /** This month's bills by category, each normalised to the month, largest first. */
  billsByCategory: z.array(z.object({ category: z.enum(BILL_CATEGORY_VALUES), totalCents: cents, count: z.number().int() })),
});
export type DashboardAnalytics = z.infer<typeof DashboardAnalyticsSchema>;

/**
 * A school year's summer without pay (an income with `paidMonths`): its coming or current gap, the bills due in it
 * less other income, and what each paycheck before it must set aside (finance-rules pay-gaps.ts).
 */
export const PayGapSchema = z.object({
  incomeId: z.string(),
  source: z.string(),
  startDate: isoDate,
  endDate: isoDate,
  started: z.boolean(),
  billsCents: cents,
  otherIncomeCents: cents,
  shortfallCents: cents,
  paychecksBeforeGap: z.number().int(),
  setAsidePerPaycheckCents: cents.nullable(),
});
export type PayGapDto = z.infer<typeof PayGapSchema>;

/**
 * GET /api/financial/dashboard-with-insights: everything the Overview renders for one day and one Later
 * window, computed once on the server, plus the user's rows so the page needs one request.
 * Money: integer cents throughout (`...Cents` fields).
 */
export const DashboardResponseSchema = z.object({
  today: isoDate,
  summary: DashboardSummarySchema,
  /** Sorted by suggested date; the UI shows 5 first. */
  paymentSchedule: z.array(PaymentSuggestionSchema),
  laterWindowDays: z.number().int(),
  incomeHorizonDays: z.number().int(),
  windows: z.object({ thisWeek: TimeWindowSchema, nextWeek: TimeWindowSchema, later: TimeWindowSchema }),
  /** At most 4. */
  tips: z.array(TipSchema),
  quickStats: QuickStatsSchema,
  emergencyFund: EmergencyFundSchema,
  analytics: DashboardAnalyticsSchema,
  bills: z.array(DashboardBillSchema),
  income: z.array(DashboardIncomeSchema),
  savingsGoals: z.array(DashboardSavingsGoalSchema),
  /** Ours: each occurrence due from BILL_STATUS_DAYS_BACK ago to BILL_STATUS_DAYS_AHEAD on, by due date. */
  billStatuses: z.array(BillOccurrenceStatusSchema).optional(),
  /** Safe to spend until payday, the 30-day projected balance and the low-balance warning (forecast.ts). */
  forecast: ForecastSchema.optional(),
  /** The gaps in pay of school-year incomes and what to set aside for them; empty when no income skips months. */
  payGaps: z.array(PayGapSchema).optional(),
});
export type DashboardResponse = z.infer<typeof DashboardResponseSchema>;

// ---------------------------------------------------------------------------------------------------------
// Queries

/**
 * How far the client's `?today=` may be from the server's UTC date: time zones run from UTC−12 to UTC+14,
 * so every local date on Earth is the UTC date, the day before or the day after.
 */
export const CLIENT_TODAY_MAX_OFFSET_DAYS = 1;

/** `?today=YYYY-MM-DD`: the browser's local date, so windows and pay dates follow the user's day, not UTC. */
const clientToday = z
  .string({ error: 'today must be one date in YYYY-MM-DD format' })
  .refine(isCalendarDate, 'today must be a real date in YYYY-MM-DD format')
  .optional();

/**
 * `?laterWindowDays=14`: the Later panel length (docs/product/signed-in.md §9: starts at 7, grows by 7).
 * `?today=`: see clientToday; the service also refuses one more than CLIENT_TODAY_MAX_OFFSET_DAYS from its own date.
 * Other query keys are ignored (cache busters).
 */
export const DashboardQuerySchema = z.object({
  today: clientToday,
  laterWindowDays: z.coerce
    .number({ error: 'laterWindowDays must be a whole number of days' })
    .int('laterWindowDays must be a whole number of days')
    .min(1, 'laterWindowDays must be at least 1')
    .max(366, 'laterWindowDays must be at most 366')
    .optional(),
});
export type DashboardQuery = z.output<typeof DashboardQuerySchema>;

/** Not in docs/product (our choice): a timeline covers at most this many days (a quarter is 92, a month grid 42). */
export const MAX_TIMELINE_DAYS = 100;

const rangeDate = (name: string) =>
  z
    .string({ error: `${name} is required in YYYY-MM-DD format` })
    .refine(isCalendarDate, `${name} must be a real date in YYYY-MM-DD format`);

/** `?from=&to=` (inclusive) for the Calendar and Planner; `?today=` as for the dashboard (payment suggestions). */
export const TimelineQuerySchema = z
  .object({ from: rangeDate('from'), to: rangeDate('to'), today: clientToday })
  .superRefine((query, ctx) => {
    const span = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000;
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must be on or after from' });
    else if (span >= MAX_TIMELINE_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `A timeline covers at most ${MAX_TIMELINE_DAYS} days` });
  });
export type TimelineQuery = z.output<typeof TimelineQuerySchema>;

// ---------------------------------------------------------------------------------------------------------
// GET /timeline: the Calendar and Planner views (docs/product/signed-in.md §2)

export const TIMELINE_KINDS = ['income', 'bill', 'payment'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export const TimelineItemSchema = z.object({
  /** Unique in the answer: `${kind}:${id}:${date}`. */
  key: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  date: isoDate,
  /** The bill's name, the income's source; for a payment, the bill it pays. */
  name: z.string(),
  amountCents: cents,
  /** Only for a payment: the due date of the bill it pays. */
  dueDate: isoDate.optional(),
  /** Ours, only for a bill: the occurrence's status (upcoming, due soon, paid, overdue). */
  status: z.enum(BILL_OCCURRENCE_STATUS_VALUES).optional(),
  /** Ours, only for a bill: the user marked it paid by hand (so the day's details offer Undo). */
  markedPaid: z.boolean().optional(),
});
export type TimelineItem = z.infer<typeof TimelineItemSchema>;

/**
 * Bill and income occurrences in [from, to] (never before the date the user entered) and the payment
 * suggestions whose suggested date falls there, by date (income, bill, payment on the same day).
 * Totals count income and bills (docs/product/signed-in.md §2: Total Income, Total Bills, Net Flow). Integer cents.
 */
export const TimelineResponseSchema = z.object({
  from: isoDate,
  to: isoDate,
  items: z.array(TimelineItemSchema),
  totals: z.object({ incomeCents: cents, billsCents: cents, netCents: cents }),
});
export type TimelineResponse = z.infer<typeof TimelineResponseSchema>;
