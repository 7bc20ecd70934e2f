import type { BillDto } from '@paycadence/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, TEST_USER } from '@paycadence/web-kit/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { transaction } from '../test/fixtures.js';
import { fail, serveApi, type StubServer } from '../test/server.js';
import { TransactionsTab } from './TransactionsTab.js';

const RENT_ID = '11111111-1111-4111-8111-111111111111';
const bill = (overrides: Partial<BillDto> = {}): BillDto => ({
  id: RENT_ID,
  name: 'Rent',
  amount: 1450,
  due_date: '2026-12-01',
  priority: 'high',
  category: 'rent',
  recurring: 'monthly',
  due_day_flexible: 'no',
  due_day_min: 1,
  due_day_max: 31,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...overrides,
});

let server: StubServer;
beforeEach(() => {
  server = serveApi({
    transactions: () => ({
      success: true,
      total: 2,
      transactions: [
        transaction({ id: 'tx-rent', amount: 1450, merchant_name: null, description: 'OAKWOOD APTS ACH', category: ['Payment', 'Rent'] }),
        transaction({ id: 'tx-pay', amount: -2600, merchant_name: 'Acme Payroll', is_income: true }),
      ],
    }),
    listBills: () => [bill(), bill({ id: '22222222-2222-4222-8222-222222222222', name: 'Power', amount: 92.5, category: 'utilities' })],
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderTab = () => renderWithProviders(<TransactionsTab userId={TEST_USER.id} importing={false} />);

describe('Transaction History: tie a payment to a bill', () => {
  it("offers 'Tie to a bill' on money out only, and ties the chosen bill to the payment's payee", async () => {
    server.use({ updateBill: ({ body }) => bill({ payee: (body as { payee: string }).payee }) });
    renderTab();
    const rent = (await screen.findByText('OAKWOOD APTS ACH')).closest('li')!;
    const payday = screen.getByText('Acme Payroll').closest('li')!;
    expect(within(payday).queryByRole('button', { name: /Tie to a bill/ })).not.toBeInTheDocument();
    expect(server.calls('listBills')).toHaveLength(0);

    const toggle = within(rent).getByRole('button', { name: 'Tie to a bill: OAKWOOD APTS ACH' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const tie = within(rent).getByRole('button', { name: 'Tie' });
    expect(tie).toBeDisabled();
    await userEvent.selectOptions(await within(rent).findByLabelText('Bill'), 'Rent · $1,450.00');
    await userEvent.click(tie);

    const message = 'Rent is now tied to OAKWOOD APTS ACH: payments to it mark Rent paid.';
    expect(await within(rent).findByRole('status')).toHaveTextContent(message);
    expect(server.calls('updateBill')).toEqual([expect.objectContaining({ params: { id: RENT_ID }, body: { payee: 'OAKWOOD APTS ACH' } })]);
    await waitFor(() => expect(toggle).toHaveFocus());
    expect(within(rent).queryByRole('button', { name: 'Tie' })).not.toBeInTheDocument();
  });

  it('ties by the merchant name when the bank gives one', async () => {
    server.use({
      transactions: () => ({ success: true, total: 1, transactions: [transaction({ id: 'tx-power', amount: 101, merchant_name: 'City Power', description: 'CITYPWR 0042 AUTOPAY' })] }),
      updateBill: () => bill({ name: 'Power', payee: 'City Power' }),
    });
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Tie to a bill: City Power' }));
    await userEvent.selectOptions(await screen.findByLabelText('Bill'), 'Power · $92.50');
    await userEvent.click(screen.getByRole('button', { name: 'Tie' }));
    expect(await screen.findByText('Power is now tied to City Power: payments to it mark Power paid.')).toBeInTheDocument();
    expect(server.calls('updateBill')[0]!.body).toEqual({ payee: 'City Power' });
  });

  it("shows the server's words when the bill cannot be tied, and keeps the form", async () => {
    server.use({ updateBill: () => fail(404, 'Bill not found') });
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Tie to a bill: OAKWOOD APTS ACH' }));
    await userEvent.selectOptions(await screen.findByLabelText('Bill'), 'Rent · $1,450.00');
    await userEvent.click(screen.getByRole('button', { name: 'Tie' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bill not found');
    await waitFor(() => expect(screen.getByLabelText('Bill')).toHaveFocus());
  });
});
