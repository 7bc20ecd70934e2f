import type { BillOccurrenceStatus, TimelineResponse } from '@paycadence/contracts';
import { occurrenceKey, type OccurrenceStatus, type PaymentSuggestion } from '@paycadence/finance-rules';
import { paidKeysOf, toBillOccurrenceStatusDto } from '../bill-status/bill-status.service.js';

/** A paid occurrence makes no payment suggestion (a suggestion's id is its occurrence key). */
export function withoutPaidSuggestions<S extends Pick<PaymentSuggestion, 'id'>>(schedule: readonly S[], statuses: readonly OccurrenceStatus[]): S[] {
  const paid = paidKeysOf(statuses);
  return schedule.filter((s) => !paid.has(s.id));
}

/** The dashboard's `billStatuses`: the occurrences due up to `lastDay` (the statuses start at the window's first day). */
export function billStatusesInDashboard(statuses: readonly OccurrenceStatus[], lastDay: string): BillOccurrenceStatus[] {
  return statuses.filter((s) => s.dueDate <= lastDay).map(toBillOccurrenceStatusDto);
}

/** The timeline with each bill occurrence's status (items keyed `bill:${billId}:${date}`). */
export function withBillStatuses(timeline: TimelineResponse, statuses: readonly OccurrenceStatus[]): TimelineResponse {
  const byKey = new Map(statuses.map((s) => [`bill:${occurrenceKey(s.billId, s.dueDate)}`, s]));
  return {
    ...timeline,
    items: timeline.items.map((item) => {
      const status = item.kind === 'bill' ? byKey.get(item.key) : undefined;
      return status ? { ...item, status: status.status, markedPaid: status.markedPaid } : item;
    }),
  };
}
