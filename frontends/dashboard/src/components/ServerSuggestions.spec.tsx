import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FINANCE_ENDPOINTS, type BillSuggestionDto, type Endpoint, type IncomeSuggestionDto, type SuggestionsResponse } from '@paycadence/contracts';
import { ApiError, formatDate, type ApiClient } from '@paycadence/web-kit';
import { renderWithProviders } from '@paycadence/web-kit/testing';
import { describe, expect, it, vi } from 'vitest';
import { ServerSuggestions } from './ServerSuggestions.js';

const RENT_ID = '11111111-1111-4111-8111-111111111111';
const SALARY_ID = '22222222-2222-4222-8222-222222222222';

const oakwood: BillSuggestionDto = {
  id: 's-oakwood',
  name: 'Oakwood Properties',
  amount: 1500,
  category: 'rent',
  suggestedDueDate: '2026-04-02',
  transactionDate: '2026-03-02',
  confidence: 0.93,
  recurring: 'monthly',
  looksLike: { id: RENT_ID, name: 'Rent', amountCents: 145_000, date: '2026-01-01' },
};
const netflix: BillSuggestionDto = {
  id: 's-netflix',
  name: 'Netflix',
  amount: 15.49,
  category: 'subscriptions',
  suggestedDueDate: '2026-03-22',
  transactionDate: null,
  confidence: 0.9,
};
const acme: IncomeSuggestionDto = {
  id: 's-acme',
  source: 'ACME PAYROLL',
  amount: 3100,
  suggestedFrequency: 'biweekly',
  suggestedNextDate: '2026-03-14',
  transactionDate: null,
  confidence: 0.9,
  looksLike: { id: SALARY_ID, name: 'Salary', amountCents: 300_000, date: '2026-03-13' },
};

type Call = { endpoint: Endpoint; request: { params?: Record<string, string>; body?: unknown } };

/** The finance calls of this panel: the list, and whatever the answer routes reply (or fail with). */
function stubApi(list: SuggestionsResponse, answer: () => Promise<unknown> = async () => ({})): { api: ApiClient; calls: Call[] } {
  const calls: Call[] = [];
  const call = async (endpoint: Endpoint, request: Call['request'] = {}) => {
    if (endpoint === FINANCE_ENDPOINTS.suggestions) return list;
    calls.push({ endpoint, request });
    return answer();
  };
  return { api: { call: vi.fn(call) } as unknown as ApiClient, calls };
}

const card = (question: string) => screen.getByText(question).closest('li') as HTMLElement;

describe('ServerSuggestions: a detected item that looks like one of yours', () => {
  it("asks 'Is Oakwood Properties your Rent?' with your Rent's amount and date and the three answers", async () => {
    renderWithProviders(<ServerSuggestions api={stubApi({ bills: [oakwood, netflix], income: [] }).api} />);
    await screen.findByText('Is Oakwood Properties your Rent?');
    const rentCard = card('Is Oakwood Properties your Rent?');
    expect(within(rentCard).getByText('$1,450.00')).toBeInTheDocument();
    expect(within(rentCard).getByText(new RegExp(`due ${formatDate('2026-01-01')}`))).toBeInTheDocument();
    expect(within(rentCard).getByText('$1,500.00')).toBeInTheDocument();
    const group = within(rentCard).getByRole('group', { name: 'Is Oakwood Properties your Rent?' });
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual(['Link', 'Replace', 'Add as new']);
    expect(within(group).getByRole('button', { name: 'Link Oakwood Properties to your Rent' })).toBeEnabled();
    expect(within(group).getByRole('button', { name: 'Replace your Rent with Oakwood Properties' })).toBeEnabled();
    expect(within(group).getByRole('button', { name: 'Add as new: Oakwood Properties' })).toBeEnabled();
    // A suggestion like nothing of yours keeps its plain Accept.
    expect(screen.getByRole('button', { name: 'Accept Netflix' })).toBeInTheDocument();
    expect(screen.queryByText(/your Netflix/)).not.toBeInTheDocument();
  });

  it.each([
    ['Link Oakwood Properties to your Rent', FINANCE_ENDPOINTS.linkSuggestion, { target_id: RENT_ID }, 'Linked Oakwood Properties to your Rent.'],
    ['Replace your Rent with Oakwood Properties', FINANCE_ENDPOINTS.replaceSuggestion, { target_id: RENT_ID }, 'Updated your Rent from Oakwood Properties.'],
    ['Add as new: Oakwood Properties', FINANCE_ENDPOINTS.acceptBill, {}, 'Added Oakwood Properties to your bills.'],
  ])('%s: sends that answer, removes the card and moves the focus to the next card', async (button, endpoint, body, notice) => {
    const { api, calls } = stubApi({ bills: [oakwood, netflix], income: [] });
    renderWithProviders(<ServerSuggestions api={api} />);
    await userEvent.click(await screen.findByRole('button', { name: button }));
    expect(await screen.findByText(notice)).toBeInTheDocument();
    expect(calls).toEqual([{ endpoint, request: { params: { id: 's-oakwood' }, body } }]);
    expect(screen.queryByText('Is Oakwood Properties your Rent?')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Accept Netflix' })).toHaveFocus());
  });

  it('an income: Link sends the Salary as the target; the last card gone, the focus goes to the heading', async () => {
    const { api, calls } = stubApi({ bills: [], income: [acme] });
    renderWithProviders(<ServerSuggestions api={api} />);
    expect(await screen.findByText('Is ACME PAYROLL your Salary?')).toBeInTheDocument();
    expect(within(card('Is ACME PAYROLL your Salary?')).getByText(new RegExp(`next ${formatDate('2026-03-13')}`))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Link ACME PAYROLL to your Salary' }));
    expect(await screen.findByText('Linked ACME PAYROLL to your Salary.')).toBeInTheDocument();
    expect(calls).toEqual([{ endpoint: FINANCE_ENDPOINTS.linkSuggestion, request: { params: { id: 's-acme' }, body: { target_id: SALARY_ID } } }]);
    await vi.waitFor(() => expect(screen.getByRole('heading', { name: 'Suggested from your bank data' })).toHaveFocus());
  });

  it('a failed answer keeps the card, says so, and gives the focus back to the button', async () => {
    const { api } = stubApi({ bills: [oakwood], income: [] }, async () => {
      throw new ApiError(503, 'Service unavailable');
    });
    renderWithProviders(<ServerSuggestions api={api} />);
    const replace = await screen.findByRole('button', { name: 'Replace your Rent with Oakwood Properties' });
    await userEvent.click(replace);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update from the suggestion. Please try again.');
    expect(screen.getByText('Is Oakwood Properties your Rent?')).toBeInTheDocument();
    await vi.waitFor(() => expect(replace).toHaveFocus());
    expect(replace).toBeEnabled();
  });
});
