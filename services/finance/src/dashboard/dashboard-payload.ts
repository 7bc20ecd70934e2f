import type { DashboardData, PaymentSuggestion, TimeWindow, TimeWindows, WindowItem } from '@payday/finance-rules';

/**
 * A window item as sent: what the dashboard's week panels read (kind, id, name, date, amount). Left out:
 * a bill's `dueDate` (the same day as `date`), its priority, category and recurrence, and an income's
 * frequency; all of those are in the `bills` / `income` lists of the same answer under the item's id.
 */
export type WindowItemPayload =
  | Omit<Extract<WindowItem, { kind: 'bill' }>, 'dueDate' | 'priority' | 'category' | 'recurring'>
  | Omit<Extract<WindowItem, { kind: 'income' }>, 'frequency'>;

export type TimeWindowPayload = Omit<TimeWindow, 'items'> & { items: WindowItemPayload[] };

/**
 * A schedule entry as sent. Left out: `billId` (it is the part of `id` before ':') and `incomeAmountCents`
 * (in the `income` list under `incomeId`, and in the reasoning text). Everything the Smart Payment
 * Schedule, Calendar and Planner read stays, unrounded.
 */
export type PaymentSuggestionPayload = Omit<PaymentSuggestion, 'billId' | 'incomeAmountCents'>;

/** computeDashboard's result without the repeats above (about a sixth of the answer for 100 bills). */
export type DashboardPayload = Omit<DashboardData, 'windows' | 'paymentSchedule'> & {
  paymentSchedule: PaymentSuggestionPayload[];
  windows: Record<keyof TimeWindows, TimeWindowPayload>;
};

function windowItemPayload(item: WindowItem): WindowItemPayload {
  if (item.kind === 'income') {
    const { frequency: _frequency, ...rest } = item;
    return rest;
  }
  const { dueDate: _dueDate, priority: _priority, category: _category, recurring: _recurring, ...rest } = item;
  return rest;
}

function windowPayload(window: TimeWindow): TimeWindowPayload {
  return { ...window, items: window.items.map(windowItemPayload) };
}

function suggestionPayload(suggestion: PaymentSuggestion): PaymentSuggestionPayload {
  const { billId: _billId, incomeAmountCents: _incomeAmountCents, ...rest } = suggestion;
  return rest;
}

/** Same keys in the same order as computeDashboard's result, minus the repeated fields. */
export function toDashboardPayload(dashboard: DashboardData): DashboardPayload {
  const { windows } = dashboard;
  return {
    ...dashboard,
    paymentSchedule: dashboard.paymentSchedule.map(suggestionPayload),
    windows: { thisWeek: windowPayload(windows.thisWeek), nextWeek: windowPayload(windows.nextWeek), later: windowPayload(windows.later) },
  };
}
