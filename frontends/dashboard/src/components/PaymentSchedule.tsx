import type { DashboardBill, PaymentSuggestionDto } from '@paycadence/contracts';
import { explainPaymentSuggestion, SCHEDULE_PREVIEW_COUNT } from '@paycadence/finance-rules';
import { Badge, Button, Card, formatDate, type ApiClient } from '@paycadence/web-kit';
import { useState } from 'react';
import { BAND_LABELS, BAND_TONES, PRIORITY_LABELS } from '../model/labels.js';
import { Money } from './Money.js';
import { OccurrencePaidAction } from './OccurrencePaidAction.js';
import { SharedMarker } from './SharedMarker.js';

/** Where the money comes from, said plainly: after a paycheck (never before it: planPayDay), or the current balance. */
function FundingText({ s }: { s: PaymentSuggestionDto }) {
  if (s.funding === 'current-balance') return <>pay from your current balance</>;
  const paycheck = `${s.paymentSource} (${formatDate(s.incomeDate!)})`;
  return s.funding === 'before-paycheck' ? <>before this paycheck arrives: {paycheck}</> : <>from {paycheck}</>;
}

/**
 * docs/product/signed-in.md §2: the Smart Payment Schedule shows 5 items, expandable; bands per §5. Every upcoming bill is
 * listed; one no paycheck covers is marked at risk. A shared bill's entry
 * carries its marker: the entry id is `${billId}:${dueDate}`, the bill is in `bills`.
 */
export function PaymentSchedule({
  schedule,
  bills = [],
  api,
}: {
  schedule: readonly PaymentSuggestionDto[];
  bills?: readonly DashboardBill[];
  /** With it, each entry offers 'Mark paid' (not for a shared bill the viewer may not change). */
  api?: ApiClient;
}) {
  const [expanded, setExpanded] = useState(false);
  const sharedOf = (suggestionId: string) => bills.find((b) => b.id === suggestionId.split(':')[0])?.shared;
  const shown = expanded ? schedule : schedule.slice(0, SCHEDULE_PREVIEW_COUNT);
  return (
    <Card className="db-section" aria-labelledby="db-schedule-title">
      <div className="db-section__head">
        <h2 id="db-schedule-title" className="db-section__title">
          Smart Payment Schedule
        </h2>
        <span className="db-muted">A pay date for every upcoming bill, timed to your paydays</span>
      </div>
      {schedule.length === 0 ? (
        <p className="db-empty">Add your paycheck, then your bills, to see a pay date for each bill.</p>
      ) : (
        <ol className="db-schedule" aria-label="Suggested payments">
          {shown.map((s) => (
            <li key={s.id} className={`db-schedule__item db-band--${s.funding === 'current-balance' ? 'risk' : s.band}`}>
              <div className="db-schedule__main">
                <p className="db-schedule__name">
                  <strong>{s.billName}</strong>{' '}
                  {s.funding === 'current-balance' ? (
                    <Badge tone="danger">At risk: no paycheck before it</Badge>
                  ) : (
                    <Badge tone={BAND_TONES[s.band]}>
                      {s.confidence}% · {BAND_LABELS[s.band]}
                    </Badge>
                  )}
                </p>
                <p className="db-schedule__dates">
                  Pay on <strong data-testid="suggested-date">{formatDate(s.suggestedDate)}</strong> · due {formatDate(s.dueDate)} ·{' '}
                  <span data-testid="funding">
                    <FundingText s={s} />
                  </span>
                </p>
                <SharedMarker shared={sharedOf(s.id)} />
                {/* Said again from the entry's fields so its dates follow the user's date format, as the rest of the card. */}
                <p className="db-schedule__why">{explainPaymentSuggestion(s, formatDate)}</p>
              </div>
              <div className="db-schedule__amount">
                <Money cents={s.billAmountCents} />
                <span className="db-muted db-small">{PRIORITY_LABELS[s.priority]} priority</span>
                {api && sharedOf(s.id)?.canEdit !== false && (
                  <OccurrencePaidAction billId={s.id.split(':')[0]!} billName={s.billName} dueDate={s.dueDate} status="upcoming" markedPaid={false} api={api} fallbackFocusId="db-schedule-title" />
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
      {schedule.length > SCHEDULE_PREVIEW_COUNT && (
        <Button variant="ghost" size="sm" aria-expanded={expanded} onClick={() => setExpanded((v) => !v)}>
          {expanded ? 'Show less' : `Show all ${schedule.length} payments`}
        </Button>
      )}
    </Card>
  );
}
