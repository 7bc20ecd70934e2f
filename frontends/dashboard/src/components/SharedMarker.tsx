import { sharedItemMarker, type DashboardShared } from '@paycadence/contracts';

/** 'Shared · {household} · added by {name}' on a shared bill or income source; plain text. */
export function SharedMarker({ shared }: { shared: DashboardShared | undefined }) {
  if (!shared) return null;
  return <span className="db-shared db-small">{sharedItemMarker(shared.householdName, shared.addedBy.name)}</span>;
}
