// The dashboard aggregate's input and output shapes (docs/product/signed-in.md §2). Types only, so any module can
// name them without importing the rules (no import cycle through dashboard.ts).
import type { IsoDate } from './dates.js';
import type { PayGap } from './pay-gaps.js';
import type { QuickStats } from './quick-stats.js';
import type { PaymentSuggestion } from './suggestions.js';
import type { EmergencyFund, FinancialSummary } from './summary.js';
import type { Tip } from './tips.js';
import type { Bill, IncomeSource, SavingsGoal } from './types.js';
import type { TimeWindows } from './windows.js';

export interface DashboardInput {
  bills: readonly Bill[];
  incomes: readonly IncomeSource[];
  savingsGoals: readonly SavingsGoal[];
  /** The clock: today's date, 'YYYY-MM-DD'. */
  today: IsoDate;
  /** Later window length in days: 7, 14, 21, ... (docs/product/signed-in.md §9). Default 7. */
  laterWindowDays?: number;
  /**
   * Optional figures from the linked bank accounts (docs/product/signed-in.md §3/§9); bank-sync supplies them. Not the
   * contract's DashboardAnalytics, which is the Financial Analytics block the dashboard answers with.
   */
  bankAnalytics?: BankAnalytics;
}

export interface BankAnalytics {
  /** Used as monthly income when the user's own income normalises to 0 (§9). */
  monthlyIncomeCents?: number;
  /** Used by the savings-rate tips instead of the computed rate. */
  savingsRatePercent?: number;
}

export interface UpcomingBillsSummary {
  count: number;
  totalCents: number;
  /** Inclusive end: the coming Sunday (docs/product/signed-in.md §9). */
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
  /** School-year incomes' gaps in pay and what each paycheck sets aside for them. */
  payGaps: PayGap[];
}
