import type { TimelineItem, TimelineResponse } from '@paycadence/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../model/messages.js';
import { monthGrid } from '../model/timeline.js';
import { formatDate } from '@paycadence/web-kit';
import { renderWithProviders } from '@paycadence/web-kit/testing';
import { stubFinanceApi, type StubRequest } from '../test/stub-api.js';
import { CalendarView } from './CalendarView.js';

const bill = (name: string, date: string): TimelineItem => ({ key: `bill:${name}:${date}`, kind: 'bill', date, name, amountCents: 5_000 });

/** An API client whose GET /timeline answers these items for any range (and records the ranges asked for). */
function timelineApi(items: TimelineItem[]) {
  const timeline = vi.fn(async ({ query }: StubRequest): Promise<TimelineResponse> => ({
    from: String(query?.from), to: String(query?.to), items, totals: { incomeCents: 0, billsCents: 0, netCents: 0 },
  }));
  return { api: stubFinanceApi({ timeline }), timeline };
}

describe('monthGrid (docs/product/signed-in.md §2: Sunday-first, 35 or 42 cells)', () => {
  it.each([
    ['2026-02-10', 35, '2026-02-01'], // starts on a Sunday, 28 days: still five rows
    ['2026-03-10', 35, '2026-03-01'],
    ['2026-08-10', 42, '2026-07-26'], // starts on a Saturday, 31 days
    ['2026-05-10', 42, '2026-04-26'], // starts on a Friday, 31 days
  ])('%s has %i cells from %s', (day, cells, first) => {
    const grid = monthGrid(day);
    expect(grid).toHaveLength(cells);
    expect(grid[0]).toBe(first);
  });
});

describe('CalendarView', () => {
  const items = ['Alpha', 'Bravo', 'Charlie', 'Delta'].map((name) => bill(name, '2026-03-12'));

  it("asks the server for the grid's range, shows at most 2 items per day and +N more, and navigates", async () => {
    const { api, timeline } = timelineApi(items);
    renderWithProviders(<CalendarView today="2026-03-10" api={api} />);
    expect(screen.getByRole('heading', { name: 'March 2026' })).toBeInTheDocument();
    expect(screen.getAllByRole('gridcell')).toHaveLength(35);
    const cell = screen.getAllByRole('gridcell').find((c) => c.getAttribute('data-date') === '2026-03-12')!;
    expect(await within(cell).findAllByRole('listitem')).toHaveLength(2);
    expect(within(cell).getByRole('button', { name: '+2 more' })).toBeInTheDocument();
    expect(timeline).toHaveBeenCalledWith({ query: { today: '2026-03-10', from: '2026-03-01', to: '2026-04-04' } }, expect.anything());

    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('heading', { name: 'April 2026' })).toBeInTheDocument();
    expect(timeline).toHaveBeenLastCalledWith({ query: { today: '2026-03-10', from: '2026-03-29', to: '2026-05-02' } }, expect.anything());
    await userEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(screen.getByRole('heading', { name: 'March 2026' })).toBeInTheDocument();
  });

  it('week view lists every item of a day and says No items scheduled on empty days', async () => {
    const { api } = timelineApi(items);
    renderWithProviders(<CalendarView today="2026-03-10" api={api} />);
    await userEvent.click(screen.getByRole('button', { name: 'Week' }));
    const cells = screen.getAllByRole('gridcell');
    expect(cells).toHaveLength(7);
    const busy = cells.find((c) => c.getAttribute('data-date') === '2026-03-12')!;
    expect(await within(busy).findAllByRole('listitem')).toHaveLength(4);
    expect(screen.getAllByText(MESSAGES.noItemsScheduled)).toHaveLength(6);
  });

  it('labels a suggested payment with the bill it pays', async () => {
    const { api } = timelineApi([{ key: 'payment:rent:2026-03-15', kind: 'payment', date: '2026-03-11', name: 'Rent', amountCents: 120_000, dueDate: '2026-03-15' }]);
    renderWithProviders(<CalendarView today="2026-03-10" api={api} />);
    expect(await screen.findByText('Pay Rent')).toBeInTheDocument();
  });
});

describe('CalendarView days', () => {
  it('opens a clicked day with every item and its full amount, and closes it', async () => {
    const { api } = timelineApi([{ ...bill('Rent', '2026-03-12'), amountCents: 145_000 }, ...['Alpha', 'Bravo'].map((n) => bill(n, '2026-03-12'))]);
    renderWithProviders(<CalendarView today="2026-03-10" api={api} />);
    const cell = screen.getAllByRole('gridcell').find((c) => c.getAttribute('data-date') === '2026-03-12')!;
    expect(await within(cell).findByText('$1,450.00')).toBeInTheDocument();
    await userEvent.click(within(cell).getByRole('button', { name: 'Mar 12, 2026, 3 items' }));
    const day = screen.getByRole('region', { name: `Thu, ${formatDate('2026-03-12')}` });
    expect(within(day).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['RentBill$1,450.00', 'AlphaBill$50.00', 'BravoBill$50.00']);
    expect(day).toHaveFocus();
    await userEvent.click(within(day).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: `Thu, ${formatDate('2026-03-12')}` })).toBeNull();
    expect(within(cell).getByRole('button', { name: 'Mar 12, 2026, 3 items' })).toHaveFocus();
  });
});

describe('CalendarView by keyboard (the grid pattern: one day in the tab order, arrows move it)', () => {
  const dayButton = (date: string) => screen.getAllByRole('gridcell').find((c) => c.getAttribute('data-date') === date)!.querySelector('button')!;

  it('keeps only today in the tab order, moves by day and week with the arrows, and opens a day with Enter', async () => {
    const { api } = timelineApi([bill('Rent', '2026-03-18')]);
    renderWithProviders(<CalendarView today="2026-03-10" api={api} />);
    const tabbable = screen.getAllByRole('gridcell').map((c) => c.querySelector('button')!).filter((b) => b.tabIndex === 0);
    expect(tabbable.map((b) => b.closest('[data-date]')!.getAttribute('data-date'))).toEqual(['2026-03-10']);
    dayButton('2026-03-10').focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(dayButton('2026-03-11'));
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(dayButton('2026-03-18'));
    expect(dayButton('2026-03-10').tabIndex).toBe(-1);
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('list', { name: `Items on ${formatDate('2026-03-18')}` })).toBeInTheDocument();
  });

  it('turns the month when the focus moves past its grid, and Page Down goes a month on', async () => {
    const { api } = timelineApi([]);
    renderWithProviders(<CalendarView today="2026-03-31" api={api} />);
    dayButton('2026-03-31').focus();
    // March 2026's grid ends on April 4: a week down from the 31st is April 7, in April's grid.
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('heading', { name: 'April 2026' })).toBeInTheDocument();
    expect(document.activeElement).toBe(dayButton('2026-04-07'));
    await userEvent.keyboard('{PageDown}');
    expect(screen.getByRole('heading', { name: 'May 2026' })).toBeInTheDocument();
    expect(document.activeElement).toBe(dayButton('2026-05-07'));
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(dayButton('2026-05-03'));
  });
});
