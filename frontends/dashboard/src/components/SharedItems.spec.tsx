import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FINANCE_MESSAGES, sharedItemMarker, type DashboardBill, type DashboardIncome, type DashboardShared, type PaymentSuggestionDto } from '@paycadence/contracts';
import { renderWithProviders } from '@paycadence/web-kit/testing';
import { describe, expect, it, vi } from 'vitest';
import { stubFinanceApi, type StubRequest } from '../test/stub-api.js';
import { BillsSection } from './BillsSection.js';
import { IncomeSection } from './IncomeSection.js';
import { PaymentSchedule } from './PaymentSchedule.js';

// The 'Share with household' select and the 'Shared · {household} · added by {name}' marker.
const HOME = '0b8f5c1e-2d4a-4f6b-9c3e-1a2b3c4d5e6f';
const FLAT = '1c9f6d2f-3e5b-4a7c-8d4f-2b3c4d5e6f70';
const CLUB = '2dae7e30-4f6c-4b8d-9e50-3c4d5e6f7081';
const households = {
  households: [
    { id: HOME, name: 'Home', my_role: 'owner' },
    { id: FLAT, name: 'Flat', my_role: 'partner' },
    { id: CLUB, name: 'Club', my_role: 'member' },
  ],
};
const shared = (canEdit: boolean): DashboardShared => ({ householdId: HOME, householdName: 'Home', addedBy: { id: 'u2', name: 'Bea' }, canEdit });
const rent = (extra: Partial<DashboardBill> = {}): DashboardBill => ({
  id: 'b-rent', name: 'Rent', amountCents: 120000, dueDate: '2026-03-25', priority: 'high', category: 'rent', recurring: 'monthly', ...extra,
});
const salary = (extra: Partial<DashboardIncome> = {}): DashboardIncome => ({
  id: 'i-salary', source: 'Salary', amountCents: 300000, frequency: 'monthly', nextDate: '2026-03-20', ...extra,
});

async function fillBill() {
  await userEvent.type(screen.getByLabelText('Bill name'), 'Power');
  await userEvent.type(screen.getByLabelText('Amount ($)'), '80');
  await userEvent.type(screen.getByLabelText('Due date'), '2026-03-28');
}

