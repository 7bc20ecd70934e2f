import type { ForecastDto } from '@paycadence/contracts';
import { computeForecast, type Bill, type IncomeSource, type IsPaid, type PaymentSuggestion } from '@paycadence/finance-rules';

/** What the forecast needs beyond the dashboard's own rows and schedule. */
export interface ForecastExtras {
  /** The linked banks' spendable balance (bank summary); null without a bank. */
  cashBalanceCents: number | null;
  /** When that balance was read (ISO instant); null without one. */
  bankBalanceAsOf: string | null;
  /** The user's low-balance threshold (0: below zero). */
  thresholdCents: number;
  /** Paid occurrences are left out; default: none is paid. */
  isPaid?: IsPaid;
}

/**
 * The dashboard answer's `forecast` (libs/contracts forecast.ts): the rules' result on the same bills, income and
 * Smart Payment Schedule the answer carries, so the figure, the chart and the schedule always agree.
 */
export function dashboardForecast(
  bills: readonly Bill[],
  incomes: readonly IncomeSource[],
  paymentSchedule: readonly PaymentSuggestion[],
  today: string,
  extras: ForecastExtras,
): ForecastDto {
  const forecast = computeForecast({
    bills,
    incomes,
    today,
    paymentSchedule,
    bankBalanceCents: extras.cashBalanceCents,
    // The UTC day of the read: bills due after it were not in that balance yet.
    bankBalanceDate: extras.bankBalanceAsOf?.slice(0, 10) ?? null,
    thresholdCents: extras.thresholdCents,
    isPaid: extras.isPaid,
  });
  return { ...forecast, bankBalanceAsOf: forecast.safeToSpend.base.kind === 'bank' ? extras.bankBalanceAsOf : null };
}
