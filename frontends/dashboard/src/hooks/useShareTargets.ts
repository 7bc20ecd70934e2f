import { canManageHousehold, HOUSEHOLD_ENDPOINTS, type DashboardShared } from '@paycadence/contracts';
import { useAuth, type ApiClient } from '@paycadence/web-kit';
import { useQuery } from '@tanstack/react-query';

/** A household the user may put bills and income into (owner or partner). */
export interface ShareTarget {
  id: string;
  name: string;
}

export const shareTargetsQueryKey = (userId: string | undefined) => ['household', 'my-households', userId ?? 'anonymous'] as const;

/**
 * The households the bill and income forms offer under 'Share with household': the user's households
 * where they are owner or partner. Empty while loading or when household cannot be reached: the forms then hide
 * the select and never send household_id, so an edit can never unshare by accident.
 */
export function useShareTargets(api: ApiClient): ShareTarget[] {
  const { user } = useAuth();
  const query = useQuery({
    queryKey: shareTargetsQueryKey(user?.id),
    queryFn: ({ signal }) => api.call(HOUSEHOLD_ENDPOINTS.myHouseholds, {}, { signal }),
    retry: false,
    refetchOnWindowFocus: false,
  });
  return (query.data?.households ?? []).filter((h) => canManageHousehold(h.my_role)).map((h) => ({ id: h.id, name: h.name }));
}

/** The targets for a form: the edited item's own household stays selectable even if the list lacks it. */
export function shareTargetsFor(targets: readonly ShareTarget[], current: DashboardShared | undefined): readonly ShareTarget[] {
  if (!current || !targets.length || targets.some((t) => t.id === current.householdId)) return targets;
  return [...targets, { id: current.householdId, name: current.householdName }];
}
