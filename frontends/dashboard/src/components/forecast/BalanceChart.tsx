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

/**
 * The projected balance for 30 days as a hand-drawn SVG line (no chart library), with zero and the user's threshold
 * marked and the first day below it circled. The same figures are in its description and in a table, for screen
 * readers and anyone who prefers reading them.
 */
export function BalanceChart({ forecast }: { forecast: ForecastDto }) {
  const id = useId();
  const format = useForecastFormat();
  const { ref, width } = useWidth<HTMLElement>();
  const { days, thresholdCents, warning } = forecast;
  const values = days.map((d) => d.balanceCents);
  const top = Math.max(0, thresholdCents, ...values);
  const bottom = Math.min(0, ...values);
  const span = top - bottom || 1;
  const plotW = width - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (days.length > 1 ? (i / (days.length - 1)) * plotW : 0);
  const y = (cents: number) => PAD.top + ((top - cents) / span) * plotH;
  // Steps, not slopes: a balance changes on a day and holds until the next change.
  const path = values.map((v, i) => (i === 0 ? `M${x(0).toFixed(1)},${y(v).toFixed(1)}` : `H${x(i).toFixed(1)} V${y(v).toFixed(1)}`)).join(' ');
  const baseline = PAD.top + plotH;
  const line = Math.max(0, thresholdCents);
  const dipIndex = warning ? days.findIndex((d) => d.date === warning.date) : -1;
  const lowest = values.reduce((lo, v, i) => (v < values[lo]! ? i : lo), 0);
  const last = days[days.length - 1]!;
  const description =
    `At the end of today ${format.money(values[0]!)}, on ${format.date(last.date)} ${format.money(last.balanceCents)}; ` +
    `lowest ${format.money(values[lowest]!)} on ${format.date(days[lowest]!.date)}` +
    (warning ? `; below ${thresholdCents === 0 ? 'zero' : format.money(thresholdCents)} from ${format.date(warning.date)}.` : '.');
  // Top, zero and bottom, leaving out one that would print over another (a small dip just below zero).
  const ticks = [0, top, bottom].filter((t, i, all) => all.slice(0, i).every((u) => u !== t && Math.abs(y(u) - y(t)) >= 14));
  const tickDays = [0, Math.round((days.length - 1) / 2), days.length - 1];

  return (
    <figure className="fc-chart" aria-labelledby={`${id}-title`} ref={ref}>
      <figcaption id={`${id}-title`} className="fc-chart__title">
        Projected balance, next {forecast.horizonDays} days
      </figcaption>
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
        <path d={path} className="fc-chart__line" />
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
                <th scope="col" className="fc-num">Paychecks</th>
                <th scope="col" className="fc-num">Bills</th>
                <th scope="col" className="fc-num">Balance</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.date} className={d.balanceCents < thresholdCents ? 'fc-table__low' : undefined}>
                  <th scope="row">{format.date(d.date)}</th>
                  <td className="fc-num">{d.incomeCents ? <Money cents={d.incomeCents} /> : '—'}</td>
                  <td className="fc-num">{d.billsCents ? <Money cents={d.billsCents} /> : '—'}</td>
                  <td className="fc-num">
                    <Money cents={d.balanceCents} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
