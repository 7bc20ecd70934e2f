import type { ForecastDto } from '@paycadence/contracts';
import type { ApiClient } from '@paycadence/web-kit';
import { BalanceForecast } from './BalanceForecast.js';
import './forecast.css'; // a stylesheet, not a <style> element (CSP)
import { SafeToSpendCard } from './SafeToSpendCard.js';

/**
 * Safe to spend until payday beside the balance forecast. `monthlyPlanCents`
 * (this month's income minus bills, null before any income) lets the card say when the month runs short.
 */
export function ForecastSection({ forecast, api, monthlyPlanCents = null }: { forecast: ForecastDto; api: ApiClient; monthlyPlanCents?: number | null }) {
  return (
    <div className="fc-section">
      <SafeToSpendCard safe={forecast.safeToSpend} bankBalanceAsOf={forecast.bankBalanceAsOf} monthlyPlanCents={monthlyPlanCents} />
      <BalanceForecast forecast={forecast} api={api} />
    </div>
  );
}
