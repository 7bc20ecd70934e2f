import type { DashboardResponse } from '@paycadence/contracts';
import { browserOfflineData, readOfflineDashboard, useApi, useAuth } from '@paycadence/web-kit';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchDashboard } from '../api/finance-api.js';
import { localToday } from '../model/dashboard-model.js';
import { TIMERS } from '../model/messages.js';

/** Keyed by the local date too: after midnight the next render asks for the new day. */
export const dashboardQueryKey = (userId: string | undefined, today: string, laterWindowDays: number) =>
  ['financial', 'dashboard-with-insights', userId ?? 'anonymous', today, laterWindowDays] as const;
export const suggestionsQueryKey = (userId: string | undefined) => ['financial', 'suggestions', userId ?? 'anonymous'] as const;

export interface FinancialDataState {
  /** The server's answer; null until it arrives, and after a failed load (docs/product/signed-in.md §8: lists emptied). */
  dashboard: DashboardResponse | null;
  /** docs/product/signed-in.md §4: loading until loaded, or until the 15-second guard clears it. */
  loading: boolean;
  /** docs/product/signed-in.md §8: a timeout or fetch error. */
  failed: boolean;
  refetch: () => void;
  updatedAt: number;
  /**
   * Opened without a network (docs/installable-app.md, Offline): when the kept copy shown was fetched (ms since
   * 1970); null online.
   */
  offlineSince: number | null;
}

/**
 * One request for the whole Overview: GET /dashboard-with-insights (docs/product/signed-in.md §7) for the browser's local
 * day and the Later window shown; a wider window is a new request, computed by the server.
 */
export function useFinancialData(laterWindowDays: number): FinancialDataState {
  const api = useApi();
  const { user, offline = false } = useAuth();
  const today = localToday();
  const queryKey = dashboardQueryKey(user?.id, today, laterWindowDays);
  const query = useQuery({
    queryKey,
    // Offline there is no session to ask with: the kept copy is shown instead (below).
    enabled: !offline,
    queryFn: ({ signal }) => fetchDashboard(api, { today, laterWindowDays }, signal),
    // The 10-second race of docs/product/signed-in.md §4 decides; a retry would hide the timeout message.
    retry: false,
    refetchOnWindowFocus: false,
    // A new day or a wider Later window keeps showing the same user's dashboard while it loads (no spinner
    // that would unmount an open form); never another user's.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === queryKey[2] ? previous : undefined),
  });

  // Each answer is kept for an offline start (only for the user whose copy this device holds, see web-kit).
  const userId = user?.id;
  useEffect(() => {
    if (!offline && userId && query.data) void browserOfflineData.keepDashboard(userId, query.data);
  }, [offline, userId, query.data]);
  const [copy, setCopy] = useState<{ body: DashboardResponse; fetchedAt: number } | null | undefined>(undefined);
  useEffect(() => {
    if (!offline || !userId) return;
    let current = true;
    void readOfflineDashboard(userId).then((kept) => {
      if (current) setCopy(kept as { body: DashboardResponse; fetchedAt: number } | null);
    });
    return () => {
      current = false;
    };
  }, [offline, userId]);

  const [guardTripped, setGuardTripped] = useState(false);
  useEffect(() => {
    if (!query.isPending) return;
    const timer = setTimeout(() => setGuardTripped(true), TIMERS.loadingGuardMs);
    return () => clearTimeout(timer);
  }, [query.isPending]);

  if (offline) {
    return {
      dashboard: copy?.body ?? null,
      loading: copy === undefined,
      failed: copy === null,
      refetch: () => undefined,
      updatedAt: copy?.fetchedAt ?? 0,
      offlineSince: copy?.fetchedAt ?? null,
    };
  }
  return {
    offlineSince: null,
    dashboard: query.isError ? null : (query.data ?? null),
    loading: query.isPending && !guardTripped,
    failed: query.isError,
    refetch: () => void query.refetch(),
    updatedAt: query.dataUpdatedAt,
  };
}
