// The two finance reads that add behaviour to web-kit's one API client (a timeout, a retry without
// `today`). Every other finance call is `api.call(FINANCE_ENDPOINTS.x, ...)` where it is made, typed by
// the libs/contracts endpoint (bearer, refresh on 401, answer parsed with the contract's schema).
import { FINANCE_ENDPOINTS, type DashboardResponse, type EndpointRequest, type TimelineResponse } from '@paycadence/contracts';
import { ApiError, type ApiClient } from '@paycadence/web-kit';

/** docs/product/signed-in.md §9: the dashboard request races a 10-second timer. */
export const DASHBOARD_TIMEOUT_MS = 10_000;

/** An endpoint's query as the contract types it, with the browser's local date (see localToday) always set. */
type QueryWithToday<E extends { query?: unknown }> = NonNullable<E['query']> & { today: string };

/**
 * A device clock more than a day off is refused (400 on `today`): the server's own date beats no dashboard,
 * so the call is made again without it.
 */
export async function withServerTodayFallback<T>(call: (today: string | undefined) => Promise<T>, today: string): Promise<T> {
  try {
    return await call(today);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400 || !error.errors.today) throw error;
    return call(undefined);
  }
}

/** Everything the Overview renders, computed by the server for this day and Later window (integer cents). */
export function fetchDashboard(
  api: ApiClient,
  query: QueryWithToday<EndpointRequest<typeof FINANCE_ENDPOINTS.dashboard>>,
  signal?: AbortSignal,
): Promise<DashboardResponse> {
  return withServerTodayFallback(
    (today) => api.call(FINANCE_ENDPOINTS.dashboard, { query: { ...query, today } }, { signal, timeoutMs: DASHBOARD_TIMEOUT_MS }),
    query.today,
  );
}

/** The Calendar / Planner range, computed by the server (integer cents). */
export function fetchTimeline(
  api: ApiClient,
  query: QueryWithToday<EndpointRequest<typeof FINANCE_ENDPOINTS.timeline>>,
  signal?: AbortSignal,
): Promise<TimelineResponse> {
  return withServerTodayFallback((today) => api.call(FINANCE_ENDPOINTS.timeline, { query: { ...query, today } }, { signal }), query.today);
}
