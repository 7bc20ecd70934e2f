// The financial calls of spec part 2 §7 under /api/financial, through web-kit's one API client (the
// session's bearer token, refresh on 401, answers parsed with the libs/contracts schemas).
import {
  FINANCE_ENDPOINTS,
  type BillCreateInput,
  type BillDto,
  type DashboardResponse,
  type IncomeCreateInput,
  type IncomeSourceDto,
  type SuggestionsResponse,
  type SyncBankDataResponse,
  type TimelineResponse,
} from '@payday/contracts';
import { ApiError, type ApiClient } from '@payday/web-kit';

/** spec part 2 §9: the dashboard request races a 10-second timer. */
export const DASHBOARD_TIMEOUT_MS = 10_000;

export interface DashboardRequest {
  /** The browser's local date (see localToday). */
  today: string;
  /** The Later panel length (spec part 2 §9: 7, 14, 21, ...). */
  laterWindowDays: number;
}

export interface TimelineRequest {
  today: string;
  from: string;
  to: string;
}

export interface FinanceApi {
  /** Everything the Overview renders, computed by the server for this day and Later window (integer cents). */
  dashboard(request: DashboardRequest, signal?: AbortSignal): Promise<DashboardResponse>;
  /** The Calendar / Planner range, computed by the server (integer cents). */
  timeline(request: TimelineRequest, signal?: AbortSignal): Promise<TimelineResponse>;
  createBill(body: BillCreateInput): Promise<BillDto>;
  updateBill(id: string, body: BillCreateInput): Promise<BillDto>;
  deleteBill(id: string): Promise<void>;
  createIncome(body: IncomeCreateInput): Promise<IncomeSourceDto>;
  updateIncome(id: string, body: IncomeCreateInput): Promise<IncomeSourceDto>;
  deleteIncome(id: string): Promise<void>;
  /** 200 `{success, message}`: success false (e.g. no bank connected yet) is an answer, not an error. */
  syncBankData(): Promise<SyncBankDataResponse>;
  suggestions(signal?: AbortSignal): Promise<SuggestionsResponse>;
  acceptBill(id: string): Promise<BillDto>;
  acceptIncome(id: string): Promise<IncomeSourceDto>;
}

/**
 * A device clock more than a day off is refused (400 on `today`): the server's own date beats no dashboard,
 * so the call is made again without it.
 */
async function withServerTodayFallback<T>(call: (today: string | undefined) => Promise<T>, today: string): Promise<T> {
  try {
    return await call(today);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400 || !error.errors.today) throw error;
    return call(undefined);
  }
}

export function createFinanceApi(api: ApiClient): FinanceApi {
  const E = FINANCE_ENDPOINTS;
  return {
    dashboard: ({ today, laterWindowDays }, signal) =>
      withServerTodayFallback(
        (day) => api.call(E.dashboard, { query: { today: day, laterWindowDays } }, { signal, timeoutMs: DASHBOARD_TIMEOUT_MS }),
        today,
      ),
    timeline: ({ today, from, to }, signal) =>
      withServerTodayFallback((day) => api.call(E.timeline, { query: { today: day, from, to } }, { signal }), today),
    createBill: (body) => api.call(E.createBill, { body }),
    updateBill: (id, body) => api.call(E.updateBill, { params: { id }, body }),
    deleteBill: (id) => api.call(E.deleteBill, { params: { id } }),
    createIncome: (body) => api.call(E.createIncome, { body }),
    updateIncome: (id, body) => api.call(E.updateIncome, { params: { id }, body }),
    deleteIncome: (id) => api.call(E.deleteIncome, { params: { id } }),
    syncBankData: () => api.call(E.syncBankData),
    suggestions: (signal) => api.call(E.suggestions, {}, { signal }),
    acceptBill: (id) => api.call(E.acceptBill, { params: { id }, body: {} }),
    acceptIncome: (id) => api.call(E.acceptIncome, { params: { id }, body: {} }),
  };
}
