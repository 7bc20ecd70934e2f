import { BANK_SYNC_ENDPOINTS, FINANCE_ENDPOINTS, type BankSuggestionsResponse } from '@paycadence/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDate } from '@paycadence/web-kit';
import { fail, renderWithProviders, serveEndpoints, TEST_USER, type StubGateway } from '@paycadence/web-kit/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analyticsBody } from '../test/fixtures.js';
import { CategorizationTab } from './CategorizationTab.js';

const RENT_ID = '11111111-1111-4111-8111-111111111111';
const SALARY_ID = '22222222-2222-4222-8222-222222222222';

// The calls this tab makes: bank-sync's analytics and suggestions, finance's answers to a suggestion.
const ENDPOINTS = {
  analytics: BANK_SYNC_ENDPOINTS.analytics,
  suggestions: BANK_SYNC_ENDPOINTS.suggestions,
  acceptBill: FINANCE_ENDPOINTS.acceptBill,
  acceptIncome: FINANCE_ENDPOINTS.acceptIncome,
  dismissSuggestion: FINANCE_ENDPOINTS.dismissSuggestion,
  linkSuggestion: FINANCE_ENDPOINTS.linkSuggestion,
  replaceSuggestion: FINANCE_ENDPOINTS.replaceSuggestion,
} as const;

const detected = (): BankSuggestionsResponse => ({
  success: true,
  suggestions: {
    bills: [
      {
        id: 'sug-oakwood',
        name: 'Oakwood Properties',
        amount: 1500,
        category: 'rent',
        suggestedDueDate: '2026-12-02',
        transactionDate: '2026-11-02',
        confidence: 0.93,
        looksLike: { id: RENT_ID, name: 'Rent', amountCents: 145_000, date: '2026-01-01' },
      },
      { id: 'sug-netflix', name: 'Netflix', amount: 15.49, category: 'subscriptions', suggestedDueDate: '2026-12-22', transactionDate: null, confidence: 0.9 },
    ],
    income: [
      {
        id: 'sug-acme',
        source: 'ACME PAYROLL',
        amount: 3100,
        suggestedFrequency: 'biweekly',
        suggestedNextDate: '2026-12-04',
        transactionDate: null,
        confidence: 0.9,
        looksLike: { id: SALARY_ID, name: 'Salary', amountCents: 300_000, date: '2026-11-13' },
      },
    ],
  },
});

const rentAnswer = {
  kind: 'bill',
  bill: { id: RENT_ID, name: 'Rent', amount: 1450, due_date: '2026-01-01', priority: 'high', category: 'rent', recurring: 'monthly', payee: 'Oakwood Properties', due_day_flexible: 'no', due_day_min: 1, due_day_max: 31, created_at: 'x', updated_at: 'x' },
};

let server: StubGateway<keyof typeof ENDPOINTS>;
beforeEach(() => {
  server = serveEndpoints(ENDPOINTS, { analytics: () => analyticsBody(), suggestions: () => detected() });
});
afterEach(() => vi.unstubAllGlobals());

const renderTab = () => renderWithProviders(<CategorizationTab userId={TEST_USER.id} />);
const row = (text: string) => screen.getByText(text).closest('li') as HTMLElement;

describe('CategorizationTab: a detected item that looks like one of yours', () => {
  it("asks 'Is Oakwood Properties your Rent?' with your Rent's amount and date, Link, Replace, Add as new (and Dismiss)", async () => {
    renderTab();
    await screen.findByText('Is Oakwood Properties your Rent?');
    const rent = row('Is Oakwood Properties your Rent?');
    expect(within(rent).getByText('$1,450.00')).toBeInTheDocument();
    expect(within(rent).getByText(new RegExp(`due ${formatDate('2026-01-01')}`))).toBeInTheDocument();
    const group = within(rent).getByRole('group', { name: 'Is Oakwood Properties your Rent?' });
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual(['Link', 'Replace', 'Add as new', 'Dismiss']);
    expect(within(group).getByRole('button', { name: 'Link Oakwood Properties to your Rent' })).toBeEnabled();
    expect(within(group).getByRole('button', { name: 'Replace your Rent with Oakwood Properties' })).toBeEnabled();
    expect(within(group).getByRole('button', { name: 'Add as new: Oakwood Properties' })).toBeEnabled();
    expect(screen.getByText('Is ACME PAYROLL your Salary?')).toBeInTheDocument();
    // Netflix looks like nothing of yours: Accept as before.
    expect(screen.getByRole('button', { name: 'Accept Netflix' })).toBeInTheDocument();
  });

  it('Link sends the Rent as the target, removes the row and gives the focus to the row now in its place', async () => {
    server.use({ linkSuggestion: () => rentAnswer });
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Link Oakwood Properties to your Rent' }));
    expect(await screen.findByText('Linked Oakwood Properties to your Rent.')).toBeInTheDocument();
    expect(server.calls('linkSuggestion')).toEqual([expect.objectContaining({ params: { id: 'sug-oakwood' }, body: { target_id: RENT_ID } })]);
    expect(screen.queryByText('Is Oakwood Properties your Rent?')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Accept Netflix' })).toHaveFocus());
  });

  it('Replace sends the Salary as the target of the income', async () => {
    server.use({
      replaceSuggestion: () => ({
        kind: 'income',
        income: { id: SALARY_ID, source: 'Salary', amount: 3100, frequency: 'biweekly', next_date: '2026-12-04', pay_days: null, paid_months: null, low_amount: null, created_at: 'x', updated_at: 'x' },
      }),
    });
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Replace your Salary with ACME PAYROLL' }));
    expect(await screen.findByText('Updated your Salary from ACME PAYROLL.')).toBeInTheDocument();
    expect(server.calls('replaceSuggestion')).toEqual([expect.objectContaining({ params: { id: 'sug-acme' }, body: { target_id: SALARY_ID } })]);
    // The last row answered: the focus goes to the row before it.
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Accept Netflix' })).toHaveFocus());
  });

  it('Add as new accepts it as today (a second bill), and the last row gone the focus goes to the heading', async () => {
    server.use({
      suggestions: () => ({ success: true, suggestions: { bills: [detected().suggestions.bills[0]!], income: [] } }),
      acceptBill: () => ({ ...rentAnswer.bill, id: '33333333-3333-4333-8333-333333333333', name: 'Oakwood Properties', amount: 1500 }),
    });
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Add as new: Oakwood Properties' }));
    expect(await screen.findByText('Added Oakwood Properties to your bills.')).toBeInTheDocument();
    expect(server.calls('acceptBill')).toEqual([expect.objectContaining({ params: { id: 'sug-oakwood' }, body: {} })]);
    expect(server.calls('linkSuggestion')).toEqual([]);
    await vi.waitFor(() => expect(screen.getByRole('heading', { name: 'Detected from your transactions' })).toHaveFocus());
  });

  it('a failed link keeps the row, says so, and gives the focus back to Link', async () => {
    server.use({ linkSuggestion: () => fail(409, 'This suggestion has already been accepted or dismissed') });
    renderTab();
    const link = await screen.findByRole('button', { name: 'Link Oakwood Properties to your Rent' });
    await userEvent.click(link);
    expect(await screen.findByText('Failed to link the suggestion. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Is Oakwood Properties your Rent?')).toBeInTheDocument();
    await vi.waitFor(() => expect(link).toHaveFocus());
  });
});
