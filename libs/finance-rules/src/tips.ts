// Rule-based tips for the Smart Suggestions panel (docs/product/signed-in.md §5 "Tips rules", §9 constants).
import { EMERGENCY_FUND_MONTHS, MAX_TIPS } from './constants.js';
import { formatCents } from './money.js';
import type { BillOccurrence } from './recurrence.js';
import type { EmergencyFund, FinancialSummary } from './summary.js';
import type { IncomeSource } from './types.js';

export type TipType = 'urgent' | 'warning' | 'info' | 'success';

export interface Tip {
  id: string;
  type: TipType;
  title: string;
  message: string;
}

export interface TipInput {
  summary: FinancialSummary;
  emergencyFund: EmergencyFund;
  incomes: readonly IncomeSource[];
  /** Bill occurrences due today through 7 days from now. */
  billsDueWithinWeek: readonly BillOccurrence[];
  /**
   * The savings rate the linked bank's transactions measured (income less everything spent), for the savings tips.
   * Absent: no savings tip, since income minus bills is not savings (what else was spent is unknown); the
   * bills-share tip says what the plan does show.
   */
  savingsRatePercent?: number;
}

const SEVERITY: Record<TipType, number> = { urgent: 0, warning: 1, info: 2, success: 3 };

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Percent of whole, rounded to a whole number for messages. */
function wholePercent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}

/**
 * A new user adds a paycheck first; each bill's pay date is timed to one. Without any income (none
 * added, none from the bank) the budget tips below say nothing (no deficit, no percentages of zero).
 */
export function addIncomeFirstTip(incomes: readonly IncomeSource[], { monthlyIncomeCents }: FinancialSummary): Tip | null {
  if (incomes.length > 0 || monthlyIncomeCents > 0) return null;
  return {
    id: 'add-income-first',
    type: 'info',
    title: 'Add your paycheck first',
    message: 'Add when and how much you get paid, then your bills. Each bill gets a pay date timed to the paycheck before it.',
  };
}

/** docs/product/signed-in.md §5: deficit (balance below 0) is urgent. Not before any income is known (a first bill is not a deficit). */
export function deficitTip({ spendingBalanceCents: balance, monthlyIncomeCents: income }: FinancialSummary): Tip | null {
  if (balance >= 0 || income <= 0) return null;
  return {
    id: 'deficit',
    type: 'urgent',
    title: 'Budget deficit',
    message: `Your bills are ${formatCents(-balance)} more than your income this month. Review which bills can wait or be reduced.`,
  };
}

/** docs/product/signed-in.md §5: tight budget (balance under 10 percent of income) is a warning; a deficit is left to deficitTip. */
export function tightBudgetTip({ spendingBalanceCents: balance, monthlyIncomeCents: income }: FinancialSummary): Tip | null {
  if (income <= 0 || balance < 0 || balance * 100 >= 10 * income) return null;
  return {
    id: 'tight-budget',
    type: 'warning',
    title: 'Tight budget',
    message: `Only ${formatCents(balance)} (${wholePercent(balance, income)}% of your income) is left after bills. Keep a small buffer before paying optional expenses.`,
  };
}

/**
 * docs/product/signed-in.md §5: with no emergency fund and a positive balance, start with the smaller of 20 percent
 * of the balance or $100; otherwise add the smaller of 30 percent of the balance or the shortfall / 12
 * per month. No tip once the goal (§9: 6 x monthly bills) is reached or without a positive balance.
 */
export function emergencyFundTip({ spendingBalanceCents: balance }: FinancialSummary, fund: EmergencyFund): Tip | null {
  if (balance <= 0) return null;
  if (fund.currentCents <= 0) {
    const start = Math.min(Math.round(balance * 0.2), 10_000);
    return {
      id: 'emergency-fund-start',
      type: 'info',
      title: 'Start an emergency fund',
      message: `Set aside ${formatCents(start)} to start an emergency fund. The goal is ${formatCents(fund.goalCents)}, ${EMERGENCY_FUND_MONTHS} months of bills.`,
    };
  }
  const shortfall = fund.goalCents - fund.currentCents;
  if (shortfall <= 0) return null;
  const monthly = Math.min(Math.round(balance * 0.3), Math.round(shortfall / 12));
  return {
    id: 'emergency-fund-grow',
    type: 'info',
    title: 'Grow your emergency fund',
    message: `Add ${formatCents(monthly)} a month to your emergency fund. You have ${formatCents(fund.currentCents)} of ${formatCents(fund.goalCents)} (${fund.progressPercent}%).`,
  };
}

