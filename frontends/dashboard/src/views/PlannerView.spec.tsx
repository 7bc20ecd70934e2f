import type { TimelineResponse } from '@paycadence/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@paycadence/web-kit/testing';
import { stubFinanceApi, type StubRequest } from '../test/stub-api.js';
import { PlannerView } from './PlannerView.js';

// What services/finance answers for Mar 10 - Apr 9 (see buildTimeline's tests in libs/finance-rules): Job Mar 11, 25, Apr 8; Rent Mar 15;
// Gym weekly from Mar 12; a suggested payment for Rent on Mar 11.
const month: TimelineResponse = {
  from: '2026-03-10',
  to: '2026-04-09',
  items: [
    { key: 'income:job:2026-03-11', kind: 'income', date: '2026-03-11', name: 'Job', amountCents: 200_000 },
    { key: 'payment:rent:2026-03-15', kind: 'payment', date: '2026-03-11', name: 'Rent', amountCents: 120_000, dueDate: '2026-03-15' },
    { key: 'bill:gym:2026-03-12', kind: 'bill', date: '2026-03-12', name: 'Gym', amountCents: 4_000 },
    { key: 'bill:rent:2026-03-15', kind: 'bill', date: '2026-03-15', name: 'Rent', amountCents: 120_000 },
  ],
  totals: { incomeCents: 600_000, billsCents: 140_000, netCents: 460_000 },
};
const week: TimelineResponse = { ...month, to: '2026-03-16', totals: { incomeCents: 200_000, billsCents: 124_000, netCents: 76_000 } };

describe('PlannerView (docs/product/signed-in.md §2, §9 ranges)', () => {
  it("shows the server's totals and items for the month, week and quarter from today", async () => {
    const timeline = vi.fn(async ({ query }: StubRequest) => (query?.to === '2026-03-16' ? week : { ...month, to: String(query?.to) }));
    renderWithProviders(<PlannerView today="2026-03-10" api={stubFinanceApi({ timeline })} />);
    expect(screen.getByText('Total Income')).toBeInTheDocument();
    expect(await screen.findByText('$6,000.00')).toBeInTheDocument();
    expect(screen.getByTestId('planner-income').textContent).toBe('$6,000.00');
    expect(screen.getByTestId('planner-bills').textContent).toBe('$1,400.00');
    expect(screen.getByTestId('planner-net').textContent).toBe('$4,600.00');
    expect(timeline).toHaveBeenCalledWith({ query: { today: '2026-03-10', from: '2026-03-10', to: '2026-04-09' } }, expect.anything());
    const items = within(screen.getByRole('list', { name: 'Upcoming items' })).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.db-record__name')?.textContent)).toEqual(['Job', 'Pay Rent', 'Gym', 'Rent']);
    expect(items[1]!.textContent).toContain('due 03/15/2026');

    await userEvent.click(screen.getByRole('button', { name: 'Week' }));
    expect(await screen.findByText('$760.00')).toBeInTheDocument();
    expect(screen.getByTestId('planner-bills').textContent).toBe('$1,240.00');

    await userEvent.click(screen.getByRole('button', { name: 'Quarter' }));
    expect(screen.getByRole('heading', { name: /06\/09\/2026/ })).toBeInTheDocument();
    expect(timeline).toHaveBeenLastCalledWith({ query: { today: '2026-03-10', from: '2026-03-10', to: '2026-06-09' } }, expect.anything());
  });

  it('says No upcoming items for an empty range', async () => {
    const timeline = vi.fn(async () => ({ ...month, items: [], totals: { incomeCents: 0, billsCents: 0, netCents: 0 } }));
    renderWithProviders(<PlannerView today="2026-03-10" api={stubFinanceApi({ timeline })} />);
    expect(await screen.findByText('No upcoming items')).toBeInTheDocument();
  });
});
