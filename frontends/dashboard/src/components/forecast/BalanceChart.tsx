import type { ForecastDto } from '@paycadence/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { Money } from '../Money.js';
import { useForecastFormat } from './forecast-format.js';

const HEIGHT = 200;
const PAD = { top: 12, right: 12, bottom: 28, left: 72 };
const MIN_WIDTH = 260;

/** The element's width in CSS pixels, followed as it resizes, so labels keep their size on a phone. */
function useWidth<T extends HTMLElement>(initial = 640) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const px = Math.round(entry?.contentRect.width ?? 0);
      if (px > 0) setWidth(Math.max(MIN_WIDTH, px));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** A day's balance; the forecast's days also say what came in and went out (shown in the table when known). */
type ChartDay = { date: string; balanceCents: number; incomeCents?: number; billsCents?: number };

/** A second line drawn over the first (the due-date planner's balance with its plan), named in a legend and the table. */
export interface ComparedBalance {
  /** What each line is called: the first (as things are) and the second. */
  firstLabel: string;
  label: string;
  days: readonly { date: string; balanceCents: number }[];
}

export interface BalanceChartProps {
  forecast: Pick<ForecastDto, 'horizonDays' | 'thresholdCents' | 'warning'> & { days: readonly ChartDay[] };
  compare?: ComparedBalance;
  /** Where the figures are also told in words (a summary beside the chart), read with the figure. */
  describedBy?: string;
}

/**
 * The projected balance for 30 days as a hand-drawn SVG line (no chart library), with zero and the user's threshold
 * marked and the first day below it circled. The same figures are in its description and in a table, for screen
 * readers and anyone who prefers reading them. With `compare` it draws a second line (dashed vs solid, so colour is
 * not the only difference) and the table gets a column for it.
 */
