// Summary cards and the emergency fund (docs/product/signed-in.md §2 summary cards, §5 tips inputs, §9 constants).
import { EMERGENCY_FUND_MONTHS } from './constants.js';
import { EMERGENCY_FUND_GOAL_TYPE, type SavingsGoal } from './types.js';

export interface FinancialSummary {
  monthlyIncomeCents: number;
  monthlyBillsCents: number;
  /** Income left after this month's bills: the "spending balance" (docs/product/accounts.md §1). Negative = deficit. */
  spendingBalanceCents: number;
  /** spendingBalance / income x 100, one decimal; 0 when there is no income. */
  savingsRatePercent: number;
  /** monthlyBills / income x 100, one decimal; 0 when there is no income. */
  billsPercentOfIncome: number;
}

export interface EmergencyFund {
  goalCents: number;
  currentCents: number;
  /** 0..100, whole percent rounded down so 100 means the goal is really reached. */
  progressPercent: number;
}

export function percentOf(part: number, whole: number): number {
  return whole > 0 ? (part / whole) * 100 : 0;
}

function oneDecimal(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * docs/product/signed-in.md §9: "If income is 0, the analytics total income is used", so a caller holding bank
 * analytics passes its monthly income as the fallback.
 */
export function computeSummary(monthlyIncomeCents: number, monthlyBillsCents: number, fallbackIncomeCents = 0): FinancialSummary {
  const income = monthlyIncomeCents > 0 ? monthlyIncomeCents : fallbackIncomeCents;
  const balance = income - monthlyBillsCents;
  return {
    monthlyIncomeCents: income,
    monthlyBillsCents,
    spendingBalanceCents: balance,
    savingsRatePercent: oneDecimal(percentOf(balance, income)),
    billsPercentOfIncome: oneDecimal(percentOf(monthlyBillsCents, income)),
  };
}

/** Sum of the user's emergency_fund goals (docs/product/signed-in.md §3). */
export function emergencyFundSavedCents(goals: readonly SavingsGoal[]): number {
  return goals.filter((g) => g.goalType === EMERGENCY_FUND_GOAL_TYPE).reduce((sum, g) => sum + g.currentAmountCents, 0);
}

/** docs/product/signed-in.md §9: goal = 6 x monthly bills; progress capped at 100 percent for the bar. */
export function computeEmergencyFund(monthlyBillsCents: number, goals: readonly SavingsGoal[]): EmergencyFund {
  const goalCents = EMERGENCY_FUND_MONTHS * Math.max(0, monthlyBillsCents);
  const currentCents = emergencyFundSavedCents(goals);
  const progress = goalCents > 0 ? percentOf(currentCents, goalCents) : currentCents > 0 ? 100 : 0;
  return { goalCents, currentCents, progressPercent: Math.max(0, Math.min(100, Math.floor(progress))) };
}
