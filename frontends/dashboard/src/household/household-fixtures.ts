// Answers of the household page's finance calls for its specs: the calendar and the plan, empty or filled.
import { FINANCE_ENDPOINTS, HOUSEHOLD_ENDPOINTS, type DueDatePlanResponse, type HouseholdCalendarResponse } from '@paycadence/contracts';

/** Everything the household page calls: household's own routes, the household calendar and the plan. */
export const HOUSEHOLD_PAGE_ENDPOINTS = {
  ...HOUSEHOLD_ENDPOINTS,
  householdCalendar: FINANCE_ENDPOINTS.householdCalendar,
  dueDatePlan: FINANCE_ENDPOINTS.dueDatePlan,
};

export function emptyCalendar(id: string, name = 'Home'): HouseholdCalendarResponse {
  return { household: { id, name }, from: '2026-03-10', to: '2026-04-21', today: '2026-03-10', paydays: [], bills: [], totals: { paydays_cents: 0, bills_cents: 0 } };
}

const outcome = (lowestBalanceCents: number, lowestDate: string) => ({ lowestBalanceCents, lowestDate, daysBelowThreshold: 0, firstDayBelow: null, days: [], paycheckLoads: [] });

export function emptyPlan(householdId: string | null = null): DueDatePlanResponse {
  return {
    today: '2026-03-10',
    thresholdCents: 0,
    horizonDays: 182,
    chartDays: 62,
    base: 'none',
    householdId,
    moves: [],
    before: outcome(0, '2026-03-10'),
    after: outcome(0, '2026-03-10'),
    helps: false,
    lean: null,
    savedMoves: [],
    accountHolder: 'Sam Rivera',
  };
}

/** What every household page spec serves unless it says otherwise: no invitations, an empty calendar and plan. */
export const QUIET_HANDLERS = {
  pendingInvitations: () => ({ invitations: [] }),
  householdCalendar: ({ params }: { params: Record<string, string> }) => emptyCalendar(params.householdId!),
  dueDatePlan: () => emptyPlan(),
};
