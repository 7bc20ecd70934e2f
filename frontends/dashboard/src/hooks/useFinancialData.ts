import { useAuth } from '@payday/web-kit';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { EMPTY_FINANCIAL_DATA, financialDataFromResponse, localToday, type FinancialData } from '../model/dashboard-model.js';
import { TIMERS } from '../model/messages.js';
import { useFinanceApi } from './useFinanceApi.js';

export const dashboardQueryKey = (userId: string | undefined) => ['financial', 'dashboard-with-insights', userId ?? 'anonymous'] as const;
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
  const query = useQuery({
    queryKey: dashboardQueryKey(user?.id),
    queryFn: ({ signal }) => api.dashboard(signal),
    // The 10-second race of spec part 2 §4 decides; a retry would hide the timeout message.
    retry: false,
    refetchOnWindowFocus: false,
  });

  const [guardTripped, setGuardTripped] = useState(false);
  useEffect(() => {
    if (!query.isPending) return;
    const timer = setTimeout(() => setGuardTripped(true), TIMERS.loadingGuardMs);
    return () => clearTimeout(timer);
  }, [query.isPending]);

  const today = localToday();
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
