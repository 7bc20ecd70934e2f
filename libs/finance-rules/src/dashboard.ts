// The one aggregate the dashboard renders (spec part 2 §2), returned by the finance service from
// GET /dashboard-with-insights, so neither side re-implements a rule.
import { LATER_WINDOW_INITIAL_DAYS, WEEK_DAYS } from './constants.js';
import { addDays, parseIsoDate, type IsoDate } from './dates.js';
import { dashboardIncomeHorizonDays, projectIncome } from './income.js';
import { monthlyBillsCents, monthlyIncomeCents } from './monthly.js';
import { computeQuickStats, type QuickStats } from './quick-stats.js';
import { expandBills } from './recurrence.js';
import { buildPaymentSchedule, type PaymentSuggestion } from './suggestions.js';
import { computeEmergencyFund, computeSummary, type EmergencyFund, type FinancialSummary } from './summary.js';
import { buildTips, type Tip } from './tips.js';
import type { Bill, IncomeSource, SavingsGoal } from './types.js';
import { assertWindowDays, billsDueThrough, buildTimeWindows, comingSunday, type TimeWindows } from './windows.js';

export interface DashboardInput {
  bills: readonly Bill[];
  incomes: readonly IncomeSource[];
  savingsGoals: readonly SavingsGoal[];
  /** The clock: today's date, 'YYYY-MM-DD'. */
  today: IsoDate;
  /** Later window length in days: 7, 14, 21, ... (spec part 2 §9). Default 7. */
  laterWindowDays?: number;
  /** Optional bank analytics (spec part 2 §3/§9). */
  analytics?: {
    /** Used as monthly income when the user's own income normalises to 0 (§9). */
    monthlyIncomeCents?: number;
    /** Used by the savings-rate tips instead of the computed rate. */
    savingsRatePercent?: number;
  };
}

export interface UpcomingBillsSummary {
  count: number;
  totalCents: number;
  /** Inclusive end: the coming Sunday (spec part 2 §9). */
  endDate: IsoDate;
}

export interface DashboardData {
  today: IsoDate;
  summary: FinancialSummary & { upcomingBillsThisWeek: UpcomingBillsSummary };
  /** Smart Payment Schedule, sorted by suggested date (the UI shows 5 first). */
  paymentSchedule: PaymentSuggestion[];
  laterWindowDays: number;
  incomeHorizonDays: number;
  windows: TimeWindows;
  /** At most 4. */
  tips: Tip[];
  quickStats: QuickStats;
  emergencyFund: EmergencyFund;
}

export function computeDashboard(input: DashboardInput): DashboardData {
  const { bills, incomes, savingsGoals, today, analytics } = input;
  const laterWindowDays = input.laterWindowDays ?? LATER_WINDOW_INITIAL_DAYS;
  parseIsoDate(today);
  assertWindowDays(laterWindowDays);

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
