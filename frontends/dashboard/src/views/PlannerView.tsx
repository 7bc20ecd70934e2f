import type { IsoDate } from '@paycadence/finance-rules';
import { Alert, formatDate, Spinner, type ApiClient } from '@paycadence/web-kit';
import { useState } from 'react';
import { BillStatusBadge } from '../components/BillStatusBadge.js';
import { Money } from '../components/Money.js';
import { useTimeline } from '../hooks/useTimeline.js';
import { MESSAGES } from '../model/messages.js';
import { itemLabel, plannerRangeEnd, type PlannerRange } from '../model/timeline.js';

const RANGE_LABELS: Record<PlannerRange, string> = { week: 'Week', month: 'Month', quarter: 'Quarter' };
const KIND_LABELS = { income: 'Income', bill: 'Bill', payment: 'Suggested payment' } as const;

export interface PlannerViewProps {
  today: IsoDate;
  api: ApiClient;
}

const NO_TOTALS = { incomeCents: 0, billsCents: 0, netCents: 0 };

/**
 * docs/product/signed-in.md §2: a timeline over week, month or quarter with Total Income, Total Bills and Net Flow, all
 * from the server's timeline for the range.
 */
export function PlannerView({ today, api }: PlannerViewProps) {
  const [range, setRange] = useState<PlannerRange>('month');
  const end = plannerRangeEnd(today, range);
  const { timeline, loading, failed } = useTimeline(api, today, today, end);
  const items = timeline?.items ?? [];
  const totals = timeline?.totals ?? NO_TOTALS;
  return (
    <section className="db-planner" aria-labelledby="db-planner-title">
      <div className="db-calendar__bar">
        <h2 id="db-planner-title" className="db-calendar__title">
          Planner: {formatDate(today)} – {formatDate(end)}
        </h2>
        <div className="db-toggle" role="group" aria-label="Planner range">
          {(Object.keys(RANGE_LABELS) as PlannerRange[]).map((r) => (
            <button key={r} type="button" className="db-toggle__btn" aria-pressed={range === r} onClick={() => setRange(r)}>
              {RANGE_LABELS[r]}
            </button>
          ))}
        </div>
      </div>
      <dl className="db-planner__totals">
        <div>
          <dt>Total Income</dt>
          <dd data-testid="planner-income">
            <Money cents={totals.incomeCents} />
          </dd>
        </div>
        <div>
          <dt>Total Bills</dt>
          <dd data-testid="planner-bills">
            <Money cents={totals.billsCents} />
          </dd>
        </div>
        <div>
          <dt>Net Flow</dt>
          <dd data-testid="planner-net" className={totals.netCents < 0 ? 'db-negative' : 'db-in'}>
            <Money cents={totals.netCents} />
          </dd>
        </div>
      </dl>
      {failed && <Alert tone="error">{MESSAGES.loadFailed}</Alert>}
      {loading ? (
        <Spinner inline label="Loading your timeline..." />
      ) : items.length === 0 ? (
        <p className="db-empty">{MESSAGES.noUpcoming}</p>
      ) : (
        <ol className="db-timeline" aria-label="Upcoming items">
          {items.map((item) => (
            <li key={item.key} className={`db-timeline__item db-timeline__item--${item.kind}`}>
              <time dateTime={item.date} className="db-timeline__date">
                {formatDate(item.date)}
              </time>
              <span className="db-timeline__text">
                <span className="db-record__name">{itemLabel(item)}</span>
                <span className="db-muted db-small">
                  {KIND_LABELS[item.kind]}
                  {item.dueDate ? ` · due ${formatDate(item.dueDate)}` : ''}
                  {item.status && (
                    <>
                      {' '}
                      <BillStatusBadge status={item.status} />
                    </>
                  )}
                </span>
              </span>
              <Money cents={item.amountCents} signed={item.kind === 'income'} className={item.kind === 'income' ? 'db-in' : undefined} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
