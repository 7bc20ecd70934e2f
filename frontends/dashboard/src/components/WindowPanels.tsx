import type { DashboardResponse, TimeWindowDto, WindowItemDto } from '@paycadence/contracts';
import { LATER_WINDOW_INITIAL_DAYS, WINDOW_PREVIEW_COUNT } from '@paycadence/finance-rules';
import { Button, formatDate } from '@paycadence/web-kit';
import { useState } from 'react';
import { Money } from './Money.js';

function itemLabel(item: WindowItemDto): string {
  return item.kind === 'income' ? item.source : item.billName;
}

function WindowPanel({ window, footer }: { window: TimeWindowDto; footer?: React.ReactNode }) {
  const [hidden, setHidden] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const items = expanded ? window.items : window.items.slice(0, WINDOW_PREVIEW_COUNT);
  const headingId = `db-window-${window.key}`;
  const listId = `${headingId}-list`;
  return (
    <section className="db-window" aria-labelledby={headingId}>
      <div className="db-window__head">
        <h3 id={headingId} className="db-window__title">
          {window.title}
        </h3>
        <Button variant="ghost" size="sm" aria-expanded={!hidden} aria-controls={listId} aria-label={`${hidden ? 'Show' : 'Hide'} ${window.title}`} onClick={() => setHidden((v) => !v)}>
          {hidden ? 'Show' : 'Hide'}
        </Button>
      </div>
      <p className="db-muted db-small">
        {formatDate(window.startDate)} – {formatDate(window.endDate)}
      </p>
      {!hidden && (
        <div id={listId}>
          {window.items.length === 0 ? (
            <p className="db-empty db-empty--small">Nothing due or paid in these days.</p>
          ) : (
            <ul className="db-window__list">
              {items.map((item) => (
                <li key={`${item.kind}:${item.kind === 'income' ? item.incomeId : item.billId}:${item.date}`} className={`db-row db-row--${item.kind}`}>
                  <span className="db-row__text">
                    <span className="db-row__name">{itemLabel(item)}</span>
                    <span className="db-muted db-small">
                      {item.kind === 'income' ? 'Payday' : 'Due'} {formatDate(item.date)}
                    </span>
                  </span>
                  <Money cents={item.amountCents} signed={item.kind === 'income'} className={item.kind === 'income' ? 'db-in' : undefined} />
                </li>
              ))}
            </ul>
          )}
          <dl className="db-window__totals">
            <div>
              <dt>In</dt>
              <dd>
                <Money cents={window.incomeTotalCents} />
              </dd>
            </div>
            <div>
              <dt>Out</dt>
              <dd>
                <Money cents={window.billsTotalCents} />
              </dd>
            </div>
          </dl>
          <div className="db-window__actions">
            {window.items.length > WINDOW_PREVIEW_COUNT && (
              <Button variant="ghost" size="sm" aria-expanded={expanded} onClick={() => setExpanded((v) => !v)}>
                {expanded ? 'Show fewer' : `Show more (${window.items.length - WINDOW_PREVIEW_COUNT})`}
              </Button>
            )}
            {footer}
          </div>
        </div>
      )}
    </section>
  );
}

/** docs/product/signed-in.md §2: This Week, Next Week and Later, each hideable with 3 items and 'show more'. */
export function WindowPanels({
  windows,
  laterWindowDays,
  onShowNextWeek,
  onShowLess,
}: {
  windows: DashboardResponse['windows'];
  laterWindowDays: number;
  onShowNextWeek: () => void;
  onShowLess: () => void;
}) {
  return (
    <div className="db-windows">
      <WindowPanel window={windows.thisWeek} />
      <WindowPanel window={windows.nextWeek} />
      <WindowPanel
        window={windows.later}
        footer={
          <>
            <Button variant="secondary" size="sm" onClick={onShowNextWeek}>
              Show next 7 days
            </Button>
            {laterWindowDays > LATER_WINDOW_INITIAL_DAYS && (
              <Button variant="ghost" size="sm" onClick={onShowLess}>
                Show less
              </Button>
            )}
          </>
        }
      />
    </div>
  );
}
