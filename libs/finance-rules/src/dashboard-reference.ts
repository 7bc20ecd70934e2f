// Internal (not re-exported from index.ts): computeDashboard as the straightforward composition of
// the public rules. computeDashboard falls back to it for inputs the fast path does not take (an
// invalid date or an unknown recurrence, so errors stay exactly the same), and the tests use it as
// the oracle for the fast path.
import { WEEK_DAYS } from './constants.js';
import { addDays, type IsoDate } from './dates.js';
import type { DashboardData, DashboardInput } from './dashboard.js';
import { dashboardIncomeHorizonDays, projectIncome } from './income.js';
import { monthlyBillsCents, monthlyIncomeCents } from './monthly.js';
import { computeQuickStats } from './quick-stats.js';
import { expandBills } from './recurrence.js';
import { buildPaymentSchedule } from './suggestions.js';
import { computeEmergencyFund, computeSummary } from './summary.js';
import { buildTips } from './tips.js';
import { billsDueThrough, buildTimeWindows, comingSunday } from './windows.js';

export function computeDashboardReference(input: DashboardInput & { today: IsoDate; laterWindowDays: number }): DashboardData {
  const { bills, incomes, savingsGoals, today, analytics, laterWindowDays } = input;

  // spec part 2 §9: panels use the dashboard counts and a max(30, window + 14) day income horizon.
  const billOccurrences = expandBills(bills, today);
  const incomeHorizonDays = dashboardIncomeHorizonDays(laterWindowDays);
  const incomeOccurrences = projectIncome(incomes, today, incomeHorizonDays);

  const summary = computeSummary(monthlyIncomeCents(incomes, today), monthlyBillsCents(bills, today), analytics?.monthlyIncomeCents ?? 0);
  const emergencyFund = computeEmergencyFund(summary.monthlyBillsCents, savingsGoals);
  const sunday = comingSunday(today);
  const dueThisWeek = billsDueThrough(billOccurrences, today, sunday);

  return {
    today,
    summary: {
      ...summary,
      upcomingBillsThisWeek: {
        count: dueThisWeek.length,
        totalCents: dueThisWeek.reduce((sum, b) => sum + b.amountCents, 0),
        endDate: sunday,
      },
    },
    paymentSchedule: buildPaymentSchedule(bills, incomes, today),
    laterWindowDays,
    incomeHorizonDays,
    windows: buildTimeWindows(billOccurrences, incomeOccurrences, today, laterWindowDays),
    tips: buildTips({
      summary,
      emergencyFund,
      incomes,
      // spec part 2 §5: "bills due within 7 days" = today through today + 7, like This Week.
      billsDueWithinWeek: billsDueThrough(billOccurrences, today, addDays(today, WEEK_DAYS)),
      savingsRatePercent: analytics?.savingsRatePercent,
    }),
    quickStats: computeQuickStats(billOccurrences, today),
    emergencyFund,
  };
}
