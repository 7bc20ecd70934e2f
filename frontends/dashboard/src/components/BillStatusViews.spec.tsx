import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DashboardBill, PaymentSuggestionDto, TimelineResponse } from '@paycadence/contracts';
import { renderWithProviders } from '@paycadence/web-kit/testing';
import { describe, expect, it, vi } from 'vitest';
import { stubFinanceApi, type StubRequest } from '../test/stub-api.js';
import { CalendarView } from '../views/CalendarView.js';
import { PlannerView } from '../views/PlannerView.js';
import { BillStatusPanel } from './BillStatusPanel.js';
import { PaymentSchedule } from './PaymentSchedule.js';

// Beyond the Overview card: the planner's bills say their status in words; the Smart Payment Schedule
// offers 'Mark paid' (its suggestion then goes: the dashboard reloads); a household member gets no actions.
const BILL = '0b8f5c1e-2d4a-4f6b-9c3e-1a2b3c4d5e6f';
const rent: DashboardBill = { id: BILL, name: 'Rent', amountCents: 120_000, dueDate: '2026-03-15', priority: 'high', category: 'rent', recurring: 'monthly' };
const entry: PaymentSuggestionDto = {
  id: `${BILL}:2026-03-15`, billName: 'Rent', billAmountCents: 120_000, dueDate: '2026-03-15', suggestedDate: '2026-03-11', paymentSource: 'Job',
  incomeId: 'job', incomeDate: '2026-03-11', funding: 'after-paycheck', daysBeforeDue: 4, daysAfterIncome: 0, reasoning: 'Pay after your job', priority: 'high',
  plannedDate: '2026-03-10', adjustments: ['weekend-or-holiday'], incomeAmountCents: 300_000,
  confidence: 90, band: 'target',
};
const memberView = { ...rent, shared: { householdId: 'h', householdName: 'Home', addedBy: { id: 'u2', name: 'Bea' }, canEdit: false } };

describe('bill status in the planner and the schedule', () => {
  it("the planner's bills carry their status as text", async () => {
    const timeline: TimelineResponse = {
      from: '2026-03-10',
      to: '2026-04-09',
      items: [
        { key: `bill:${BILL}:2026-03-12`, kind: 'bill', date: '2026-03-12', name: 'Gym', amountCents: 4_000, status: 'paid' },
        { key: `bill:${BILL}:2026-03-15`, kind: 'bill', date: '2026-03-15', name: 'Rent', amountCents: 120_000, status: 'due_soon' },
      ],
      totals: { incomeCents: 0, billsCents: 124_000, netCents: -124_000 },
    };
    renderWithProviders(<PlannerView today="2026-03-10" api={stubFinanceApi({ timeline: async () => timeline })} />);
    const items = within(await screen.findByRole('list', { name: 'Upcoming items' })).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.db-status')?.textContent)).toEqual(['Paid', 'Due soon']);
  });

  it("the schedule's 'Mark paid' marks that occurrence", async () => {
    const markBillPaid = vi.fn(async (request: StubRequest) => ({ ...request.params, billName: 'Rent', amountCents: 120_000, status: 'paid', paidBy: 'manual', paidOn: '2026-03-10', markedPaid: true }));
    renderWithProviders(<PaymentSchedule schedule={[entry]} bills={[rent]} api={stubFinanceApi({ markBillPaid })} />, { toasts: true });
    await userEvent.click(screen.getByRole('button', { name: 'Mark paid: Rent, due 03/15/2026' }));
    await vi.waitFor(() => expect(markBillPaid).toHaveBeenCalledWith({ params: { billId: BILL, dueDate: '2026-03-15' } }, expect.anything()));
    expect(await screen.findByText('Rent marked as paid.')).toBeInTheDocument();
  });

  it('a shared bill the viewer may not change offers no Mark paid or Undo', () => {
    renderWithProviders(<PaymentSchedule schedule={[entry]} bills={[memberView]} api={stubFinanceApi({})} />);
    expect(screen.queryByRole('button', { name: /Mark paid/ })).toBeNull();
    const status = { billId: BILL, billName: 'Rent', dueDate: '2026-03-15', amountCents: 120_000, status: 'due_soon' as const, paidBy: null, paidOn: null, markedPaid: false };
    renderWithProviders(<BillStatusPanel statuses={[status, { ...status, dueDate: '2026-02-15', status: 'paid', paidBy: 'manual', markedPaid: true }]} bills={[memberView]} api={stubFinanceApi({})} />);
    expect(screen.getAllByTestId('bill-occurrence')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Mark paid|Undo/ })).toBeNull();
  });

  it("the calendar's day details: Mark paid for an unpaid bill, Undo for one marked by hand, nothing for one the bank paid", async () => {
    const items = [
      { key: `bill:${BILL}:2026-03-12`, kind: 'bill' as const, date: '2026-03-12', name: 'Rent', amountCents: 120_000, status: 'overdue' as const, markedPaid: false },
      { key: `bill:b-gym:2026-03-12`, kind: 'bill' as const, date: '2026-03-12', name: 'Gym', amountCents: 4_000, status: 'paid' as const, markedPaid: true },
      { key: `bill:b-web:2026-03-12`, kind: 'bill' as const, date: '2026-03-12', name: 'Web', amountCents: 5_000, status: 'paid' as const, markedPaid: false },
    ];
    const timeline = async ({ query }: StubRequest): Promise<TimelineResponse> => ({ from: String(query?.from), to: String(query?.to), items, totals: { incomeCents: 0, billsCents: 0, netCents: 0 } });
    const unmarkBillPaid = vi.fn(async (request: StubRequest) => ({ ...request.params, billName: 'Gym', amountCents: 4_000, status: 'overdue', paidBy: null, paidOn: null, markedPaid: false }));
    renderWithProviders(<CalendarView today="2026-03-14" api={stubFinanceApi({ timeline, unmarkBillPaid })} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Mar 12, 2026, 3 items' }));
    const rows = within(screen.getByRole('list', { name: 'Items on 03/12/2026' })).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('.db-status')?.textContent)).toEqual(['Overdue', 'Paid', 'Paid']);
    expect(within(rows[0]!).getByRole('button', { name: 'Mark paid: Rent, due 03/12/2026' })).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('button')).toBeNull();
    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Undo: Gym, due 03/12/2026 marked paid' }));
    await vi.waitFor(() => expect(unmarkBillPaid).toHaveBeenCalledWith({ params: { billId: 'b-gym', dueDate: '2026-03-12' } }, expect.anything()));
  });

  it("the calendar's day details offer no Mark paid on a shared bill the viewer may not change", async () => {
    const items = [{ key: `bill:${BILL}:2026-03-12`, kind: 'bill' as const, date: '2026-03-12', name: 'Rent', amountCents: 120_000, status: 'overdue' as const, markedPaid: false }];
    const timeline = async ({ query }: StubRequest): Promise<TimelineResponse> => ({ from: String(query?.from), to: String(query?.to), items, totals: { incomeCents: 0, billsCents: 0, netCents: 0 } });
    renderWithProviders(<CalendarView today="2026-03-14" api={stubFinanceApi({ timeline })} readOnlyBillIds={new Set([BILL])} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Mar 12, 2026, 1 item' }));
    const [row] = within(screen.getByRole('list', { name: 'Items on 03/12/2026' })).getAllByRole('listitem');
    expect(row!.querySelector('.db-status')?.textContent).toBe('Overdue');
    expect(within(row!).queryByRole('button')).toBeNull();
  });
});
