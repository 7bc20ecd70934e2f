import type { TimelineResponse } from '@paycadence/contracts';
import { useAuth, type ApiClient } from '@paycadence/web-kit';
import { useQuery } from '@tanstack/react-query';
import { fetchTimeline } from '../api/finance-api.js';

export interface TimelineState {
  timeline: TimelineResponse | null;
  loading: boolean;
  failed: boolean;
}

/**
 * The Calendar / Planner range [from, to] from GET /timeline: occurrences, payment suggestions and totals
 * computed by the server. Under the 'financial' key, so every save reloads it with the dashboard.
 */
export function useTimeline(api: ApiClient, today: string, from: string, to: string): TimelineState {
  const { user } = useAuth();
  const query = useQuery({
    queryKey: ['financial', 'timeline', user?.id ?? 'anonymous', today, from, to] as const,
    queryFn: ({ signal }) => fetchTimeline(api, { today, from, to }, signal),
    retry: false,
    refetchOnWindowFocus: false,
  });
  return { timeline: query.isError ? null : (query.data ?? null), loading: query.isPending, failed: query.isError };
}
