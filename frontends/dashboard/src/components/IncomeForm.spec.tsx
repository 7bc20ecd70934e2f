import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DashboardIncome } from '@paycadence/contracts';
import { ApiError } from '@paycadence/web-kit';
import { renderWithProviders } from '@paycadence/web-kit/testing';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../model/messages.js';
import { stubFinanceApi, type StubRequest } from '../test/stub-api.js';
import { IncomeSection } from './IncomeSection.js';

const salary = (extra: Partial<DashboardIncome> = {}): DashboardIncome => ({
  id: 'i-salary', source: 'Salary', amountCents: 240_000, frequency: 'monthly', nextDate: '2026-12-15', ...extra,
});
const noHouseholds = async () => ({ households: [] });

/** The income list with its add form open, saving through `createIncome`. */
async function openAddForm(createIncome = vi.fn(async (request: StubRequest) => request.body)) {
  renderWithProviders(<IncomeSection rows={[]} api={stubFinanceApi({ myHouseholds: noHouseholds, createIncome })} />);
  await userEvent.click(screen.getByRole('button', { name: 'Add income' }));
  const form = screen.getByRole('form', { name: 'Add an income source' });
  return { form, createIncome };
}

async function fillBasics(form: HTMLElement, nextDate: string) {
  await userEvent.type(within(form).getByLabelText('Source'), 'District payroll');
  await userEvent.type(within(form).getByLabelText(/amount \(\$\)/i), '2400');
  await userEvent.type(within(form).getByLabelText('Next pay date'), nextDate);
}

