import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Bill } from '@payday/finance-rules';
import { MESSAGES } from '../model/messages.js';
import { monthGrid } from '../model/timeline.js';
import { CalendarView } from './CalendarView.js';

const bill = (id: string, name: string, dueDate: string): Bill => ({ id, name, amountCents: 5_000, dueDate, priority: 'low', category: 'utilities', recurring: 'once' });

describe('monthGrid (spec part 2 §2: Sunday-first, 35 or 42 cells)', () => {
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
  const bills = [bill('a', 'Alpha', '2026-03-12'), bill('b', 'Bravo', '2026-03-12'), bill('c', 'Charlie', '2026-03-12'), bill('d', 'Delta', '2026-03-12')];

  it('shows at most 2 items per day and +N more, and the month navigation', async () => {
    render(<CalendarView today="2026-03-10" bills={bills} incomes={[]} schedule={[]} />);
    expect(screen.getByRole('heading', { name: 'March 2026' })).toBeInTheDocument();
    expect(screen.getAllByRole('gridcell')).toHaveLength(35);
    const cell = screen.getAllByRole('gridcell').find((c) => c.getAttribute('data-date') === '2026-03-12')!;
    expect(within(cell).getAllByRole('listitem')).toHaveLength(2);
    expect(within(cell).getByRole('button', { name: '+2 more' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('heading', { name: 'April 2026' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(screen.getByRole('heading', { name: 'March 2026' })).toBeInTheDocument();
  });

  it('week view lists every item of a day and says No items scheduled on empty days', async () => {
    render(<CalendarView today="2026-03-10" bills={bills} incomes={[]} schedule={[]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Week' }));
    const cells = screen.getAllByRole('gridcell');
    expect(cells).toHaveLength(7);
    const busy = cells.find((c) => c.getAttribute('data-date') === '2026-03-12')!;
    expect(within(busy).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getAllByText(MESSAGES.noItemsScheduled)).toHaveLength(6);
  });
});
