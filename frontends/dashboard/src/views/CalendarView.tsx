import { BILL_STATUS_LABELS, type TimelineItem } from '@paycadence/contracts';
import { addDays, addMonths, dayOfWeek, MONTH_NAMES, parseIsoDate, startOfMonth, type IsoDate } from '@paycadence/finance-rules';
import { Alert, Button, formatDate, formatMoney, type ApiClient } from '@paycadence/web-kit';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { BillStatusBadge } from '../components/BillStatusBadge.js';
import { OccurrencePaidAction } from '../components/OccurrencePaidAction.js';
import { useTimeline } from '../hooks/useTimeline.js';
import { MESSAGES } from '../model/messages.js';
import { isSameMonth, itemLabel, monthGrid, weekGrid } from '../model/timeline.js';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** docs/product/signed-in.md §2: at most 2 items per day in the month grid, then '+N more'. */
export const MAX_ITEMS_PER_DAY = 2;

const KIND_LABELS: Record<TimelineItem['kind'], string> = { income: 'Income', bill: 'Bill', payment: 'Suggested payment' };
const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/**
 * One item in a day cell: the name may be cut short, the amount never is. On a phone's month grid
 * only a whole-dollar amount fits; the full one stays for screen readers and in the day's details.
 */
function ItemChip({ item }: { item: TimelineItem }) {
  const money = formatMoney(item.amountCents / 100);
  // A paid or overdue bill says so in the chip; due soon and upcoming show in the day's details.
  const status = item.status === 'paid' || item.status === 'overdue' ? BILL_STATUS_LABELS[item.status] : null;
  return (
    <li
      className={`db-chip db-chip--${item.kind}${item.status ? ` db-chip--${item.status}` : ''}`}
      title={`${KIND_LABELS[item.kind]}: ${itemLabel(item)} ${money}${item.status ? ` (${BILL_STATUS_LABELS[item.status]})` : ''}`}
    >
      <span className="pc-visually-hidden">{KIND_LABELS[item.kind]}: </span>
      {status && <span className="db-chip__status">{status}</span>}
      <span className="db-chip__label">{itemLabel(item)}</span> <span className="db-money db-chip__amount">{money}</span>
      <span className="db-money db-chip__short" aria-hidden="true">
        {wholeDollars.format(Math.round(item.amountCents / 100))}
      </span>
    </li>
  );
}

