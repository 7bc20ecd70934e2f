import { HOUSEHOLD_ENDPOINTS } from '@paycadence/contracts';
import type { ApiClient } from '@paycadence/web-kit';
import { useQuery } from '@tanstack/react-query';
import { shareTargetsQueryKey } from '../hooks/useShareTargets.js';

/** Every household query starts with this, so one invalidation refreshes the screen and the bill forms' select. */
export const HOUSEHOLD_QUERY_ROOT = ['household'] as const;

/** The same cache entry the bill and income forms read (useShareTargets), so both agree after a change. */
export function useMyHouseholds(api: ApiClient, userId: string) {
  return useQuery({
    queryKey: shareTargetsQueryKey(userId),
    queryFn: ({ signal }) => api.call(HOUSEHOLD_ENDPOINTS.myHouseholds, {}, { signal }),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useMembers(api: ApiClient, householdId: string | null) {
  return useQuery({
    queryKey: ['household', 'members', householdId],
    queryFn: ({ signal }) => api.call(HOUSEHOLD_ENDPOINTS.members, { params: { id: householdId! } }, { signal }),
    enabled: householdId !== null,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
