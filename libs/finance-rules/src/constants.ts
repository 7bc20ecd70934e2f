// Business constants from docs/product/signed-in.md §9 (and §5 for the suggestion rules).
import type { BillRecurrenceValue } from '@paycadence/contracts';

/**
 * docs/product/signed-in.md §9: recurrence expansion for the dashboard panels: monthly 6, weekly 20, biweekly 10.
 * Not in docs/product (our choice): quarterly 2 and yearly 1, i.e. about the same six-month reach as
 * monthly 6. 'once' is a single occurrence.
 */
export const DASHBOARD_OCCURRENCE_COUNTS: Readonly<Record<BillRecurrenceValue, number>> = {
  once: 1,
  weekly: 20,
  biweekly: 10,
  monthly: 6,
  quarterly: 2,
  yearly: 1,
};

/**
 * docs/product/signed-in.md §9: for the payment schedule: monthly 3, weekly 8, biweekly 4.
 * Not in docs/product (our choice): quarterly 1 and yearly 1 (the next occurrence only).
 */
export const SCHEDULE_OCCURRENCE_COUNTS: Readonly<Record<BillRecurrenceValue, number>> = {
  once: 1,
  weekly: 8,
  biweekly: 4,
  monthly: 3,
  quarterly: 1,
  yearly: 1,
};

/** docs/product/signed-in.md §9: income projected 60 days ahead for the schedule. */
export const SCHEDULE_INCOME_HORIZON_DAYS = 60;
/** docs/product/signed-in.md §9: dashboard income horizon is max(30, window + 14) days. */
export const MIN_DASHBOARD_INCOME_HORIZON_DAYS = 30;

/** docs/product/signed-in.md §2/§9: the Later window starts at 7 days and grows by 7 per click. */
export const LATER_WINDOW_INITIAL_DAYS = 7;
export const LATER_WINDOW_STEP_DAYS = 7;
/** docs/product/accounts.md §2 / docs/product/signed-in.md §2: This Week = next 7 days, Next Week = days 8-14. */
export const WEEK_DAYS = 7;

/** docs/product/signed-in.md §2/§9: list sizes the dashboard shows before 'show more'. */
export const SCHEDULE_PREVIEW_COUNT = 5;
export const WINDOW_PREVIEW_COUNT = 3;

/** docs/product/signed-in.md §5/§9: payment matching window 0-30 days; preferred 3-14 days before due. */
export const INCOME_MATCH_MAX_DAYS = 30;
export const PREFERRED_INCOME_MIN_DAYS = 3;
export const PREFERRED_INCOME_MAX_DAYS = 14;
/** docs/product/signed-in.md §5: bills above 1000 dollars are paid 4 days early. */
export const LARGE_BILL_THRESHOLD_CENTS = 100_000;
/** docs/product/signed-in.md §5/§9: confidence starts at 100, floor 50. */
export const CONFIDENCE_START = 100;
export const CONFIDENCE_FLOOR = 50;

/** docs/product/signed-in.md §5/§9: at most 4 tips shown. */
export const MAX_TIPS = 4;
/** docs/product/signed-in.md §9: emergency fund goal = 6 x monthly bills. */
export const EMERGENCY_FUND_MONTHS = 6;
/** docs/product/signed-in.md §9: the analytics view covers 6 months. */
export const ANALYTICS_MONTHS = 6;
