import { BILL_STATUS_MESSAGES, FINANCE_ENDPOINTS, type BillOccurrenceStatus } from '@paycadence/contracts';
import { showToast, type ApiClient } from '@paycadence/web-kit';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

type Occurrence = Pick<BillOccurrenceStatus, 'billId' | 'billName' | 'dueDate'>;
const keyOf = (o: Occurrence) => `${o.billId}:${o.dueDate}`;

/**
 * Mark an occurrence paid by hand, or take the mark back. The change is sent at once and the dashboard,
 * calendar and planner reload (all under the 'financial' key); the toast after a mark offers Undo, as a bill's
 * delete does. `busy` holds the occurrences whose call is on its way, so their buttons wait.
 */
export function useBillPaidMark(api: ApiClient) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());

  const run = async (occurrence: Occurrence, mark: boolean): Promise<boolean> => {
    const key = keyOf(occurrence);
    setBusy((keys) => new Set(keys).add(key));
    try {
      const params = { billId: occurrence.billId, dueDate: occurrence.dueDate };
      await api.call(mark ? FINANCE_ENDPOINTS.markBillPaid : FINANCE_ENDPOINTS.unmarkBillPaid, { params });
      await queryClient.invalidateQueries({ queryKey: ['financial'] });
      return true;
    } catch {
      showToast({ tone: 'error', message: BILL_STATUS_MESSAGES.saveFailed });
      return false;
    } finally {
      setBusy((keys) => {
        const next = new Set(keys);
        next.delete(key);
        return next;
      });
    }
  };

  const unmark = async (occurrence: Occurrence) => {
    if (await run(occurrence, false)) showToast({ message: BILL_STATUS_MESSAGES.unmarked(occurrence.billName) });
  };

  const markPaid = async (occurrence: Occurrence, returnFocus?: () => HTMLElement | null) => {
    if (!(await run(occurrence, true))) return;
    showToast({
      message: BILL_STATUS_MESSAGES.markedPaid(occurrence.billName),
      action: { label: BILL_STATUS_MESSAGES.undo, onAction: () => void unmark(occurrence) },
      returnFocus,
    });
  };

  return { markPaid, unmark, isBusy: (occurrence: Occurrence) => busy.has(keyOf(occurrence)) };
}