/** docs/product/signed-in.md §5: bills due within 7 days get a reminder. */
export function billsDueSoonTip(billsDueWithinWeek: readonly BillOccurrence[]): Tip | null {
  if (billsDueWithinWeek.length === 0) return null;
  const total = billsDueWithinWeek.reduce((sum, b) => sum + b.amountCents, 0);
  return {
    id: 'bills-due-soon',
    type: 'info',
    // Not 'this week': the summary card's week ends on Sunday.
    title: 'Bills due in the next 7 days',
    message: `${plural(billsDueWithinWeek.length, 'bill')} totalling ${formatCents(total)} due in the next 7 days.`,
  };
}

/** docs/product/signed-in.md §5: exactly one income source suggests diversifying. */
export function diversifyIncomeTip(incomes: readonly IncomeSource[]): Tip | null {
  if (incomes.length !== 1) return null;
  return {
    id: 'diversify-income',
    type: 'info',
    title: 'Diversify your income',
    message: `All your income comes from ${incomes[0]!.source}. A second source, even a small one, makes a late or missed payday less painful.`,
  };
}

/**
 * Savings rate under 10 percent gets a tip, 20 percent or more a success; only from a rate the bank measured, so
 * praise is never given for what is not known. Needs income. A negative rate is not shown as a percentage ('You
 * keep -2511%' means nothing to anyone).
 */
export function savingsRateTip(savingsRatePercent: number | undefined, monthlyIncomeCents: number): Tip | null {
  if (savingsRatePercent === undefined || monthlyIncomeCents <= 0) return null;
  if (savingsRatePercent < 0) {
    return {
      id: 'low-savings-rate',
      type: 'info',
      title: 'Boost your savings',
      message:
        'Your bank history shows you spend more than you earn, so nothing is left to save. Try to save at least 10% of each paycheck.',
    };
  }
  if (savingsRatePercent < 10) {
    return {
      id: 'low-savings-rate',
      type: 'info',
      title: 'Boost your savings',
      message: `Your bank history shows you keep ${savingsRatePercent}% of your income. Try to save at least 10% of each paycheck.`,
    };
  }
  if (savingsRatePercent >= 20) {
    return {
      id: 'strong-savings-rate',
      type: 'success',
      title: 'Great savings rate',
      message: `Your bank history shows you keep ${savingsRatePercent}% of your income. Keep it up!`,
    };
  }
  return null;
}

/** Bills that take at most this share of income get the bills-share tip: the same line highExpensesTip aims under. */
const BILLS_SHARE_GOOD_PERCENT = 70;

/**
 * Without a bank-measured savings rate, what the plan does show: bills take at most 70 percent of income. Said as
 * the share of income the bills take, which is known, never as savings, which is not.
 */
export function billsShareTip(summary: FinancialSummary, bankSavingsRatePercent: number | undefined): Tip | null {
  const { monthlyBillsCents: bills, monthlyIncomeCents: income, spendingBalanceCents: balance } = summary;
  if (bankSavingsRatePercent !== undefined || income <= 0 || bills <= 0) return null;
  if (bills * 100 > BILLS_SHARE_GOOD_PERCENT * income) return null;
  return {
    id: 'bills-share',
    type: 'success',
    title: `Bills take ${wholePercent(bills, income)}% of your income`,
    message: `This month's plan leaves ${formatCents(balance)} after bills. Set some aside on payday, before it gets spent.`,
  };
}

/** docs/product/signed-in.md §5: expenses over 80 percent of income are a warning ('aim under 70'). */
export function highExpensesTip({ monthlyBillsCents: bills, monthlyIncomeCents: income }: FinancialSummary): Tip | null {
  if (income <= 0 || bills * 100 <= 80 * income) return null;
  return {
    id: 'high-expenses',
    type: 'warning',
    title: 'High expenses',
    message: `Bills take ${wholePercent(bills, income)}% of your income; aim under 70%.`,
  };
}

/**
 * All tips whose rule matches, most severe first (urgent, warning, info, success; spec order within
 * a type, after the first-steps tip), at most 4 (docs/product/signed-in.md §5/§9). Severity order is our choice so a warning never loses its
 * slot to an info tip.
 */
export function buildTips(input: TipInput): Tip[] {
  const { summary } = input;
  const candidates = [
    addIncomeFirstTip(input.incomes, summary),
    deficitTip(summary),
    tightBudgetTip(summary),
    emergencyFundTip(summary, input.emergencyFund),
    billsDueSoonTip(input.billsDueWithinWeek),
    diversifyIncomeTip(input.incomes),
    savingsRateTip(input.savingsRatePercent, summary.monthlyIncomeCents),
    billsShareTip(summary, input.savingsRatePercent),
    highExpensesTip(summary),
  ];
  return candidates
    .filter((tip): tip is Tip => tip !== null)
    .sort((a, b) => SEVERITY[a.type] - SEVERITY[b.type])
    .slice(0, MAX_TIPS);
}
