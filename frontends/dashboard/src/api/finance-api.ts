// The financial calls of spec part 2 §7 under /api/financial, through web-kit's client (10 s timeout,
// bearer token read at call time).
import type { IsoDate } from '@payday/finance-rules';
import { ApiError, createApiClient, type ApiClient } from '@payday/web-kit';
import type { BillPayload, IncomePayload } from './finance-schemas.js';
import { SuggestionsResponseSchema, type SuggestionsResponse } from './finance-schemas.js';

export const FINANCIAL_BASE = '/api/financial';
/** spec part 2 §9: the dashboard request races a 10-second timer. */
export const DASHBOARD_TIMEOUT_MS = 10_000;

export interface FinanceApi {
  /** The dashboard computed for the browser's local date (`?today=`, see localToday). */
  dashboard(today: IsoDate, signal?: AbortSignal): Promise<unknown>;
  createBill(body: BillPayload): Promise<unknown>;
  updateBill(id: string, body: BillPayload): Promise<unknown>;
  deleteBill(id: string): Promise<unknown>;
  createIncome(body: IncomePayload): Promise<unknown>;
  updateIncome(id: string, body: IncomePayload): Promise<unknown>;
  deleteIncome(id: string): Promise<unknown>;
  /** 200 `{success, message}`: success false (e.g. no bank connected yet) is an answer, not an error. */
  syncBankData(): Promise<{ success?: boolean; message?: string } | undefined>;
  suggestions(signal?: AbortSignal): Promise<SuggestionsResponse>;
  acceptBill(id: string): Promise<unknown>;
  acceptIncome(id: string): Promise<unknown>;
}

export function createFinanceApi(getToken: () => string | null | undefined, client?: ApiClient): FinanceApi {
  const api = client ?? createApiClient({ baseUrl: FINANCIAL_BASE, getToken, timeoutMs: DASHBOARD_TIMEOUT_MS });
  const id = (value: string) => encodeURIComponent(value);
  return {
    dashboard: async (today, signal) => {
      try {
        return await api.get(`/dashboard-with-insights?today=${encodeURIComponent(today)}`, { signal });
      } catch (error) {
        // A device clock more than a day off is refused (400 on `today`): the server's own date beats no dashboard.
        if (!(error instanceof ApiError) || error.status !== 400 || !error.errors.today) throw error;
        return api.get('/dashboard-with-insights', { signal });
      }
    },
    createBill: (body) => api.post('/bills', body),
    updateBill: (billId, body) => api.put(`/bills/${id(billId)}`, body),
    deleteBill: (billId) => api.delete(`/bills/${id(billId)}`),
    createIncome: (body) => api.post('/income', body),
    updateIncome: (incomeId, body) => api.put(`/income/${id(incomeId)}`, body),
    deleteIncome: (incomeId) => api.delete(`/income/${id(incomeId)}`),
    syncBankData: () => api.post('/sync-bank-data'),
    suggestions: async (signal) => SuggestionsResponseSchema.parse((await api.get('/suggestions', { signal })) ?? {}),
    acceptBill: (suggestionId) => api.post(`/accept-bill/${id(suggestionId)}`),
    acceptIncome: (suggestionId) => api.post(`/accept-income/${id(suggestionId)}`),
  };
}
