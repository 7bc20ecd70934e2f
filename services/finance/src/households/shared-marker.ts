import type { DashboardShared } from '@paycadence/contracts';
import type { SharedInfo } from './household-access.js';

/** The dashboard answer's camelCase form of a shared row's marker. */
export function dashboardShared(shared: SharedInfo): DashboardShared {
  return { householdId: shared.household_id, householdName: shared.household_name, addedBy: shared.added_by, canEdit: shared.can_edit };
}
