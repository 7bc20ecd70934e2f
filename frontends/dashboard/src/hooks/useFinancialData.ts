import { useAuth } from '@payday/web-kit';
import { useQuery } from '@tanstack/react-query';
import type { IsoDate } from '@payday/finance-rules';
import { useEffect, useMemo, useState } from 'react';
import { EMPTY_FINANCIAL_DATA, financialDataFromResponse, localToday, type FinancialData } from '../model/dashboard-model.js';
import { TIMERS } from '../model/messages.js';
import { useFinanceApi } from './useFinanceApi.js';

/** Keyed by the local date too: after midnight the next render asks for the new day. */
export const dashboardQueryKey = (userId: string | undefined, today: IsoDate) =>
  ['financial', 'dashboard-with-insights', userId ?? 'anonymous', today] as const;
export const suggestionsQueryKey = (userId: string | undefined) => ['financial', 'suggestions', userId ?? 'anonymous'] as const;

export interface FinancialDataState {
  data: FinancialData;
  /** spec part 2 §4: loading until loaded, or until the 15-second guard clears it. */
  loading: boolean;
  /** spec part 2 §8: a timeout or fetch error; the lists are then empty. */
  failed: boolean;
  refetch: () => void;
  updatedAt: number;
}

/** One request for the whole page: GET /dashboard-with-insights (spec part 2 §7). */
export function useFinancialData(): FinancialDataState {
  const api = useFinanceApi();
  const { user } = useAuth();
  // One date for the request and for everything computed here (Later window, calendar, planner): the
  // browser's local day, which the server accepts within a day of its UTC date.
  const today = localToday();
  const queryKey = dashboardQueryKey(user?.id, today);
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => api.dashboard(today, signal),
    // The 10-second race of spec part 2 §4 decides; a retry would hide the timeout message.
    retry: false,
    refetchOnWindowFocus: false,
    // When the day turns, keep showing the same user's dashboard while the new day loads (no spinner that
    // would unmount an open form); never another user's.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === queryKey[2] ? previous : undefined),
  });

  const [guardTripped, setGuardTripped] = useState(false);
  useEffect(() => {
    if (!query.isPending) return;
    const timer = setTimeout(() => setGuardTripped(true), TIMERS.loadingGuardMs);
    return () => clearTimeout(timer);
  }, [query.isPending]);

  const data = useMemo(
    () => (query.data === undefined ? EMPTY_FINANCIAL_DATA(today) : financialDataFromResponse(query.data, today)),
    [query.data, today],
  );
  return {
    // spec part 2 §8: on a load error the lists are emptied.
    data: query.isError ? EMPTY_FINANCIAL_DATA(today) : data,
    loading: query.isPending && !guardTripped,
    failed: query.isError,
    refetch: () => void query.refetch(),
    updatedAt: query.dataUpdatedAt,
  };
}
