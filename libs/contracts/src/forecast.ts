// Safe to spend until payday and the low-balance warning (ours): the `forecast` part of
// GET /dashboard-with-insights (computed by libs/finance-rules computeForecast, integer cents, 'YYYY-MM-DD'), and
// the user's low-balance threshold, kept by finance per user (GET/PUT /api/financial/forecast-settings).
// The sentences are built in the browser (finance-rules explainSafeToSpend...) so dates follow the user's format.
import { z } from 'zod';
import { BILL_PRIORITY_VALUES } from './finance.js';

const cents = z.number().int();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const FORECAST_SETTINGS_PATH = '/api/financial/forecast-settings';
/** The highest threshold a user can set: $100,000.00. */
export const MAX_LOW_BALANCE_THRESHOLD_CENTS = 10_000_000;

export const FORECAST_MESSAGES = {
  thresholdRequired: 'Enter a low-balance threshold in whole cents (0 means warn below zero)',
  thresholdWhole: 'The low-balance threshold must be a whole number of cents',
  thresholdNegative: 'The low-balance threshold cannot be negative',
  thresholdTooLarge: 'The low-balance threshold must be at most $100,000.00',
} as const;

/** PUT body: the threshold below which the dashboard warns (0: below zero). Unknown keys are refused. */
export const ForecastSettingsUpdateSchema = z
  .object({
    lowBalanceThresholdCents: z
      .number({ error: FORECAST_MESSAGES.thresholdRequired })
      .int(FORECAST_MESSAGES.thresholdWhole)
      .min(0, FORECAST_MESSAGES.thresholdNegative)
      .max(MAX_LOW_BALANCE_THRESHOLD_CENTS, FORECAST_MESSAGES.thresholdTooLarge),
  })
  .strict();
export type ForecastSettingsUpdate = z.infer<typeof ForecastSettingsUpdateSchema>;

/** GET and PUT answer: the signed-in user's setting (0 when never set). */
export const ForecastSettingsSchema = z.object({ lowBalanceThresholdCents: cents });
export type ForecastSettings = z.infer<typeof ForecastSettingsSchema>;

const OutflowSchema = z.object({
  billId: z.string(),
  billName: z.string(),
  amountCents: cents,
  dueDate: isoDate,
  /** When the money leaves: the due date, or the Smart Payment Schedule's earlier pay date. */
  date: isoDate,
  priority: z.enum(BILL_PRIORITY_VALUES),
});
const PaycheckSchema = z.object({ incomeId: z.string(), source: z.string(), amountCents: cents, date: isoDate });

/**
 * What the figure counts from: the linked bank balance; without a bank, the last payday's paychecks less every bill
 * occurrence due since (we do not know the balance, and that is the money this pay period began with); 'none'
 * without either. Both take off overdue bills still owed.
 */
export const ForecastBaseSchema = z.discriminatedUnion('kind', [
  /** paidSince: bills due after the day the balance was read (a stale sync) and before today, taken off too. */
  /** owed: overdue occurrences from before the base began, not paid: still owed, so taken off too. */
  z.object({
    kind: z.literal('bank'),
    balanceCents: cents,
    paidSinceCents: cents,
    paidSince: z.array(OutflowSchema),
    owedCents: cents,
    owed: z.array(OutflowSchema),
  }),
  z.object({
    kind: z.literal('last-paycheck'),
    paychecks: z.array(PaycheckSchema),
    totalCents: cents,
    paidSinceCents: cents,
    paidSince: z.array(OutflowSchema),
    owedCents: cents,
    owed: z.array(OutflowSchema),
  }),
  z.object({ kind: z.literal('none') }),
]);

export const SafeToSpendSchema = z.object({
  base: ForecastBaseSchema,
  startCents: cents,
  nextPayday: z.object({ date: isoDate, paychecks: z.array(PaycheckSchema) }).nullable(),
  untilDate: isoDate,
  bills: z.array(OutflowSchema),
  billsTotalCents: cents,
  /** Negative: short by that much; null when there is nothing to count from. */
  amountCents: cents.nullable(),
});

export const BillMoveSuggestionSchema = z.object({
  billId: z.string(),
  billName: z.string(),
  amountCents: cents,
  dueDate: isoDate,
  fromDate: isoDate,
  toDate: isoDate,
  paydaySource: z.string(),
  afterDueDate: z.boolean(),
  fixes: z.boolean(),
  remainingShortfallCents: cents,
});

export const LowBalanceWarningSchema = z.object({
  thresholdCents: cents,
  date: isoDate,
  balanceCents: cents,
  lowestDate: isoDate,
  lowestBalanceCents: cents,
  shortfallCents: cents,
  beforeNextPayday: z.boolean(),
  suggestion: BillMoveSuggestionSchema.nullable(),
  /** Why there is no suggestion (no paycheck after the dip within the horizon, or no bill before it); null with one. */
  noSuggestion: z.enum(['no-payday', 'no-bill']).nullable(),
});

export const ForecastDaySchema = z.object({ date: isoDate, balanceCents: cents, incomeCents: cents, billsCents: cents });

export const ForecastSchema = z.object({
  today: isoDate,
  horizonDays: z.number().int(),
  thresholdCents: cents,
  safeToSpend: SafeToSpendSchema,
  /** today .. today + horizonDays, the balance at each day's end. */
  days: z.array(ForecastDaySchema),
  warning: LowBalanceWarningSchema.nullable(),
  /** When the linked banks' balance was read (ISO instant); null without a bank. */
  bankBalanceAsOf: z.string().nullable(),
});
export type ForecastDto = z.infer<typeof ForecastSchema>;
export type SafeToSpendDto = z.infer<typeof SafeToSpendSchema>;
export type LowBalanceWarningDto = z.infer<typeof LowBalanceWarningSchema>;
