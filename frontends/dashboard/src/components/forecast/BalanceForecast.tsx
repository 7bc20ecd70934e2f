import type { ForecastDto } from '@paycadence/contracts';
import { explainBillMove, explainLowBalance } from '@paycadence/finance-rules';
import type { ApiClient } from '@paycadence/web-kit';
import { useId } from 'react';
import { BalanceChart } from './BalanceChart.js';
import { useForecastFormat } from './forecast-format.js';
import { LowBalanceThreshold } from './LowBalanceThreshold.js';

/**
 * The low-balance warning (which day, by how much, which bill to move where), the 30-day chart and
 * the threshold setting. The warning is a status region, so a screen reader hears it when it appears after an edit.
 */
export function BalanceForecast({ forecast, api }: { forecast: ForecastDto; api: ApiClient }) {
  const format = useForecastFormat();
  const headingId = useId();
  const { warning } = forecast;
  return (
    <section className="fc-card fc-card--wide" aria-labelledby={headingId} data-testid="balance-forecast">
      <h2 id={headingId} className="fc-card__title">
        Balance forecast
      </h2>
      <div role="status" aria-live="polite">
        {warning ? (
          <div className="fc-warning" data-testid="low-balance-warning">
            <p className="fc-warning__title">Low balance ahead</p>
            <p>{explainLowBalance(warning, format)}</p>
            <p>
              <strong>Suggestion:</strong> {explainBillMove(warning, format)}
            </p>
          </div>
        ) : forecast.safeToSpend.amountCents !== null ? (
          <p className="fc-ok">
            Your balance stays above {forecast.thresholdCents === 0 ? 'zero' : format.money(forecast.thresholdCents)} for the next {forecast.horizonDays} days.
          </p>
        ) : null}
      </div>
      {forecast.safeToSpend.amountCents !== null && <BalanceChart forecast={forecast} />}
      <LowBalanceThreshold thresholdCents={forecast.thresholdCents} api={api} />
    </section>
  );
}
