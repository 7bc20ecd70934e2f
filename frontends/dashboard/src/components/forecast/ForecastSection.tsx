import type { ForecastDto } from '@payday/contracts';
import type { ApiClient } from '@payday/web-kit';
import { BalanceForecast } from './BalanceForecast.js';
import './forecast.css'; // a stylesheet, not a <style> element (CSP)
import { SafeToSpendCard } from './SafeToSpendCard.js';

/** Issue 14 items 2-3 on the dashboard: safe to spend until payday beside the balance forecast. */
export function ForecastSection({ forecast, api }: { forecast: ForecastDto; api: ApiClient }) {
  return (
    <div className="fc-section">
      <SafeToSpendCard safe={forecast.safeToSpend} bankBalanceAsOf={forecast.bankBalanceAsOf} />
      <BalanceForecast forecast={forecast} api={api} />
    </div>
  );
}
