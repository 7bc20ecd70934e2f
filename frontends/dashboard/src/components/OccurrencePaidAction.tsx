import { BILL_STATUS_MESSAGES, type BillOccurrenceStatusValue } from '@paycadence/contracts';
import { Button, formatDate, type ApiClient } from '@paycadence/web-kit';
import { useBillPaidMark } from '../hooks/useBillPaidMark.js';

export interface OccurrencePaidActionProps {
  billId: string;
  billName: string;
  dueDate: string;
  status: BillOccurrenceStatusValue;
  markedPaid: boolean;
  api: ApiClient;
  /** Where the keyboard focus goes when the button is gone (the toast's Undo, a reload). */
  fallbackFocusId: string;
}

/**
 * The one action a bill occurrence offers: 'Undo' for a mark the user set, 'Mark paid' while unpaid, none
 * when the bank already shows it paid. Each button names its bill and due date for screen readers.
 */
export function OccurrencePaidAction({ billId, billName, dueDate, status, markedPaid, api, fallbackFocusId }: OccurrencePaidActionProps) {
  const { markPaid, unmark, isBusy } = useBillPaidMark(api);
  const occurrence = { billId, billName, dueDate };
  const label = `${billName}, due ${formatDate(dueDate)}`;
  if (markedPaid) {
    return (
      <Button variant="ghost" size="sm" disabled={isBusy(occurrence)} aria-label={`${BILL_STATUS_MESSAGES.undo}: ${label} marked paid`} onClick={() => void unmark(occurrence)}>
        {BILL_STATUS_MESSAGES.undo}
      </Button>
    );
  }
  if (status === 'paid') return null;
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={isBusy(occurrence)}
      aria-label={`${BILL_STATUS_MESSAGES.markPaid}: ${label}`}
      onClick={(event) => {
        const button = event.currentTarget;
        void markPaid(occurrence, () => (button.isConnected ? button : document.getElementById(fallbackFocusId)));
      }}
    >
      {BILL_STATUS_MESSAGES.markPaid}
    </Button>
  );
}
