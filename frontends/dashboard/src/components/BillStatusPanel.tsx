import { BILL_STATUS_MESSAGES, type BillOccurrenceStatus, type DashboardBill } from '@paycadence/contracts';
import { Button, Card, formatDate, type ApiClient } from '@paycadence/web-kit';
import { useState } from 'react';
import { readOnlyBillIds } from '../model/dashboard-model.js';
import { BillStatusBadge } from './BillStatusBadge.js';
import { Money } from './Money.js';
import { OccurrencePaidAction } from './OccurrencePaidAction.js';

/** Rows shown before 'Show all'. */
export const BILL_STATUS_PREVIEW_COUNT = 6;

const ORDER = { overdue: 0, due_soon: 1, upcoming: 2, paid: 3 } as const;

/**
 * What needs attention first: overdue (oldest first), due soon and upcoming (soonest first), then the paid ones
 * (latest first), so last month's paid rent is still there to check.
 */
export function orderBillStatuses(statuses: readonly BillOccurrenceStatus[]): BillOccurrenceStatus[] {
  return [...statuses].sort(
    (a, b) =>
      ORDER[a.status] - ORDER[b.status] ||
      (a.status === 'paid' ? b.dueDate.localeCompare(a.dueDate) : a.dueDate.localeCompare(b.dueDate)) ||
      a.billName.localeCompare(b.billName),
  );
}

/** How a paid occurrence was paid, in words. */
function paidDetail(s: BillOccurrenceStatus): string {
  const on = s.paidOn ? ` on ${formatDate(s.paidOn)}` : '';
  return s.paidBy === 'bank' ? `${BILL_STATUS_MESSAGES.paidFromBank}${on}` : `${BILL_STATUS_MESSAGES.paidByHand}${on}`;
}

/**
 * Recent and coming bill occurrences with their status (upcoming, due soon, paid,
 * overdue), 'Mark paid' for an unpaid one and 'Undo' for one marked by hand.
 */
export function BillStatusPanel({
  statuses,
  bills = [],
  api,
}: {
  statuses: readonly BillOccurrenceStatus[];
  /** The dashboard's bills: a shared one the viewer may not change (a household member) shows no actions. */
  bills?: readonly DashboardBill[];
  api: ApiClient;
}) {
  const [expanded, setExpanded] = useState(false);
  if (statuses.length === 0) return null;
  const ordered = orderBillStatuses(statuses);
  const readOnly = readOnlyBillIds(bills);
  const shown = expanded ? ordered : ordered.slice(0, BILL_STATUS_PREVIEW_COUNT);
  return (
    <Card className="db-section db-bill-status" aria-labelledby="db-bill-status-title">
      <div className="db-section__head">
        <h2 id="db-bill-status-title" className="db-section__title">
          {BILL_STATUS_MESSAGES.title}
        </h2>
        <span className="db-muted">{BILL_STATUS_MESSAGES.intro}</span>
      </div>
      <ul className="db-bill-status__list" aria-label="Recent and coming due dates">
        {shown.map((s) => {
          const id = `db-occ-${s.billId}-${s.dueDate}`;
          return (
            <li key={`${s.billId}:${s.dueDate}`} className="db-row db-bill-status__row" aria-labelledby={id} data-testid="bill-occurrence">
              <span className="db-row__text">
                <span id={id} className="db-row__name">
                  {s.billName}
                </span>
                <span className="db-muted db-small">
                  Due {formatDate(s.dueDate)}
                  {s.status === 'paid' ? ` · ${paidDetail(s)}` : ''}
                </span>
              </span>
              <BillStatusBadge status={s.status} />
              <Money cents={s.amountCents} />
              <span className="db-bill-status__action">
                {!readOnly.has(s.billId) && <OccurrencePaidAction {...s} api={api} fallbackFocusId="db-bill-status-title" />}
              </span>
            </li>
          );
        })}
      </ul>
      {ordered.length > BILL_STATUS_PREVIEW_COUNT && (
        <Button variant="ghost" size="sm" aria-expanded={expanded} onClick={() => setExpanded((v) => !v)}>
          {expanded ? 'Show less' : `Show all ${ordered.length} bills`}
        </Button>
      )}
    </Card>
  );
}
