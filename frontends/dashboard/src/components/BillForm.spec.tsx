import { DUE_DAY_MESSAGES } from '@paycadence/contracts';
import { renderWithProviders } from '@paycadence/web-kit/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BillForm, type BillFormProps } from './BillForm.js';

const renderForm = (props: Partial<BillFormProps> = {}) => {
  const onSubmit = vi.fn();
  renderWithProviders(<BillForm mode="add" saving={false} onSubmit={onSubmit} onCancel={() => undefined} {...props} />);
  const form = screen.getByRole('form', { name: props.mode === 'edit' ? 'Edit bill' : 'Add a bill' });
  return { form, onSubmit };
};

async function fillBasics(form: HTMLElement) {
  await userEvent.type(within(form).getByLabelText('Bill name'), 'Phone');
  await userEvent.type(within(form).getByLabelText('Amount ($)'), '60');
  await userEvent.type(within(form).getByLabelText('Due date'), '2026-06-05');
}

const flexibility = (form: HTMLElement) => within(form).getByRole('combobox', { name: 'Can the biller move its due day?' }) as HTMLSelectElement;
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('BillForm: can its due date change', () => {
  it("starts from the category's usual answer until the person chooses, and asks the allowed days unless No", async () => {
    const { form } = renderForm();
    expect(flexibility(form).selectedOptions[0]!.textContent).toBe('Yes');
    expect(description(flexibility(form))).toContain('Usually yes for utilities; your biller can tell you.');
    expect(within(form).getByRole('group', { name: 'Days the biller allows' })).toBeInTheDocument();

    await userEvent.selectOptions(within(form).getByLabelText('Category'), 'rent');
    expect(flexibility(form).selectedOptions[0]!.textContent).toBe('No');
    expect(description(flexibility(form))).toContain('Usually no for rent');
    expect(within(form).queryByRole('group', { name: 'Days the biller allows' })).toBeNull();

    await userEvent.selectOptions(within(form).getByLabelText('Category'), 'other');
    expect(flexibility(form).selectedOptions[0]!.textContent).toBe("Don't know");
    expect(within(form).getByRole('group', { name: 'Days the biller allows' })).toBeInTheDocument();
  });

  it('sends nothing about the due day until it is answered, so the category decides (null on the server)', async () => {
    const { form, onSubmit } = renderForm();
    await fillBasics(form);
    await userEvent.click(within(form).getByRole('button', { name: 'Add bill' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).not.toHaveProperty('due_day_flexible');
  });

  it('sends the answer and the days the biller allows', async () => {
    const { form, onSubmit } = renderForm();
    await fillBasics(form);
    await userEvent.selectOptions(flexibility(form), 'unknown');
    await userEvent.selectOptions(within(form).getByLabelText('From day'), '10');
    await userEvent.selectOptions(within(form).getByLabelText('To day'), '31');
    expect((within(form).getByLabelText('To day') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Last day of the month');
    await userEvent.click(within(form).getByRole('button', { name: 'Add bill' }));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ name: 'Phone', due_day_flexible: 'unknown', due_day_min: 10, due_day_max: 31 });
  });

  it('No clears the days; the days out of order are refused beside the field before sending', async () => {
    const { form, onSubmit } = renderForm();
    await fillBasics(form);
    await userEvent.selectOptions(within(form).getByLabelText('From day'), '20');
    await userEvent.selectOptions(within(form).getByLabelText('To day'), '10');
    await userEvent.click(within(form).getByRole('button', { name: 'Add bill' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(within(form).getByLabelText('From day')).toHaveAccessibleDescription(DUE_DAY_MESSAGES.rangeOrder);
    expect(within(form).getByLabelText('From day')).toHaveFocus();

    await userEvent.selectOptions(flexibility(form), 'no');
    await userEvent.click(within(form).getByRole('button', { name: 'Add bill' }));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ due_day_flexible: 'no', due_day_min: null, due_day_max: null });
  });

  it("shows the server's refusal beside its field", async () => {
    const message = 'The last allowed due day must be a day of the month (1 to 31)';
    const { form } = renderForm({ error: 'Could not save', fieldErrors: { due_day_max: message } });
    expect(within(form).getByLabelText('To day')).toHaveAccessibleDescription(message);
    // Changing the field clears its refusal.
    await userEvent.selectOptions(within(form).getByLabelText('To day'), '28');
    expect(within(form).getByLabelText('To day')).not.toHaveAccessibleDescription(message);
  });

  it("keeps an edited bill's answer and sends it only when changed", async () => {
    const initial = { name: 'Rent', amount: '1450.00', due_date: '2026-06-01', priority: 'high', category: 'rent', recurring: 'monthly' } as const;
    const { form, onSubmit } = renderForm({ mode: 'edit', initial, initialDueDay: { flexible: 'yes', min: 1, max: 5 } });
    expect(flexibility(form).selectedOptions[0]!.textContent).toBe('Yes');
    expect(description(flexibility(form))).not.toContain('Usually');
    expect((within(form).getByLabelText('To day') as HTMLSelectElement).value).toBe('5');
    await userEvent.click(within(form).getByRole('button', { name: 'Update bill' }));
    expect(onSubmit.mock.calls[0]![0]).not.toHaveProperty('due_day_max');
    await userEvent.selectOptions(within(form).getByLabelText('To day'), '3');
    await userEvent.click(within(form).getByRole('button', { name: 'Update bill' }));
    expect(onSubmit.mock.calls[1]![0]).toMatchObject({ due_day_flexible: 'yes', due_day_min: 1, due_day_max: 3 });
  });
});
