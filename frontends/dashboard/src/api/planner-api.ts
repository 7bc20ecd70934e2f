// The due-date planner's calls (libs/contracts/src/due-date-planner.ts). The plan and its preview carry the
// browser's local date like the dashboard does, with the same retry without it when the device clock is refused.
import { FINANCE_ENDPOINTS, type DueDatePlanResponse } from '@paycadence/contracts';
import type { ApiClient } from '@paycadence/web-kit';
import { withServerTodayFallback } from './finance-api.js';

/** A day the person chose for a bill in the planner; null keeps the bill where it is. */
export interface PlanChoice {
  billId: string;
  toDay: number | null;
}

export interface PlanRequest {
  /** The household whose shared bills are planned; null plans the person's own view. */
  householdId: string | null;
  today: string;
  /** Nothing chosen yet: the plain plan (GET); else the plan with these choices kept (POST preview). */
  choices: readonly PlanChoice[];
}

/** Every plan query starts under the dashboard's ['financial'] root, so a bill saved anywhere refreshes the plan. */
export const planQueryKey = (userId: string | undefined, { householdId, today, choices }: PlanRequest) =>
  ['financial', 'due-date-plan', userId ?? 'anonymous', householdId, today, choices] as const;

export function fetchPlan(api: ApiClient, { householdId, today, choices }: PlanRequest, signal?: AbortSignal): Promise<DueDatePlanResponse> {
  const household = householdId ? { household_id: householdId } : {};
  if (choices.length === 0) {
    return withServerTodayFallback((day) => api.call(FINANCE_ENDPOINTS.dueDatePlan, { query: { ...household, today: day } }, { signal }), today);
  }
  return withServerTodayFallback(
    (day) => api.call(FINANCE_ENDPOINTS.previewDueDatePlan, { body: { ...household, today: day, choices: [...choices] } }, { signal }),
    today,
  );
}

/** The choices with this bill's replaced (a later choice for the same bill wins: the preview takes one per bill). */
export const withChoice = (choices: readonly PlanChoice[], choice: PlanChoice): PlanChoice[] => [
  ...choices.filter((c) => c.billId !== choice.billId),
  choice,
];
