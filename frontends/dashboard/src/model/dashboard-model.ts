// The dashboard's own date. Every figure it shows comes from the finance service (DashboardResponse and
// TimelineResponse in libs/contracts), computed there for the day and window the UI asks for.
import type { IsoDate } from '@paycadence/finance-rules';

/** Today in the browser's time zone as 'YYYY-MM-DD' (sent as `?today=`, so windows follow the user's day). */
export function localToday(now: Date = new Date()): IsoDate {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The ids of shared bills the viewer may not change (a household member): they offer no 'Mark paid'. */
export function readOnlyBillIds(bills: readonly { id: string; shared?: { canEdit: boolean } | null }[]): ReadonlySet<string> {
  return new Set(bills.filter((bill) => bill.shared && !bill.shared.canEdit).map((bill) => bill.id));
}
