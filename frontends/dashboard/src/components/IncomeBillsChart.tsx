import { formatMoney } from '@payday/web-kit';
import { useId } from 'react';

export interface MonthFigures {
  /** 'YYYY-MM-01' */
  month: string;
  label: string;
  incomeCents: number;
  billsCents: number;
}

const WIDTH = 640;
const HEIGHT = 240;
const PAD = { top: 16, right: 8, bottom: 32, left: 64 };

function niceMax(value: number): number {
  if (value <= 0) return 100_00;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * magnitude >= value) ?? 10;
  return step * magnitude;
}

/**
 * Income against bills by month as a hand-drawn SVG bar chart (no chart library), with the same
 * figures in a table for screen readers and anyone who prefers reading.
 */
export function IncomeBillsChart({ months }: { months: readonly MonthFigures[] }) {
  const id = useId();
  const max = niceMax(Math.max(...months.map((m) => Math.max(m.incomeCents, m.billsCents)), 0));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const group = plotW / Math.max(1, months.length);
  const bar = Math.min(28, group / 3);
  const y = (cents: number) => PAD.top + plotH - (cents / max) * plotH;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * max);
  return (
    <figure className="db-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="db-chart__title">
        Income vs. bills by month
      </figcaption>
      <div className="db-chart__legend" aria-hidden="true">
        <span className="db-chart__key db-chart__key--income" /> Income
        <span className="db-chart__key db-chart__key--bills" /> Bills
      </div>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="db-chart__svg" role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <desc id={`${id}-desc`}>
          {months.map((m) => `${m.label}: income ${formatMoney(m.incomeCents / 100)}, bills ${formatMoney(m.billsCents / 100)}`).join('; ')}
        </desc>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} className="db-chart__grid" />
            <text x={PAD.left - 8} y={y(t) + 4} textAnchor="end" className="db-chart__axis">
              {formatMoney(t / 100).replace(/\.00$/, '')}
            </text>
          </g>
        ))}
        {months.map((m, i) => {
          const x = PAD.left + i * group + group / 2;
          return (
            <g key={m.month}>
              <rect x={x - bar - 2} y={y(m.incomeCents)} width={bar} height={Math.max(0, PAD.top + plotH - y(m.incomeCents))} className="db-chart__bar--income" rx={3} />
              <rect x={x + 2} y={y(m.billsCents)} width={bar} height={Math.max(0, PAD.top + plotH - y(m.billsCents))} className="db-chart__bar--bills" rx={3} />
              <text x={x} y={HEIGHT - 10} textAnchor="middle" className="db-chart__axis">
                {m.label}
              </text>
            </g>
          );
        })}
      </svg>
      <details className="db-chart__table">
        <summary>Show as table</summary>
        <table>
          <caption className="pc-visually-hidden">Income and bills by month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col" className="db-num">
                Income
              </th>
              <th scope="col" className="db-num">
                Bills
              </th>
              <th scope="col" className="db-num">
                Net
              </th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{m.label}</th>
                <td className="db-num">{formatMoney(m.incomeCents / 100)}</td>
                <td className="db-num">{formatMoney(m.billsCents / 100)}</td>
                <td className="db-num">{formatMoney((m.incomeCents - m.billsCents) / 100)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
