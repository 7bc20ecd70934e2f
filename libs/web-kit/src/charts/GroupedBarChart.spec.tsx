import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GroupedBarChart, niceMax, type BarGroup } from './GroupedBarChart.js';

const SERIES = [{ label: 'Income' }, { label: 'Bills' }];
const MONTHS: BarGroup[] = [
  { key: '2026-05', label: 'May 26', shortLabel: 'May', values: [3000, 1250.5] },
  { key: '2026-06', label: 'Jun 26', shortLabel: 'Jun', values: [2800, 3100] },
];

function renderChart(groups: readonly BarGroup[] = MONTHS) {
  return render(
    <GroupedBarChart
      title="Income vs. bills by month"
      series={SERIES}
      groups={groups}
      tableCaption="Income and bills by month"
      differenceLabel="Net"
    />,
  );
}

const barHeights = (container: HTMLElement) =>
  [...container.querySelectorAll('rect')].map((r) => Number(r.getAttribute('height')));

describe('GroupedBarChart', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names the figure and the drawing, and says every figure in the description', () => {
    renderChart();
    expect(screen.getByRole('figure', { name: 'Income vs. bills by month' })).toBeInTheDocument();
    const img = screen.getByRole('img', { name: /^Income vs\. bills by month/ });
    expect(img).toHaveAccessibleName(
      'Income vs. bills by month May 26: income $3,000.00, bills $1,250.50; Jun 26: income $2,800.00, bills $3,100.00',
    );
  });

  it('offers the same figures as a table, with the difference column', async () => {
    renderChart();
    await userEvent.setup().click(screen.getByText('Show as table'));
    const table = screen.getByRole('table', { name: 'Income and bills by month' });
    // On a phone narrower than the figures the table scrolls sideways inside a focusable region.
    expect(screen.getByRole('region', { name: 'Income and bills by month' })).toContainElement(table);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Month', 'Income', 'Bills', 'Net']);
    const june = within(table).getByRole('row', { name: /Jun 26/ });
    expect(
      within(june)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['$2,800.00', '$3,100.00', '-$300.00']);
  });

  it('draws one bar per series and group, taller for more money, never below the axis', () => {
    const { container } = renderChart([
      { key: 'a', label: 'Apr 26', values: [1000, 500] },
      { key: 'b', label: 'May 26', values: [-200, Number.NaN] },
    ]);
    const heights = barHeights(container);
    expect(heights).toHaveLength(4);
    expect(heights.every((h) => h >= 0 && Number.isFinite(h))).toBe(true);
    expect(heights[0]).toBeGreaterThan(heights[1]!);
    expect(heights.slice(2)).toEqual([0, 0]);
    // The table keeps the real figure even where the bar is empty.
    expect(screen.getByRole('row', { name: /May 26/, hidden: true })).toHaveTextContent('-$200.00');
  });

  it('shows an empty chart with a $100 axis when there is no money yet', () => {
    const { container } = renderChart([{ key: 'a', label: 'Apr 26', values: [0, 0] }]);
    expect(barHeights(container)).toEqual([0, 0]);
    expect(screen.getByText('$100')).toBeInTheDocument();
  });

  it('draws in the width it gets and shortens the month labels when narrow', () => {
    let notify: ResizeObserverCallback = () => undefined;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: ResizeObserverCallback) {
          notify = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const months = Array.from({ length: 6 }, (_, i) => ({
      key: `m${i}`,
      label: `M${i} 26`,
      shortLabel: `M${i}`,
      values: [100 * i, 50],
    }));
    const { container } = renderChart(months);
    expect(screen.getByText('M1 26', { selector: 'text' })).toBeInTheDocument();
    act(() => notify([{ contentRect: { width: 311 } } as ResizeObserverEntry], {} as ResizeObserver));
    expect(container.querySelector('svg')).toHaveAttribute('viewBox', '0 0 311 240');
    expect(screen.queryByText('M1 26', { selector: 'text' })).toBeNull();
    expect(screen.getByText('M1', { selector: 'text' })).toBeInTheDocument();
  });
});

describe('niceMax', () => {
  it('rounds the axis up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect([niceMax(0), niceMax(-5), niceMax(3), niceMax(180), niceMax(2100), niceMax(4999)]).toEqual([
      100, 100, 5, 200, 2500, 5000,
    ]);
  });
});
