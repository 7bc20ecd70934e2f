import { useEffect, useId, useRef, useState } from 'react';
import { formatMoney, monthLabel } from '../model/format.js';

export interface MonthBar {
  month: string;
  income: number;
  expenses: number;
}

const DEFAULT_WIDTH = 640;
const HEIGHT = 240;
const PAD = { top: 16, right: 8, bottom: 32, left: 64 };

function niceMax(value: number): number {
  if (value <= 0) return 100;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * magnitude >= value) ?? 10;
  return step * magnitude;
}

/**
 * Monthly income against expenses (the last 6 months, spec part 2 §9) as a hand-drawn SVG bar chart, the
 * figures also in its description and in a table (the dashboard's IncomeBillsChart pattern). Dollars.
 */
export function MonthlyChart({ months }: { months: readonly MonthBar[] }) {
  const id = useId();
  const { ref: figureRef, px: width } = useContainerWidth();
  const max = niceMax(Math.max(0, ...months.map((m) => Math.max(m.income, m.expenses))));
  const plotW = width - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const group = plotW / Math.max(1, months.length);
  const bar = Math.min(28, group / 3);
  // Narrow: 'Jun' instead of "Jun 26", so the labels never run into each other.
  const axisLabel = (month: string) => (group < 52 ? monthLabel(month).split(' ')[0]! : monthLabel(month));
  const y = (dollars: number) => PAD.top + plotH - (Math.max(0, dollars) / max) * plotH;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * max);
  return (
    <figure className="ca-chart" aria-labelledby={`${id}-title`} ref={figureRef}>
      <figcaption id={`${id}-title`} className="ca-chart__title">
        Monthly income vs. expenses
      </figcaption>
      <div className="ca-chart__legend" aria-hidden="true">
        <span className="ca-chart__key ca-chart__key--income" /> Income
        <span className="ca-chart__key ca-chart__key--expenses" /> Expenses
      </div>
      <svg viewBox={`0 0 ${width} ${HEIGHT}`} className="ca-chart__svg" role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <desc id={`${id}-desc`}>
          {months.map((m) => `${monthLabel(m.month)}: income ${formatMoney(m.income)}, expenses ${formatMoney(m.expenses)}`).join('; ')}
        </desc>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={width - PAD.right} y1={y(t)} y2={y(t)} className="ca-chart__grid" />
            <text x={PAD.left - 8} y={y(t) + 4} textAnchor="end" className="ca-chart__axis">
              {formatMoney(t).replace(/\.00$/, '')}
            </text>
          </g>
        ))}
        {months.map((m, i) => {
          const x = PAD.left + i * group + group / 2;
          return (
            <g key={m.month}>
              <rect x={x - bar - 2} y={y(m.income)} width={bar} height={PAD.top + plotH - y(m.income)} className="ca-chart__bar--income" rx={3} />
              <rect x={x + 2} y={y(m.expenses)} width={bar} height={PAD.top + plotH - y(m.expenses)} className="ca-chart__bar--expenses" rx={3} />
              <text x={x} y={HEIGHT - 10} textAnchor="middle" className="ca-chart__axis">
                {axisLabel(m.month)}
              </text>
            </g>
          );
        })}
      </svg>
      <details className="ca-chart__table">
        <summary>Show as table</summary>
        <table>
          <caption className="pc-visually-hidden">Income and expenses by month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col" className="ca-num">
                Income
              </th>
              <th scope="col" className="ca-num">
                Expenses
              </th>
              <th scope="col" className="ca-num">
                Net
              </th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthLabel(m.month)}</th>
                <td className="ca-num">{formatMoney(m.income)}</td>
                <td className="ca-num">{formatMoney(m.expenses)}</td>
                <td className="ca-num">{formatMoney(m.income - m.expenses)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/**
 * The chart is drawn in the pixels it gets (a narrow phone gets a narrow viewBox), so its 12px labels stay
 * 12px instead of shrinking with the whole drawing.
 */
function useContainerWidth() {
  const ref = useRef<HTMLElement>(null);
  const [px, setPx] = useState(DEFAULT_WIDTH);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const width = Math.round(entry?.contentRect.width ?? 0);
      if (width > 0) setPx(Math.max(280, Math.min(900, width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, px };
}
