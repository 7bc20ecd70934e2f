import { BILL_STATUS_MESSAGES } from '@payday/contracts';
import { Button, formatDate, type ApiClient } from '@payday/web-kit';
import { useBillPaidMark } from '../hooks/useBillPaidMark.js';

/**
 * issue 14: 'Mark paid' for one bill occurrence where the user sees it due (the Smart Payment Schedule): once
 * marked, its payment suggestion goes; the toast offers Undo.
 */
export function MarkPaidButton({ billId, billName, dueDate, api }: { billId: string; billName: string; dueDate: string; api: ApiClient }) {
  const { markPaid, isBusy } = useBillPaidMark(api);
  const occurrence = { billId, billName, dueDate };
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={isBusy(occurrence)}
      aria-label={`${BILL_STATUS_MESSAGES.markPaid}: ${billName}, due ${formatDate(dueDate)}`}
      onClick={() => void markPaid(occurrence, () => document.getElementById('db-schedule-title'))}
    >
      {BILL_STATUS_MESSAGES.markPaid}
    </Button>
  );
}
