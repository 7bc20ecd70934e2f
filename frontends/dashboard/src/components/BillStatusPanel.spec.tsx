import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BillOccurrenceStatus } from '@paycadence/contracts';
import { renderWithProviders } from '@paycadence/web-kit/testing';
import { describe, expect, it, vi } from 'vitest';
import { stubFinanceApi, type StubRequest } from '../test/stub-api.js';
import { BillStatusPanel, orderBillStatuses } from './BillStatusPanel.js';

// The Overview's bill status list: words for every status, Mark paid, and Undo in the toast and the row.
const occurrence = (extra: Partial<BillOccurrenceStatus>): BillOccurrenceStatus => ({
  billId: '0b8f5c1e-2d4a-4f6b-9c3e-1a2b3c4d5e6f',
  billName: 'Rent',
  dueDate: '2026-03-01',
  amountCents: 145_000,
  status: 'overdue',
  paidBy: null,
  paidOn: null,
  markedPaid: false,
  ...extra,
});
const rows = () => screen.getAllByTestId('bill-occurrence');

describe('BillStatusPanel', () => {
  it('lists what needs attention first, each status in words, and how a paid one was paid', () => {
    const statuses = [
      occurrence({ billName: 'Rent', dueDate: '2026-02-01', status: 'paid', paidBy: 'bank', paidOn: '2026-02-02' }),
      occurrence({ billName: 'Phone', dueDate: '2026-03-12', status: 'due_soon' }),
      occurrence({ billName: 'Rent', dueDate: '2026-03-01', status: 'overdue' }),
      occurrence({ billName: 'Gym', dueDate: '2026-03-05', status: 'paid', paidBy: 'manual', paidOn: '2026-03-05', markedPaid: true }),
      occurrence({ billName: 'Rent', dueDate: '2026-04-01', status: 'upcoming' }),
    ];
    renderWithProviders(<BillStatusPanel statuses={statuses} api={stubFinanceApi({})} />);
    expect(rows().map((row) => within(row).getByText(/^(Upcoming|Due soon|Paid|Overdue)$/).textContent)).toEqual(['Overdue', 'Due soon', 'Upcoming', 'Paid', 'Paid']);
    expect(rows()[3]).toHaveTextContent('Gym');
    expect(rows()[3]).toHaveTextContent('Marked paid by you on 03/05/2026');
    expect(rows()[4]).toHaveTextContent('Found in your bank transactions on 02/02/2026');
    expect(within(rows()[4]!).queryByRole('button')).toBeNull(); // paid by the bank: nothing to do
    expect(orderBillStatuses(statuses).map((s) => s.dueDate)).toEqual(['2026-03-01', '2026-03-12', '2026-04-01', '2026-03-05', '2026-02-01']);
  });

  it('Mark paid sends the occurrence, and the toast’s Undo takes the mark back', async () => {
    const markBillPaid = vi.fn(async (request: StubRequest) => occurrence({ ...request.params, status: 'paid', paidBy: 'manual', markedPaid: true }));
    const unmarkBillPaid = vi.fn(async (request: StubRequest) => occurrence({ ...request.params }));
    renderWithProviders(<BillStatusPanel statuses={[occurrence({})]} api={stubFinanceApi({ markBillPaid, unmarkBillPaid })} />, { toasts: true });
    await userEvent.click(screen.getByRole('button', { name: 'Mark paid: Rent, due 03/01/2026' }));
    await vi.waitFor(() => expect(markBillPaid).toHaveBeenCalledTimes(1));
    expect(markBillPaid.mock.calls[0]![0].params).toEqual({ billId: occurrence({}).billId, dueDate: '2026-03-01' });
    expect(await screen.findByText('Rent marked as paid.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await vi.waitFor(() => expect(unmarkBillPaid).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Rent is no longer marked as paid.')).toBeInTheDocument();
  });

  it('a failed mark says so', async () => {
    const markBillPaid = vi.fn(async () => Promise.reject(new Error('offline')));
    renderWithProviders(<BillStatusPanel statuses={[occurrence({})]} api={stubFinanceApi({ markBillPaid })} />, { toasts: true });
    await userEvent.click(screen.getByRole('button', { name: /Mark paid/ }));
    expect(await screen.findByText('Could not change the bill status. Please try again.')).toBeInTheDocument();
  });
});
