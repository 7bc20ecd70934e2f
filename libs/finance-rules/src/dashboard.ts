// The one aggregate the dashboard renders (docs/product/signed-in.md §2), returned by the finance service from
// GET /dashboard-with-insights, so neither side re-implements a rule. It composes the same rules the
// public IsoDate functions run, in their day-number form: `today` is parsed once, the bills are
// expanded once (the schedule takes a prefix of each series) and nothing re-parses an occurrence.
import { LATER_WINDOW_INITIAL_DAYS, SCHEDULE_OCCURRENCE_COUNTS, WEEK_DAYS } from './constants.js';
import type { DashboardData, DashboardInput } from './dashboard-types.js';
import { isoDateOf, readDay } from './day-numbers.js';
import { dashboardIncomeHorizonDays, projectIncomeOnDays } from './income.js';
import { monthlyBillsCents, monthlyIncomeCents } from './monthly.js';
import { computeQuickStatsOnDays } from './quick-stats.js';
import { expandBillsOnDays, firstOccurrencesOfEachBill } from './recurrence.js';
import { payGaps } from './pay-gaps.js';
import { buildPaymentScheduleOnDays, scheduleIncomeHorizonDays, schedulePaydaysOnDays } from './suggestions.js';
import { computeEmergencyFund, computeSummary } from './summary.js';
import { buildTips } from './tips.js';
import { assertWindowDays, billsDueBetween, buildTimeWindowsOnDays, comingSundayDay } from './windows.js';

/**
 * docs/product/signed-in.md §2/§9: everything the dashboard renders, for one day and Later window. Invalid input
 * throws RangeError, in the order the rules run: `today`, the window, the first bill with an invalid
 * date, the first income that cannot be projected, then an unknown recurrence (incomes first).
 */
export function computeDashboard(input: DashboardInput): DashboardData {
  const { bills, incomes, savingsGoals, bankAnalytics } = input;
  const laterWindowDays = input.laterWindowDays ?? LATER_WINDOW_INITIAL_DAYS;
  const today = readDay(input.today);
  assertWindowDays(laterWindowDays);
  const todayDay = today.dayNumber;

  // docs/product/signed-in.md §9: panels use the dashboard counts and a max(30, window + 14) day income horizon.
  const billOccurrences = expandBillsOnDays(bills, today);
  const incomeHorizonDays = dashboardIncomeHorizonDays(laterWindowDays);
  const paydays = projectIncomeOnDays(incomes, today, incomeHorizonDays);

  const summary = computeSummary(monthlyIncomeCents(incomes, input.today), monthlyBillsCents(bills, input.today), bankAnalytics?.monthlyIncomeCents ?? 0);
  const emergencyFund = computeEmergencyFund(summary.monthlyBillsCents, savingsGoals);
  const sunday = comingSundayDay(todayDay);
  const dueThisWeek = billsDueBetween(billOccurrences, todayDay, sunday);
  const scheduled = firstOccurrencesOfEachBill(billOccurrences, SCHEDULE_OCCURRENCE_COUNTS);

  return {
    today: input.today,
    summary: {
      ...summary,
      upcomingBillsThisWeek: {
        count: dueThisWeek.length,
        totalCents: dueThisWeek.reduce((sum, b) => sum + b.amountCents, 0),
        endDate: isoDateOf(sunday),
      },
    },
    // docs/product/signed-in.md §9: the schedule uses the schedule counts and projects income 60 days (or to its last due date).
    paymentSchedule: buildPaymentScheduleOnDays(scheduled, schedulePaydaysOnDays(incomes, todayDay, scheduleIncomeHorizonDays(scheduled, todayDay)), todayDay),
    laterWindowDays,
    incomeHorizonDays,
    windows: buildTimeWindowsOnDays(billOccurrences, paydays, todayDay, laterWindowDays),
    tips: buildTips({
      summary,
      emergencyFund,
      incomes,
      // docs/product/signed-in.md §5: "bills due within 7 days" = today through today + 7, like This Week.
      billsDueWithinWeek: billsDueBetween(billOccurrences, todayDay, todayDay + WEEK_DAYS),
      savingsRatePercent: bankAnalytics?.savingsRatePercent,
    }),
    quickStats: computeQuickStatsOnDays(billOccurrences, today),
    emergencyFund,
    payGaps: payGaps(bills, incomes, input.today),
  };
}
