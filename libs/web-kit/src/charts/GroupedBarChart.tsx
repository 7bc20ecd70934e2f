import { useEffect, useId, useRef, useState } from 'react';
import { formatMoney } from '../format/format.js';

/** One bar of every group: its name in the legend, the table header and the description. */
export interface BarSeries {
  /** 'Income', 'Bills', 'Expenses'. */
  label: string;
}

/** One group of bars (a month): one value per series, in DOLLARS, in the order of `series`. */
export interface BarGroup {
  key: string;
  /** 'Jun 26': axis, table and description. */
  label: string;
  /** 'Jun': the axis when the chart is too narrow for `label`. */
  shortLabel?: string;
  values: readonly number[];
}

export interface GroupedBarChartProps {
  /** The visible caption, also the chart's accessible name. */
  title: string;
  series: readonly BarSeries[];
  groups: readonly BarGroup[];
  /** The table's caption for screen readers ('Income and bills by month'). */
  tableCaption: string;
  /** Header of the first table column. */
  groupHeader?: string;
  /** Adds a column of the first series minus the second ('Net'). */
  differenceLabel?: string;
  className?: string;
}

const DEFAULT_WIDTH = 640;
const MIN_WIDTH = 280;
const MAX_WIDTH = 900;
const HEIGHT = 240;
const PAD = { top: 16, right: 8, bottom: 32, left: 64 };
/** Below this group width the long axis labels ('Jun 26') would run into each other. */
const SHORT_LABEL_BELOW = 52;

/** A round top for the axis (1, 2, 2.5, 5 times a power of ten); $100 when there is nothing to show. */
export function niceMax(value: number): number {
  if (!(value > 0) || !Number.isFinite(value)) return 100;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * magnitude >= value) ?? 10;
  return step * magnitude;
}

/** Bars never go below the axis: a negative or missing figure draws as an empty bar (the table keeps the figure). */
const drawable = (value: number | undefined) =>
  value !== undefined && Number.isFinite(value) && value > 0 ? value : 0;

const money = (dollars: number | undefined) => formatMoney(dollars ?? 0);

/**
 * Money by group (month) and series (income, bills...) as a hand-drawn SVG bar chart (no chart library). Drawn
 * in the pixels it gets, so its 12px labels stay 12px on a phone; the figures are also in its description and in
 * a table for screen readers and anyone who prefers reading. Colours: `.pc-bar-chart__bar--0`, `--1`, ... in styles.css.
 */
export function GroupedBarChart({
  title,
  series,
  groups,
  tableCaption,
  groupHeader = 'Month',
  differenceLabel,
  className,
}: GroupedBarChartProps) {
  const id = useId();
  const { ref, width } = useContainerWidth<HTMLElement>();
  const max = niceMax(Math.max(0, ...groups.flatMap((g) => g.values.map(drawable))));
  const plotW = width - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const groupW = plotW / Math.max(1, groups.length);
  const gap = 4;
  const bar = Math.max(2, Math.min(28, (groupW * 2) / 3 / Math.max(1, series.length) - gap));
  const baseline = PAD.top + plotH;
  const y = (dollars: number | undefined) => baseline - (drawable(dollars) / max) * plotH;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * max);
  const axisLabel = (g: BarGroup) => (groupW < SHORT_LABEL_BELOW && g.shortLabel ? g.shortLabel : g.label);
  const description = groups
    .map(
      (g) =>
        `${g.label}: ${series.map((s, i) => `${s.label.toLowerCase()} ${money(g.values[i])}`).join(', ')}`,
    )
    .join('; ');
  const groupsW = series.length * bar + (series.length - 1) * gap;

  return (
    <figure
      className={['pc-bar-chart', className].filter(Boolean).join(' ')}
      aria-labelledby={`${id}-title`}
      ref={ref}
    >
      <figcaption id={`${id}-title`} className="pc-bar-chart__title">
        {title}
      </figcaption>
      <div className="pc-bar-chart__legend" aria-hidden="true">
        {series.map((s, i) => (
          <span key={s.label} className="pc-bar-chart__legend-item">
            <span className={`pc-bar-chart__key pc-bar-chart__bar--${i}`} /> {s.label}
          </span>
        ))}
      </div>
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        className="pc-bar-chart__svg"
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
      >
        <desc id={`${id}-desc`}>{description}</desc>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={width - PAD.right} y1={y(t)} y2={y(t)} className="pc-bar-chart__grid" />
            <text x={PAD.left - 8} y={y(t) + 4} textAnchor="end" className="pc-bar-chart__axis">
              {formatMoney(t).replace(/\.00$/, '')}
            </text>
          </g>
        ))}
        {groups.map((g, gi) => {
          const center = PAD.left + gi * groupW + groupW / 2;
          const left = center - groupsW / 2;
          return (
            <g key={g.key}>
              {series.map((s, si) => (
                <rect
                  key={s.label}
                  x={left + si * (bar + gap)}
                  y={y(g.values[si])}
                  width={bar}
                  height={Math.max(0, baseline - y(g.values[si]))}
                  className={`pc-bar-chart__bar--${si}`}
                  rx={3}
                  data-series={s.label}
                />
              ))}
              <text x={center} y={HEIGHT - 10} textAnchor="middle" className="pc-bar-chart__axis">
                {axisLabel(g)}
              </text>
            </g>
          );
        })}
      </svg>
      <details className="pc-bar-chart__table">
        <summary>Show as table</summary>
        {/* Scrolls sideways (and takes focus to do so by keyboard) only where a phone is narrower than the figures. */}
        <div className="pc-bar-chart__scroll" role="region" aria-label={tableCaption} tabIndex={0}>
          <table>
            <caption className="pc-visually-hidden">{tableCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{groupHeader}</th>
                {series.map((s) => (
                  <th key={s.label} scope="col" className="pc-bar-chart__num">
                    {s.label}
                  </th>
                ))}
                {differenceLabel && (
                  <th scope="col" className="pc-bar-chart__num">
                    {differenceLabel}
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {groups.map((g) => (
                <tr key={g.key}>
                  <th scope="row">{g.label}</th>
                  {series.map((s, i) => (
                    <td key={s.label} className="pc-bar-chart__num">
                      {money(g.values[i])}
                    </td>
                  ))}
                  {differenceLabel && (
                    <td className="pc-bar-chart__num">{money((g.values[0] ?? 0) - (g.values[1] ?? 0))}</td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** The element's width in CSS pixels (clamped), followed as it resizes; DEFAULT_WIDTH until measured. */
function useContainerWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const px = Math.round(entry?.contentRect.width ?? 0);
      if (px > 0) setWidth(Math.max(MIN_WIDTH, Math.min(MAX_WIDTH, px)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
