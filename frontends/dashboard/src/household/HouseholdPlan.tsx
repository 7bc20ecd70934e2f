import { dayOfMonthName, FINANCE_ENDPOINTS, PLANNER_PAGE_PATH, type DueDatePlanResponse, type PlannedMoveDto } from '@paycadence/contracts';
import { formatDate, Spinner, type ApiClient } from '@paycadence/web-kit';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { withServerTodayFallback } from '../api/finance-api.js';
import { Money } from '../components/Money.js';
import { localToday } from '../model/dashboard-model.js';
import { ErrorBanner } from './ErrorBanner.js';
import { useHouseholdCalendar } from './HouseholdCalendar.js';

export const PLAN_MESSAGES = {
  title: 'Plan for shared bills',
  loading: 'Loading the plan...',
  failed: 'Failed to load the plan for shared bills',
  nothingToMove: 'The shared bills already fit the paychecks: the planner suggests no moves.',
  openPlanner: 'Open the planner',
} as const;

const dayOf = (date: string) => Number(date.slice(8, 10));
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * One proposed move in words: 'Internet: the 5th → the 27th, 2 days after Sam's paycheck on the 25th'. The plan
 * names a paycheck by its source; whose it is comes from the household calendar's paydays when it shows that source.
 */
export function moveSentence(move: PlannedMoveDto, ownerOf: (source: string) => string | undefined): string {
  const head = `${move.billName}: the ${dayOfMonthName(move.fromDay)} → the ${dayOfMonthName(move.toDay)}`;
  if (!move.payday || move.daysAfterPayday === null) return head;
  const owner = ownerOf(move.payday.source);
  const paycheck = owner ? `${owner}${owner.endsWith('s') ? "'" : "'s"} paycheck` : `the ${move.payday.source} paycheck`;
  const gap = move.daysAfterPayday === 0 ? 'on the day of' : `${plural(move.daysAfterPayday, 'day')} after`;
  return `${head}, ${gap} ${paycheck} on the ${dayOfMonthName(dayOf(move.payday.date))}`;
}

/**
 * 'Plan for shared bills': the due-date planner's plan for this household's shared bills against its shared income
 * (GET /due-date-plan?household_id=), each proposed move in a sentence, the lowest balance before and after, and a
 * link to the planner for this household.
 */
export function HouseholdPlan({ api, householdId }: { api: ApiClient; householdId: string }) {
  const today = localToday();
  const plan = useQuery({
    queryKey: ['household', 'plan', householdId, today],
    queryFn: ({ signal }) =>
      withServerTodayFallback((day) => api.call(FINANCE_ENDPOINTS.dueDatePlan, { query: { household_id: householdId, today: day } }, { signal }), today),
    retry: false,
    refetchOnWindowFocus: false,
  });
  const calendar = useHouseholdCalendar(api, householdId);
  const owners = new Map((calendar.data?.paydays ?? []).map((pay) => [pay.source, pay.member.name]));

  return (
    <section className="hh-plan" aria-labelledby="hh-plan-title">
      <div className="hh-plan__head">
        <h3 id="hh-plan-title" className="hh-subtitle">
          {PLAN_MESSAGES.title}
        </h3>
        <Link className="hh-plan__link" to={`${PLANNER_PAGE_PATH}?household=${encodeURIComponent(householdId)}`}>
          {PLAN_MESSAGES.openPlanner}
        </Link>
      </div>
      {plan.isPending ? (
        <Spinner label={PLAN_MESSAGES.loading} />
      ) : plan.isError ? (
        <ErrorBanner text={PLAN_MESSAGES.failed} error={plan.error} />
      ) : (
        <PlanBody plan={plan.data} ownerOf={(source) => owners.get(source)} />
      )}
    </section>
  );
}

function PlanBody({ plan, ownerOf }: { plan: DueDatePlanResponse; ownerOf: (source: string) => string | undefined }) {
  if (plan.moves.length === 0) return <p className="hh-muted">{PLAN_MESSAGES.nothingToMove}</p>;
  return (
    <>
      <ul className="hh-plan__moves" aria-label="Proposed moves">
        {plan.moves.map((move) => (
          <li key={move.billId}>{moveSentence(move, ownerOf)}</li>
        ))}
      </ul>
      <dl className="hh-plan__outcome">
        <div>
          <dt>Lowest balance now</dt>
          <dd>
            <Money cents={plan.before.lowestBalanceCents} /> on {formatDate(plan.before.lowestDate)}
          </dd>
        </div>
        <div>
          <dt>Lowest balance after the moves</dt>
          <dd>
            <Money cents={plan.after.lowestBalanceCents} /> on {formatDate(plan.after.lowestDate)}
          </dd>
        </div>
      </dl>
    </>
  );
}
