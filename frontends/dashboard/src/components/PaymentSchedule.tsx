import type { DashboardBill, PaymentSuggestionDto } from '@payday/contracts';
import { SCHEDULE_PREVIEW_COUNT } from '@payday/finance-rules';
import { Badge, Button, Card, formatDate } from '@payday/web-kit';
import { useState } from 'react';
import { BAND_LABELS, BAND_TONES, PRIORITY_LABELS } from '../model/labels.js';
import { Money } from './Money.js';
import { SharedMarker } from './SharedMarker.js';

/**
 * spec part 2 §2: the Smart Payment Schedule shows 5 items, expandable; bands per §5. A shared bill's entry
 * carries its marker (issue 11): the entry id is `${billId}:${dueDate}`, the bill is in `bills`.
 */
export function PaymentSchedule({ schedule, bills = [] }: { schedule: readonly PaymentSuggestionDto[]; bills?: readonly DashboardBill[] }) {
  const [expanded, setExpanded] = useState(false);
  const sharedOf = (suggestionId: string) => bills.find((b) => b.id === suggestionId.split(':')[0])?.shared;
  const shown = expanded ? schedule : schedule.slice(0, SCHEDULE_PREVIEW_COUNT);
  return (
    <Card className="db-section" aria-labelledby="db-schedule-title">
      <div className="db-section__head">
        <h2 id="db-schedule-title" className="db-section__title">
          Smart Payment Schedule
        </h2>
        <span className="db-muted">Pay dates timed after your paydays</span>
      </div>
      {schedule.length === 0 ? (
        <p className="db-empty">Add bills and income sources to see suggested pay dates.</p>
      ) : (
        <ol className="db-schedule" aria-label="Suggested payments">
          {shown.map((s) => (
            <li key={s.id} className={`db-schedule__item db-band--${s.band}`}>
              <div className="db-schedule__main">
                <p className="db-schedule__name">
                  <strong>{s.billName}</strong>{' '}
                  <Badge tone={BAND_TONES[s.band]}>
                    {s.confidence}% · {BAND_LABELS[s.band]}
                  </Badge>
                </p>
                <p className="db-schedule__dates">
                  Pay on <strong data-testid="suggested-date">{formatDate(s.suggestedDate)}</strong> · due {formatDate(s.dueDate)} · from{' '}
                  {s.paymentSource} ({formatDate(s.incomeDate)})
                </p>
                <SharedMarker shared={sharedOf(s.id)} />
                <p className="db-schedule__why">{s.reasoning}</p>
              </div>
              <div className="db-schedule__amount">
                <Money cents={s.billAmountCents} />
                <span className="db-muted db-small">{PRIORITY_LABELS[s.priority]} priority</span>
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