describe("the forms' 'Share with household' select", () => {
  it('offers None and the households the user owns or partners in (not those where they are only a member), and sends the choice', async () => {
    const createBill = vi.fn(async (request: StubRequest) => request.body);
    renderWithProviders(<BillsSection rows={[]} api={stubFinanceApi({ myHouseholds: async () => households, createBill })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add bill' }));
    const select = await screen.findByLabelText(FINANCE_MESSAGES.shareWithHousehold);
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([FINANCE_MESSAGES.notShared, 'Home', 'Flat']);
    expect((select as HTMLSelectElement).value).toBe('');

    await fillBill();
    await userEvent.selectOptions(select, 'Flat');
    await userEvent.click(within(screen.getByRole('form')).getByRole('button', { name: 'Add bill' }));
    await vi.waitFor(() => expect(createBill).toHaveBeenCalled());
    expect(createBill.mock.calls[0]![0].body).toMatchObject({ name: 'Power', household_id: FLAT });
  });

  it('sends household_id null for None', async () => {
    const createIncome = vi.fn(async (request: StubRequest) => request.body);
    renderWithProviders(<IncomeSection rows={[]} api={stubFinanceApi({ myHouseholds: async () => households, createIncome })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add income' }));
    await screen.findByLabelText(FINANCE_MESSAGES.shareWithHousehold);
    await userEvent.type(screen.getByLabelText('Source'), 'Tutoring');
    await userEvent.type(screen.getByLabelText('Amount ($)'), '400');
    await userEvent.type(screen.getByLabelText('Next pay date'), '2026-03-16');
    await userEvent.click(within(screen.getByRole('form')).getByRole('button', { name: 'Add income' }));
    await vi.waitFor(() => expect(createIncome).toHaveBeenCalled());
    expect(createIncome.mock.calls[0]![0].body).toMatchObject({ source: 'Tutoring', household_id: null });
  });

  it('is hidden, and no household_id is sent, when the user has no household they may share into', async () => {
    const createBill = vi.fn(async (request: StubRequest) => request.body);
    const onlyMember = { households: [{ id: CLUB, name: 'Club', my_role: 'member' }] };
    renderWithProviders(<BillsSection rows={[]} api={stubFinanceApi({ myHouseholds: async () => onlyMember, createBill })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add bill' }));
    await fillBill();
    await userEvent.click(within(screen.getByRole('form')).getByRole('button', { name: 'Add bill' }));
    await vi.waitFor(() => expect(createBill).toHaveBeenCalled());
    expect(screen.queryByLabelText(FINANCE_MESSAGES.shareWithHousehold)).toBeNull();
    expect(createBill.mock.calls[0]![0].body).not.toHaveProperty('household_id');
  });

  it("starts an edit on the shared item's household", async () => {
    renderWithProviders(<BillsSection rows={[rent({ shared: shared(true) })]} api={stubFinanceApi({ myHouseholds: async () => households })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Rent' }));
    const select = (await screen.findByLabelText(FINANCE_MESSAGES.shareWithHousehold)) as HTMLSelectElement;
    expect(select.value).toBe(HOME);
  });
});

describe('the shared marker', () => {
  it("marks a shared bill with its household and who added it, and hides edit and delete from a member who may not change it", () => {
    const rows = [rent({ shared: shared(false) }), rent({ id: 'b-phone', name: 'Phone' })];
    renderWithProviders(<BillsSection rows={rows} api={stubFinanceApi({ myHouseholds: async () => households })} />);
    const [sharedRow, personalRow] = within(screen.getByRole('list', { name: 'Bills' })).getAllByRole('listitem');
    expect(sharedRow!.textContent).toContain(sharedItemMarker('Home', 'Bea'));
    expect(sharedItemMarker('Home', 'Bea')).toBe('Shared · Home · added by Bea');
    expect(within(sharedRow!).queryByRole('button', { name: 'Edit Rent' })).toBeNull();
    expect(within(sharedRow!).queryByRole('button', { name: 'Delete Rent' })).toBeNull();
    expect(personalRow!.textContent).not.toContain('Shared');
    expect(within(personalRow!).getByRole('button', { name: 'Edit Phone' })).toBeInTheDocument();
  });

  it('keeps edit and delete for an owner or partner of the shared income source', () => {
    renderWithProviders(<IncomeSection rows={[salary({ shared: shared(true) })]} api={stubFinanceApi({ myHouseholds: async () => households })} />);
    const [row] = within(screen.getByRole('list', { name: 'Income sources' })).getAllByRole('listitem');
    expect(row!.textContent).toContain('Shared · Home · added by Bea');
    expect(within(row!).getByRole('button', { name: 'Edit Salary' })).toBeInTheDocument();
    expect(within(row!).getByRole('button', { name: 'Delete Salary' })).toBeInTheDocument();
  });

  it("marks a shared bill's entry in the Smart Payment Schedule", () => {
    const entry = (billId: string, billName: string): PaymentSuggestionDto => ({
      id: `${billId}:2026-03-25`, billName, billAmountCents: 120000, dueDate: '2026-03-25', suggestedDate: '2026-03-20', paymentSource: 'Salary',
      incomeId: 'i-salary', incomeDate: '2026-03-20', funding: 'after-paycheck', daysBeforeDue: 5, daysAfterIncome: 0, reasoning: 'Pay after your salary', priority: 'high',
      plannedDate: '2026-03-20', adjustments: [], incomeAmountCents: 300000,
      confidence: 90, band: 'target',
    });
    renderWithProviders(
      <PaymentSchedule schedule={[entry('b-rent', 'Rent'), entry('b-phone', 'Phone')]} bills={[rent({ shared: shared(false) }), rent({ id: 'b-phone', name: 'Phone' })]} />,
    );
    const [rentEntry, phoneEntry] = within(screen.getByRole('list', { name: 'Suggested payments' })).getAllByRole('listitem');
    expect(rentEntry!.textContent).toContain('Shared · Home · added by Bea');
    expect(phoneEntry!.textContent).not.toContain('Shared');
  });
});