export function BalanceChart({ forecast, compare, describedBy }: BalanceChartProps) {
  const id = useId();
  const format = useForecastFormat();
  const { ref, width } = useWidth<HTMLElement>();
  const { days, thresholdCents, warning } = forecast;
  const values = days.map((d) => d.balanceCents);
  const second = compare ? compare.days.map((d) => d.balanceCents) : [];
  const top = Math.max(0, thresholdCents, ...values, ...second);
  const bottom = Math.min(0, ...values, ...second);
  const span = top - bottom || 1;
  const plotW = width - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (days.length > 1 ? (i / (days.length - 1)) * plotW : 0);
  const y = (cents: number) => PAD.top + ((top - cents) / span) * plotH;
  // Steps, not slopes: a balance changes on a day and holds until the next change.
  const stepPath = (line: readonly number[]) =>
    line.map((v, i) => (i === 0 ? `M${x(0).toFixed(1)},${y(v).toFixed(1)}` : `H${x(i).toFixed(1)} V${y(v).toFixed(1)}`)).join(' ');
  const path = stepPath(values);
  const baseline = PAD.top + plotH;
  const line = Math.max(0, thresholdCents);
  const dipIndex = warning ? days.findIndex((d) => d.date === warning.date) : -1;
  const lowest = values.reduce((lo, v, i) => (v < values[lo]! ? i : lo), 0);
  const last = days[days.length - 1]!;
  const description =
    `${compare ? `${compare.firstLabel}: at` : 'At'} the end of today ${format.money(values[0]!)}, on ${format.date(last.date)} ${format.money(last.balanceCents)}; ` +
    `lowest ${format.money(values[lowest]!)} on ${format.date(days[lowest]!.date)}` +
    (warning ? `; below ${thresholdCents === 0 ? 'zero' : format.money(thresholdCents)} from ${format.date(warning.date)}.` : '.') +
    (compare && second.length > 0 ? ` ${compare.label}: ${compareSentence(compare.days, format)}` : '');
  // Top, zero and bottom, leaving out one that would print over another (a small dip just below zero).
  const ticks = [0, top, bottom].filter((t, i, all) => all.slice(0, i).every((u) => u !== t && Math.abs(y(u) - y(t)) >= 14));
  const tickDays = [0, Math.round((days.length - 1) / 2), days.length - 1];

  return (
    <figure className="fc-chart" aria-labelledby={`${id}-title`} aria-describedby={describedBy} ref={ref}>
      <figcaption id={`${id}-title`} className="fc-chart__title">
        Projected balance, next {forecast.horizonDays} days
      </figcaption>
      {compare && (
        <ul className="fc-legend" aria-hidden="true">
          <li className="fc-legend__item fc-legend__item--first">{compare.firstLabel}</li>
          <li className="fc-legend__item fc-legend__item--second">{compare.label}</li>
        </ul>
      )}
      <svg viewBox={`0 0 ${width} ${HEIGHT}`} className="fc-chart__svg" role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <desc id={`${id}-desc`}>{description}</desc>
        {bottom < line && <rect x={PAD.left} y={y(line)} width={plotW} height={baseline - y(line)} className="fc-chart__danger" />}
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={width - PAD.right} y1={y(t)} y2={y(t)} className={t === 0 ? 'fc-chart__zero' : 'fc-chart__grid'} />
            <text x={PAD.left - 8} y={y(t) + 4} textAnchor="end" className="fc-chart__axis">
              {format.money(t).replace(/\.00$/, '')}
            </text>
          </g>
        ))}
        {thresholdCents > 0 && (
          <line x1={PAD.left} x2={width - PAD.right} y1={y(thresholdCents)} y2={y(thresholdCents)} className="fc-chart__threshold" />
        )}
        <path d={path} className={compare ? 'fc-chart__line fc-chart__line--first' : 'fc-chart__line'} />
        {compare && <path d={stepPath(second)} className="fc-chart__line" />}
        {dipIndex >= 0 && <circle cx={x(dipIndex)} cy={y(values[dipIndex]!)} r={5} className="fc-chart__dip" />}
        {tickDays.map((i) => (
          <text key={i} x={x(i)} y={HEIGHT - 8} textAnchor={i === 0 ? 'start' : i === days.length - 1 ? 'end' : 'middle'} className="fc-chart__axis">
            {i === 0 ? 'Today' : format.date(days[i]!.date)}
          </text>
        ))}
      </svg>
      <details className="fc-details">
        <summary>Show as table</summary>
        <div className="fc-table-scroll" role="region" aria-label="Projected balance by day" tabIndex={0}>
          <table className="fc-table">
            <caption className="pc-visually-hidden">Projected balance by day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                {compare ? (
                  <>
                    <th scope="col" className="fc-num">{compare.firstLabel}</th>
                    <th scope="col" className="fc-num">{compare.label}</th>
                  </>
                ) : (
                  <>
                    <th scope="col" className="fc-num">Paychecks</th>
                    <th scope="col" className="fc-num">Bills</th>
                    <th scope="col" className="fc-num">Balance</th>
                  </>
                )}
              </tr>
            </thead>
            <tbody>
              {days.map((d, i) =>
                compare ? (
                  <tr key={d.date}>
                    <th scope="row">{format.date(d.date)}</th>
                    <td className={d.balanceCents < thresholdCents ? 'fc-num fc-table__low-cell' : 'fc-num'}>
                      <Money cents={d.balanceCents} />
                    </td>
                    <td className={(second[i] ?? 0) < thresholdCents ? 'fc-num fc-table__low-cell' : 'fc-num'}>
                      {second[i] === undefined ? '—' : <Money cents={second[i]} />}
                    </td>
                  </tr>
                ) : (
                  <tr key={d.date} className={d.balanceCents < thresholdCents ? 'fc-table__low' : undefined}>
                    <th scope="row">{format.date(d.date)}</th>
                    <td className="fc-num">{d.incomeCents ? <Money cents={d.incomeCents} /> : '—'}</td>
                    <td className="fc-num">{d.billsCents ? <Money cents={d.billsCents} /> : '—'}</td>
                    <td className="fc-num">
                      <Money cents={d.balanceCents} />
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** The second line in words: its last day and its lowest point. */
function compareSentence(days: readonly { date: string; balanceCents: number }[], format: ReturnType<typeof useForecastFormat>): string {
  const last = days[days.length - 1]!;
  const lowest = days.reduce((lo, d) => (d.balanceCents < lo.balanceCents ? d : lo), days[0]!);
  return `on ${format.date(last.date)} ${format.money(last.balanceCents)}; lowest ${format.money(lowest.balanceCents)} on ${format.date(lowest.date)}.`;
}
