import { PLANNER_PAGE_PATH } from '@paycadence/contracts';
import { useAuth, type ApiClient } from '@paycadence/web-kit';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { fetchPlan, planQueryKey } from '../api/planner-api.js';
import { useForecastFormat } from '../components/forecast/forecast-format.js';
import './planner.css'; // a stylesheet, not a <style> element (CSP)

/**
 * The dashboard's nudge toward the due-date planner: shown only when moving due dates would help, with how many
 * moves and the lowest balance before and after. The dashboard mounts it once its own data is in, so the plan is
 * asked for after the dashboard's first render; a failed or unhelpful plan shows nothing.
 */
export function DueDatePlanCard({ api, today }: { api: ApiClient; today: string }) {
  const { user } = useAuth();
  const format = useForecastFormat();
  const headingId = useId();
  const request = { householdId: null, today, choices: [] };
  const plan = useQuery({
    queryKey: planQueryKey(user?.id, request),
    queryFn: ({ signal }) => fetchPlan(api, request, signal),
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: 60_000,
  });
  const data = plan.data;
  if (plan.isError || !data || !data.helps || data.moves.length === 0) return null;
  const count = data.moves.length;
  const threshold = data.thresholdCents === 0 ? 'zero' : format.money(data.thresholdCents);
  return (
    <section className="pl-card pl-nudge" aria-labelledby={headingId} data-testid="due-date-plan-card">
      <h2 id={headingId} className="pl-nudge__title">
        Your due dates could fit your paydays better
      </h2>
      <p className="pl-nudge__text">
        {count === 1 ? 'One bill' : `${count} bills`} could be due a few days after a paycheck instead.
      </p>
      <p className="pl-nudge__figures">
        {data.after.lowestBalanceCents !== data.before.lowestBalanceCents ? (
          <>
            Lowest balance {format.money(data.before.lowestBalanceCents)} <span aria-hidden="true">→</span>
            <span className="pc-visually-hidden">would become</span> <strong>{format.money(data.after.lowestBalanceCents)}</strong>
          </>
        ) : data.after.daysBelowThreshold < data.before.daysBelowThreshold ? (
          <>
            Days below {threshold} {data.before.daysBelowThreshold} <span aria-hidden="true">→</span>
            <span className="pc-visually-hidden">would become</span> <strong>{data.after.daysBelowThreshold}</strong>
          </>
        ) : (
          // Same low either way: the plan helps by having each moved bill follow a paycheck.
          <>Lowest balance {format.money(data.before.lowestBalanceCents)} either way, with each moved bill paid from the paycheck before it.</>
        )}
      </p>
      <Link className="pc-btn pc-btn--secondary pc-btn--sm" to={PLANNER_PAGE_PATH}>
        See the due-date planner
      </Link>
    </section>
  );
}