const submitButton = (form: HTMLElement) => within(form).getByRole('button', { name: /Add income|Update income/ });
const selectedLabel = (select: HTMLElement) => (select as HTMLSelectElement).selectedOptions[0]?.textContent;
/** The text an element's aria-describedby points at. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('IncomeForm: twice a month', () => {
  it('offers "Twice a month" with two pay-day selects (1st … 30th, Last day), 1st and 15th by default', async () => {
    const { form } = await openAddForm();
    expect(within(form).queryByRole('group', { name: 'Pay days' })).toBeNull();
    await userEvent.selectOptions(within(form).getByLabelText('Frequency'), 'Twice a month');
    const group = within(form).getByRole('group', { name: 'Pay days' });
    const first = within(group).getByLabelText('First pay day');
    const second = within(group).getByLabelText('Second pay day');
    const labels = within(first).getAllByRole('option').map((o) => o.textContent);
    expect(labels).toHaveLength(31);
    expect(labels.slice(0, 4)).toEqual(['1st', '2nd', '3rd', '4th']);
    expect(labels.slice(20, 23)).toEqual(['21st', '22nd', '23rd']);
    expect(labels.slice(-2)).toEqual(['30th', 'Last day']);
    expect([selectedLabel(first), selectedLabel(second)]).toEqual(['1st', '15th']);
  });

  it.each([
    ['the 15th', '2026-12-15'],
    ['a month end', '2026-11-30'],
  ])('defaults to the 15th and the last day when the next date is %s, and sends them', async (_label, nextDate) => {
    const { form, createIncome } = await openAddForm();
    await fillBasics(form, nextDate);
    await userEvent.selectOptions(within(form).getByLabelText('Frequency'), 'Twice a month');
    const group = within(form).getByRole('group', { name: 'Pay days' });
    expect([selectedLabel(within(group).getByLabelText('First pay day')), selectedLabel(within(group).getByLabelText('Second pay day'))]).toEqual(['15th', 'Last day']);
    await userEvent.click(submitButton(form));
    await vi.waitFor(() => expect(createIncome).toHaveBeenCalled());
    expect(createIncome.mock.calls[0]![0].body).toMatchObject({ frequency: 'twice-monthly', pay_days: [15, 31], paid_months: null, low_amount: null, amount: 2400 });
  });

  it('refuses a next date off both pay days with the rule from contracts, beside the next date', async () => {
    const { form, createIncome } = await openAddForm();
    await fillBasics(form, '2026-12-10');
    await userEvent.selectOptions(within(form).getByLabelText('Frequency'), 'Twice a month');
    await userEvent.click(submitButton(form));
    const nextDate = within(form).getByLabelText('Next pay date');
    expect(nextDate).toHaveAttribute('aria-invalid', 'true');
    expect(description(nextDate)).toBe('Next date must fall on one of the two pay days');
    expect(createIncome).not.toHaveBeenCalled();
  });
});

describe('IncomeForm: school year', () => {
  it('shows twelve month boxes in a fieldset, September to June ticked, and sends those months', async () => {
    const { form, createIncome } = await openAddForm();
    await fillBasics(form, '2026-12-15');
    const choice = within(form).getByLabelText('Months paid');
    expect(within(choice).getAllByRole('option').map((o) => o.textContent)).toEqual(['Paid every month', 'School year (choose the months paid)']);
    expect(within(form).queryByRole('group', { name: 'Months with a paycheck' })).toBeNull();
    await userEvent.selectOptions(choice, 'School year (choose the months paid)');
    const months = within(form).getByRole('group', { name: 'Months with a paycheck' });
    const boxes = within(months).getAllByRole('checkbox');
    expect(boxes).toHaveLength(12);
    expect(boxes.filter((b) => (b as HTMLInputElement).checked).map((b) => b.getAttribute('aria-label'))).toEqual([
      'January', 'February', 'March', 'April', 'May', 'June', 'September', 'October', 'November', 'December',
    ]);
    await userEvent.click(within(months).getByRole('checkbox', { name: 'June' }));
    await userEvent.click(submitButton(form));
    await vi.waitFor(() => expect(createIncome).toHaveBeenCalled());
    expect(createIncome.mock.calls[0]![0].body).toMatchObject({ frequency: 'monthly', paid_months: [1, 2, 3, 4, 5, 9, 10, 11, 12], pay_days: null });
  });

  it('says so when no month is ticked, tied to the boxes, and when the next date falls in an unpaid month', async () => {
    const { form, createIncome } = await openAddForm();
    await fillBasics(form, '2027-07-15');
    await userEvent.selectOptions(within(form).getByLabelText('Months paid'), 'School year (choose the months paid)');
    await userEvent.click(submitButton(form));
    expect(description(within(form).getByLabelText('Next pay date'))).toBe('Next date must fall in a paid month');

    const months = within(form).getByRole('group', { name: 'Months with a paycheck' });
    for (const box of within(months).getAllByRole('checkbox')) if ((box as HTMLInputElement).checked) await userEvent.click(box);
    await userEvent.click(submitButton(form));
    expect(description(months)).toBe('Choose at least one paid month');
    expect(description(within(months).getByRole('checkbox', { name: 'March' }))).toBe('Choose at least one paid month');
    expect(createIncome).not.toHaveBeenCalled();
  });

  it('is offered only for monthly and twice-a-month income', async () => {
    const { form } = await openAddForm();
    for (const [frequency, offered] of [['Weekly', false], ['Every 2 weeks', false], ['Quarterly', false], ['Twice a month', true], ['Monthly', true]] as const) {
      await userEvent.selectOptions(within(form).getByLabelText('Frequency'), frequency);
      expect(within(form).queryByLabelText('Months paid') !== null).toBe(offered);
    }
  });
});

describe('IncomeForm: pay that varies', () => {
  it('"My pay varies" asks for the typical and the low amount, and the low one may not exceed the typical one', async () => {
    const { form, createIncome } = await openAddForm();
    await fillBasics(form, '2026-12-15');
    expect(within(form).queryByLabelText('Low amount ($)')).toBeNull();
    await userEvent.click(within(form).getByRole('checkbox', { name: 'My pay varies' }));
    expect(within(form).getByLabelText('Typical amount ($)')).toHaveValue(2400);
    const low = within(form).getByLabelText('Low amount ($)');
    expect(description(low)).toContain('What a lean paycheck brings');
    await userEvent.type(low, '2500');
    await userEvent.click(submitButton(form));
    expect(low).toHaveAttribute('aria-invalid', 'true');
    expect(description(low)).toContain('Low amount cannot be more than the typical amount');
    expect(createIncome).not.toHaveBeenCalled();

    await userEvent.clear(low);
    await userEvent.type(low, '1200');
    await userEvent.click(submitButton(form));
    await vi.waitFor(() => expect(createIncome).toHaveBeenCalled());
    expect(createIncome.mock.calls[0]![0].body).toMatchObject({ amount: 2400, low_amount: 1200 });
  });
});

describe('IncomeForm: editing and the server', () => {
  it('prefills the pay days, the months paid and the low amount of the edited income, and sends them back', async () => {
    const updateIncome = vi.fn(async (request: StubRequest) => request.body);
    const row = salary({ frequency: 'twice-monthly', payDays: [15, 31], paidMonths: [1, 2, 3, 4, 5, 6, 9, 10, 11, 12], lowAmountCents: 120_000 });
    renderWithProviders(<IncomeSection rows={[row]} api={stubFinanceApi({ myHouseholds: noHouseholds, updateIncome })} />);
    await userEvent.click(screen.getByRole('button', { name: /Edit.*Salary/ }));
    const form = screen.getByRole('form', { name: 'Edit income source' });
    expect(within(form).getByLabelText('Frequency')).toHaveValue('twice-monthly');
    const group = within(form).getByRole('group', { name: 'Pay days' });
    expect([selectedLabel(within(group).getByLabelText('First pay day')), selectedLabel(within(group).getByLabelText('Second pay day'))]).toEqual(['15th', 'Last day']);
    expect(selectedLabel(within(form).getByLabelText('Months paid'))).toBe('School year (choose the months paid)');
    const months = within(form).getByRole('group', { name: 'Months with a paycheck' });
    expect(within(months).getByRole('checkbox', { name: 'July' })).not.toBeChecked();
    expect(within(months).getByRole('checkbox', { name: 'September' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'My pay varies' })).toBeChecked();
    expect(within(form).getByLabelText('Typical amount ($)')).toHaveValue(2400);
    expect(within(form).getByLabelText('Low amount ($)')).toHaveValue(1200);

    // A change of frequency clears what no longer applies, so the server forgets it too.
    await userEvent.selectOptions(within(form).getByLabelText('Frequency'), 'Every 2 weeks');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'My pay varies' }));
    await userEvent.click(submitButton(form));
    await vi.waitFor(() => expect(updateIncome).toHaveBeenCalled());
    expect(updateIncome.mock.calls[0]![0]).toMatchObject({ params: { id: 'i-salary' }, body: { frequency: 'biweekly', pay_days: null, paid_months: null, low_amount: null } });
  });

  it("shows the server's field error beside its field, with the banner", async () => {
    const createIncome = vi.fn(async () => {
      throw new ApiError(400, 'Validation failed', { 'pay_days.1': 'Choose two different pay days' });
    });
    const { form } = await openAddForm(createIncome);
    await fillBasics(form, '2026-12-01');
    await userEvent.selectOptions(within(form).getByLabelText('Frequency'), 'Twice a month');
    await userEvent.click(submitButton(form));
    expect(await within(form).findByText(MESSAGES.saveIncomeFailed)).toBeInTheDocument();
    const group = within(form).getByRole('group', { name: 'Pay days' });
    expect(description(group)).toBe('Choose two different pay days');
    expect(within(group).getByLabelText('First pay day')).toHaveAttribute('aria-invalid', 'true');

    // Changing a pay day takes the stale error away.
    await userEvent.selectOptions(within(group).getByLabelText('Second pay day'), '20th');
    expect(within(form).queryByText('Choose two different pay days')).toBeNull();
  });
});

describe('Income list: the schedule in words', () => {
  it.each([
    [salary({ frequency: 'twice-monthly', payDays: [15, 31] }), ['Twice a month · 15th and last day']],
    [salary({ paidMonths: [1, 2, 3, 4, 5, 6, 9, 10, 11, 12] }), ['Monthly · paid Sep–Jun (no pay Jul–Aug)']],
    [salary({ frequency: 'biweekly', lowAmountCents: 120_000 }), ['Every 2 weeks', 'Varies · $1,200–$2,400']],
  ])('%#', (row, lines) => {
    renderWithProviders(<IncomeSection rows={[row]} api={stubFinanceApi({ myHouseholds: noHouseholds })} />);
    const item = within(screen.getByRole('list', { name: 'Income sources' })).getByRole('listitem');
    for (const line of lines) expect(within(item).getByText(line)).toBeInTheDocument();
  });
});
