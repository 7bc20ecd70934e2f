// The public API. Modules whose every export is public are re-exported whole; the rule modules also
// export their day-number forms for computeDashboard, so their public names are listed one by one.
export * from './bill-status.js';
export * from './business-days.js';
export * from './compare.js';
export * from './constants.js';
export * from './dashboard-types.js';
export { computeDashboard } from './dashboard.js';
export * from './dashboard-analytics.js';
export * from './dates.js';
export * from './due-date-change.js';
export * from './due-date-planner.js';
export * from './demo.js';
export * from './forecast.js';
export * from './forecast-text.js';
export { dashboardIncomeHorizonDays, projectIncome, type IncomeOccurrence } from './income.js';
export { incomeScheduleOf, plannedAmountCents, scheduledPaydaysOf } from './pay-schedule.js';
export * from './pay-gaps.js';
export * from './merchant-key.js';
export * from './money.js';
export * from './monthly.js';
export { computeQuickStats, type QuickStats } from './quick-stats.js';
export {
  expandBill,
  expandBills,
  firstOccurrenceIndexOnOrAfter,
  nthOccurrence,
  occurrencesBetween,
  occurrencesFrom,
  billOccurrencesBetween,
  type BillOccurrence,
} from './recurrence.js';
export { billScheduleOf, type BillScheduleFields, type Schedule } from './schedule.js';
export {
  buildPaymentSchedule,
  confidenceBand,
  payDaysBeforeDue,
  pickIncomeForBill,
  planPayDay,
  type PayDayPlan,
  scoreConfidence,
  suggestedPayDate,
  suggestPayment,
  type ConfidenceInput,
  type PaymentSuggestion,
} from './suggestions.js';
export { explainPaymentSuggestion, type ExplainableSuggestion } from './suggestion-text.js';
export * from './summary.js';
export * from './timeline.js';
export * from './tips.js';
export * from './types.js';
export {
  assertWindowDays,
  billsDueThrough,
  buildTimeWindows,
  comingSunday,
  endOfNextWeek,
  nextLaterWindowDays,
  resetLaterWindowDays,
  type TimeWindow,
  type TimeWindows,
  type WindowItem,
  type WindowKey,
} from './windows.js';
