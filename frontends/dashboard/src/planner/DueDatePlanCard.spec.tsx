import { renderWithProviders } from '@paycadence/web-kit/testing';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFinanceApi } from '../test/stub-api.js';
import { DueDatePlanCard } from './DueDatePlanCard.js';
import { planOf, TODAY } from './planner-fixtures.js';

afterEach(() => vi.unstubAllGlobals());

describe('DueDatePlanCard', () => {
  it('says how many moves and the lowest balance before and after, and links to the planner', async () => {
    renderWithProviders(<DueDatePlanCard api={stubFinanceApi({ dueDatePlan: async () => planOf() })} today={TODAY} />);
    const card = await screen.findByRole('region', { name: 'Your due dates could fit your paydays better' });
    expect(card.textContent).toContain('2 bills could be due a few days after a paycheck instead.');
    expect(card.textContent).toContain('Lowest balance -$40.00 →would become $520.00');
    expect(screen.getByRole('link', { name: 'See the due-date planner' })).toHaveAttribute('href', '/planner');
  });

  it('with the same low either way, says so instead of an arrow between two equal figures', async () => {
    const plan = planOf();
    renderWithProviders(<DueDatePlanCard api={stubFinanceApi({ dueDatePlan: async () => ({ ...plan, after: plan.before }) })} today={TODAY} />);
    const card = await screen.findByRole('region', { name: 'Your due dates could fit your paydays better' });
    expect(card.textContent).toContain('Lowest balance -$40.00 either way, with each moved bill paid from the paycheck before it.');
  });

  it.each([
    ['the plan does not help', async () => planOf({ helps: false, moves: [] })],
    ['the call fails', async () => Promise.reject(new Error('down'))],
  ])('shows nothing when %s', async (_label, answer) => {
    const plan = vi.fn(answer);
    renderWithProviders(<DueDatePlanCard api={stubFinanceApi({ dueDatePlan: plan })} today={TODAY} />);
    await waitFor(() => expect(plan).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('region')).toBeNull();
    expect(document.body.textContent).toBe('');
  });

  it("asks for the plain plan with the browser's date", async () => {
    const plan = vi.fn(async () => planOf());
    renderWithProviders(<DueDatePlanCard api={stubFinanceApi({ dueDatePlan: plan })} today={TODAY} />);
    await screen.findByRole('region');
    expect(plan).toHaveBeenCalledWith({ query: { today: TODAY } }, expect.anything());
  });
});
