import type { DueDatePlanResponse, PlanOutcomeDto } from '@paycadence/contracts';
import { useId } from 'react';
import { BalanceChart } from '../components/forecast/BalanceChart.js';
import { useForecastFormat } from '../components/forecast/forecast-format.js';
import { Money } from '../components/Money.js';

const BEFORE_LABEL = 'As things are';
const AFTER_LABEL = 'With the plan';

/** "6 months" for the plan's horizon in days. */
const horizonWords = (days: number) => {
  const months = Math.round(days / 30.4);
  return months >= 2 ? `${months} months` : `${days} days`;
};

/**
 * The projected balance as things are and with the plan: one chart with two lines (the dashboard's forecast chart),
 * and the same in words in a table the chart's figure points at: the lowest balance and its day, and the days below
 * the threshold over the whole horizon.
 */
export function BeforeAfter({ plan }: { plan: DueDatePlanResponse }) {
  const format = useForecastFormat();
  const headingId = useId();
  const summaryId = useId();
  const threshold = plan.thresholdCents === 0 ? 'zero' : format.money(plan.thresholdCents);
  const daysBelow = (outcome: PlanOutcomeDto) => (outcome.daysBelowThreshold === 1 ? '1 day' : `${outcome.daysBelowThreshold} days`);
  return (
    <section className="pl-card pl-section" aria-labelledby={headingId} data-testid="plan-before-after">
      <h2 id={headingId} className="pl-section__title">
        Before and after
      </h2>
      <div className="pl-table-scroll">
        <table className="pl-compare" id={summaryId}>
          <caption className="pl-compare__caption">Over the next {horizonWords(plan.horizonDays)}</caption>
          <thead>
            <tr>
              <td />
              <th scope="col">{BEFORE_LABEL}</th>
              <th scope="col">{AFTER_LABEL}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Lowest balance</th>
              {[plan.before, plan.after].map((outcome, i) => (
                <td key={i}>
                  <Money cents={outcome.lowestBalanceCents} className={outcome.lowestBalanceCents < plan.thresholdCents ? 'pl-low' : undefined} />
                  <span className="pl-compare__date"> on {format.date(outcome.lowestDate)}</span>
                </td>
              ))}
            </tr>
            <tr>
              <th scope="row">Days below {threshold}</th>
              {[plan.before, plan.after].map((outcome, i) => (
                <td key={i}>
                  <span className={outcome.daysBelowThreshold > 0 ? 'pl-low' : undefined}>{daysBelow(outcome)}</span>
                  {outcome.firstDayBelow && <span className="pl-compare__date">, first {format.date(outcome.firstDayBelow)}</span>}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      <BalanceChart
        forecast={{ horizonDays: plan.chartDays, thresholdCents: plan.thresholdCents, warning: null, days: plan.before.days }}
        compare={{ firstLabel: BEFORE_LABEL, label: AFTER_LABEL, days: plan.after.days }}
        describedBy={summaryId}
      />
    </section>
  );
}