/** Everything on the chosen day, in full (tapping or clicking a day opens its items). */
function DayDetails({
  day,
  items,
  onClose,
  api,
  readOnlyBillIds,
}: {
  day: IsoDate;
  items: readonly TimelineItem[];
  onClose: () => void;
  api: ApiClient;
  readOnlyBillIds: ReadonlySet<string>;
}) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), [day]);
  return (
    <section id="db-day-details" ref={ref} tabIndex={-1} className="db-day" aria-labelledby="db-day-title">
      <div className="db-window__head">
        <h3 id="db-day-title" className="db-window__title">
          {WEEKDAYS[dayOfWeek(day)]}, {formatDate(day)}
        </h3>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Close
        </Button>
      </div>
      {items.length === 0 ? (
        <p className="db-muted db-small">{MESSAGES.noItemsScheduled}</p>
      ) : (
        <ul className="db-window__list" aria-label={`Items on ${formatDate(day)}`}>
          {items.map((item) => (
            <li key={item.key} className={`db-row db-row--${item.kind}`}>
              <span className="db-row__text">
                <span className="db-row__name">{itemLabel(item)}</span>
                <span className="db-muted db-small">
                  {KIND_LABELS[item.kind]}
                  {item.kind === 'payment' && item.dueDate ? ` · due ${formatDate(item.dueDate)}` : ''}
                </span>
              </span>
              {item.status && <BillStatusBadge status={item.status} />}
              {item.kind === 'bill' && item.status && !readOnlyBillIds.has(item.key.split(':')[1]!) && (
                <OccurrencePaidAction
                  billId={item.key.split(':')[1]!}
                  billName={item.name}
                  dueDate={item.date}
                  status={item.status}
                  markedPaid={item.markedPaid ?? false}
                  api={api}
                  fallbackFocusId="db-day-title"
                />
              )}
              <span className={`db-money${item.kind === 'income' ? ' db-in' : ''}`}>{formatMoney(item.amountCents / 100)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The day a key moves the grid's focus to (the ARIA grid pattern): a day left or right, a week up or down, the
 * week's first or last day, a month back or on; null for any other key.
 */
export function dayFromKey(day: IsoDate, key: string): IsoDate | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return addDays(day, -dayOfWeek(day));
    case 'End':
      return addDays(day, 6 - dayOfWeek(day));
    case 'PageUp':
      return addMonths(day, -1);
    case 'PageDown':
      return addMonths(day, 1);
    default:
      return null;
  }
}

export interface CalendarViewProps {
  today: IsoDate;
  api: ApiClient;
  /** Shared bills the viewer may not change (a household member): their days offer no 'Mark paid'. */
  readOnlyBillIds?: ReadonlySet<string>;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * docs/product/signed-in.md §2: Calendar with month or week, previous/next, Today, Sunday-first 35 or 42 cells. What falls on
 * each day (bills, income, payment suggestions) is the server's timeline for the grid's range.
 */
export function CalendarView({ today, api, readOnlyBillIds = NONE }: CalendarViewProps) {
  const [mode, setMode] = useState<'month' | 'week'>('month');
  const [anchor, setAnchor] = useState<IsoDate>(today);
  const [selected, setSelected] = useState<IsoDate | null>(null);
  const days = mode === 'month' ? monthGrid(anchor) : weekGrid(anchor);
  const from = days[0]!;
  const to = days[days.length - 1]!;
  const { timeline, failed } = useTimeline(api, today, from, to);
  const byDay = useMemo(() => {
    const map = new Map<IsoDate, TimelineItem[]>();
    for (const item of timeline?.items ?? []) map.set(item.date, [...(map.get(item.date) ?? []), item]);
    return map;
  }, [timeline]);

  // One day button is in the tab order (the grid's roving focus): arrows move it, Enter opens the day.
  const [focusDay, setFocusDay] = useState<IsoDate>(today);
  const activeDay = days.includes(focusDay) ? focusDay : days.includes(today) ? today : mode === 'month' ? startOfMonth(anchor) : from;
  const moveFocus = useRef(false);
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    document.querySelector<HTMLButtonElement>(`[data-date="${activeDay}"] .db-cell__day`)?.focus();
  }, [activeDay]);
  const onDayKey = (day: IsoDate, event: KeyboardEvent<HTMLButtonElement>) => {
    const target = dayFromKey(day, event.key);
    if (target === null) return;
    event.preventDefault();
    moveFocus.current = true;
    setFocusDay(target);
    // Past the grid's edge: the month (or week) that holds the day comes into view.
    if (!days.includes(target)) setAnchor(target);
  };

  const { year, month } = parseIsoDate(startOfMonth(anchor));
  const title = mode === 'month' ? `${MONTH_NAMES[month - 1]} ${year}` : `${formatDate(from)} – ${formatDate(to)}`;
  const step = (direction: 1 | -1) => setAnchor((a) => (mode === 'month' ? addMonths(startOfMonth(a), direction) : addDays(a, 7 * direction)));

  return (
    <section className="db-calendar" aria-labelledby="db-calendar-title">
      <div className="db-calendar__bar">
        <div className="db-calendar__nav">
          <Button variant="secondary" size="sm" onClick={() => step(-1)} aria-label={mode === 'month' ? 'Previous month' : 'Previous week'}>
            ‹
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setAnchor(today)}>
            Today
          </Button>
          <Button variant="secondary" size="sm" onClick={() => step(1)} aria-label={mode === 'month' ? 'Next month' : 'Next week'}>
            ›
          </Button>
          <h2 id="db-calendar-title" className="db-calendar__title" aria-live="polite">
            {title}
          </h2>
        </div>
        <div className="db-toggle" role="group" aria-label="Calendar range">
          {(['month', 'week'] as const).map((m) => (
            <button key={m} type="button" className="db-toggle__btn" aria-pressed={mode === m} onClick={() => setMode(m)}>
              {m === 'month' ? 'Month' : 'Week'}
            </button>
          ))}
        </div>
      </div>
      {failed && <Alert tone="error">{MESSAGES.loadFailed}</Alert>}
      <div className="db-legend" aria-hidden="true">
        <span className="db-chip db-chip--income">Income</span>
        <span className="db-chip db-chip--bill">Bill</span>
        <span className="db-chip db-chip--payment">Suggested payment</span>
      </div>
      {/* data-zen-clear: the floating Ask Zen button never sits over the grid (it steps aside). */}
      <div className={`db-grid db-grid--${mode}`} role="grid" aria-labelledby="db-calendar-title" data-cells={days.length} data-zen-clear>
        <div role="row" className="db-grid__weekdays">
          {WEEKDAYS.map((d) => (
            <div key={d} role="columnheader" className="db-grid__weekday">
              {d}
            </div>
          ))}
        </div>
        {Array.from({ length: days.length / 7 }, (_, week) => (
          <div role="row" key={week} className="db-grid__week">
            {days.slice(week * 7, week * 7 + 7).map((day) => {
              const items = byDay.get(day) ?? [];
              const shown = mode === 'month' ? items.slice(0, MAX_ITEMS_PER_DAY) : items;
              const hiddenCount = items.length - shown.length;
              const classes = ['db-cell', day === today && 'db-cell--today', day === selected && 'db-cell--selected', mode === 'month' && !isSameMonth(day, anchor) && 'db-cell--outside'].filter(Boolean).join(' ');
              return (
                <div key={day} role="gridcell" className={classes} data-date={day}>
                  {/* The button covers the whole cell (CSS), so a tap anywhere on the day opens it. */}
                  <button
                    type="button"
                    className="db-cell__day"
                    tabIndex={day === activeDay ? 0 : -1}
                    onFocus={() => setFocusDay(day)}
                    onKeyDown={(event) => onDayKey(day, event)}
                    aria-expanded={selected === day}
                    aria-controls={selected === day ? 'db-day-details' : undefined}
                    onClick={() => setSelected(selected === day ? null : day)}
                  >
                    {/* Named by its content, visible and hidden parts together: 'Nov 28, 2026, 2 items'. */}
                    {mode === 'week' && <span className="db-cell__weekday">{WEEKDAYS[dayOfWeek(day)]}</span>}{' '}
                    <span className="pc-visually-hidden">{MONTH_NAMES[parseIsoDate(day).month - 1]!.slice(0, 3)}</span> {parseIsoDate(day).day}
                    <span className="pc-visually-hidden">
                      , {parseIsoDate(day).year}, {items.length} {items.length === 1 ? 'item' : 'items'}
                    </span>
                  </button>
                  {shown.length > 0 && (
                    <ul className="db-cell__items">
                      {shown.map((item) => (
                        <ItemChip key={item.key} item={item} />
                      ))}
                    </ul>
                  )}
                  {hiddenCount > 0 && (
                    <button
                      type="button"
                      className="db-more"
                      onClick={() => {
                        setAnchor(day);
                        setMode('week');
                      }}
                    >
                      +{hiddenCount} more
                    </button>
                  )}
                  {mode === 'week' && items.length === 0 && <p className="db-muted db-small">{MESSAGES.noItemsScheduled}</p>}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      {selected && (
        <DayDetails
          day={selected}
          items={byDay.get(selected) ?? []}
          api={api}
          readOnlyBillIds={readOnlyBillIds}
          onClose={() => {
            // Back to the day that was opened, so a keyboard user keeps their place in the grid.
            document.querySelector<HTMLButtonElement>(`[data-date="${selected}"] .db-cell__day`)?.focus();
            setSelected(null);
          }}
        />
      )}
    </section>
  );
}
