import type {
  DashboardAnalytics,
  DashboardBill,
  DashboardIncome,
  DashboardResponse,
  DashboardSavingsGoal,
  PaymentSuggestionDto,
  TimeWindowDto,
  WindowItemDto,
} from '@paycadence/contracts';
import type { DashboardData, PaymentSuggestion, TimeWindow, WindowItem } from '@paycadence/finance-rules';

/** The user's rows in the contract's cents shapes (see the mappers). */
export interface DashboardRows {
  bills: DashboardBill[];
  income: DashboardIncome[];
  savingsGoals: DashboardSavingsGoal[];
}

/**
 * A window item as sent: what the week panels read (kind, id, name, date, amount). Left out: a bill's
 * `dueDate` (the same day as `date`), its priority, category and recurrence, and an income's frequency;
 * all of those are in the `bills` / `income` lists of the same answer under the item's id.
 */
function windowItemDto(item: WindowItem): WindowItemDto {
  return item.kind === 'income'
    ? { kind: 'income', incomeId: item.incomeId, source: item.source, amountCents: item.amountCents, date: item.date }
    : { kind: 'bill', date: item.date, billId: item.billId, billName: item.billName, amountCents: item.amountCents };
}

function windowDto(window: TimeWindow): TimeWindowDto {
  return {
    key: window.key,
    title: window.title,
    startDate: window.startDate,
    endDate: window.endDate,
    items: window.items.map(windowItemDto),
    billsTotalCents: window.billsTotalCents,
    incomeTotalCents: window.incomeTotalCents,
  };
}

/**
 * A schedule entry as sent. Left out: `billId` (it is the part of `id` before ':'). `plannedDate`, `adjustments` and
 * `incomeAmountCents` let the dashboard say the reasoning again in the user's date format (explainPaymentSuggestion).
 */
function suggestionDto(s: PaymentSuggestion): PaymentSuggestionDto {
  return {
    id: s.id,
    billName: s.billName,
    billAmountCents: s.billAmountCents,
    dueDate: s.dueDate,
    suggestedDate: s.suggestedDate,
    plannedDate: s.plannedDate,
    adjustments: s.adjustments,
    funding: s.funding,
    paymentSource: s.paymentSource,
    incomeId: s.incomeId,
    incomeDate: s.incomeDate,
    incomeAmountCents: s.incomeAmountCents,
    daysBeforeDue: s.daysBeforeDue,
    daysAfterIncome: s.daysAfterIncome,
    reasoning: s.reasoning,
    priority: s.priority,
    confidence: s.confidence,
    band: s.band,
  };
}

/**
 * The GET /dashboard-with-insights answer (libs/contracts DashboardResponseSchema): the rules' result field by
 * field, so nothing the contract does not name goes out, with the analytics and the rows. Integer cents.
 */
export function toDashboardResponse(dashboard: DashboardData, analytics: DashboardAnalytics, rows: DashboardRows): DashboardResponse {
  const { windows } = dashboard;
  return {
    today: dashboard.today,
    summary: dashboard.summary,
    paymentSchedule: dashboard.paymentSchedule.map(suggestionDto),
    laterWindowDays: dashboard.laterWindowDays,
    incomeHorizonDays: dashboard.incomeHorizonDays,
    windows: { thisWeek: windowDto(windows.thisWeek), nextWeek: windowDto(windows.nextWeek), later: windowDto(windows.later) },
    tips: dashboard.tips,
    quickStats: dashboard.quickStats,
    emergencyFund: dashboard.emergencyFund,
    analytics,
    bills: rows.bills,
    income: rows.income,
    savingsGoals: rows.savingsGoals,
    payGaps: dashboard.payGaps,
  };
}
