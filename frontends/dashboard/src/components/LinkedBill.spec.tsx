import { screen } from '@testing-library/react';
import type { DashboardBill } from '@paycadence/contracts';
import { renderWithProviders } from '@paycadence/web-kit/testing';
import { describe, expect, it, vi } from 'vitest';
import { stubFinanceApi } from '../test/stub-api.js';
import { BillsSection } from './BillsSection.js';

// Where a reminder notification's tap lands: /dashboard?bill=<id>.
const bill = (id: string, name: string): DashboardBill => ({
  id, name, amountCents: 12_000, dueDate: '2026-03-25', priority: 'medium', category: 'utilities', recurring: 'monthly',
});
const rows = [bill('b-power', 'Power'), bill('b-rent', 'Rent'), bill('b-phone', 'Phone')];
const row = (name: string) => screen.getByText(name).closest('li')!;

describe('a link to one bill', () => {
  it('lands on that bill: its row is marked and focused', async () => {
    renderWithProviders(<BillsSection rows={rows} api={stubFinanceApi({ myHouseholds: async () => ({ households: [] }) })} />, { route: '/dashboard?bill=b-rent' });
    await vi.waitFor(() => expect(row('Rent')).toHaveFocus());
    expect(row('Rent')).toHaveAttribute('aria-current', 'true');
    expect(row('Power')).not.toHaveAttribute('aria-current');
  });

  it('names a bill that is not (or no longer) there: the dashboard opens as usual', () => {
    renderWithProviders(<BillsSection rows={rows} api={stubFinanceApi({ myHouseholds: async () => ({ households: [] }) })} />, { route: '/dashboard?bill=b-gone' });
    expect(document.querySelector('[aria-current]')).toBeNull();
    expect(document.body).toHaveFocus();
  });
});
