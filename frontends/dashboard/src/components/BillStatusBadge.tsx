import { BILL_STATUS_LABELS, type BillOccurrenceStatusValue } from '@paycadence/contracts';
import { Badge, type BadgeTone } from '@paycadence/web-kit';

const STATUS_TONES: Record<BillOccurrenceStatusValue, BadgeTone> = {
  upcoming: 'neutral',
  due_soon: 'warning',
  paid: 'success',
  overdue: 'danger',
};

/** A bill occurrence's status, always in words (the colour only repeats them). */
export function BillStatusBadge({ status, className }: { status: BillOccurrenceStatusValue; className?: string }) {
  return (
    <Badge tone={STATUS_TONES[status]} className={['db-status', `db-status--${status}`, className].filter(Boolean).join(' ')}>
      {BILL_STATUS_LABELS[status]}
    </Badge>
  );
}
