// The dashboard end to end: add bills and income, see suggested pay dates and tips change,
// switch views, edit and delete, reload and find everything kept. Needs the whole stack behind BASE_URL.
import { addDays, buildPaymentSchedule, type Bill } from '@paycadence/finance-rules';
import { expect, test } from '@playwright/test';
import { registerUser, signIn } from './support/session.js';
import { localToday } from './support/dates.js';

test('add, see suggestions and tips change, switch views, edit, delete and reload', async ({ page }) => {
  test.setTimeout(90_000);
  const email = await registerUser(page, { prefix: 'dash', firstName: 'Dana' });
  await signIn(page, email);
  const today = localToday();

  await expect(page.getByRole('heading', { level: 1, name: /Hi Dana!/ })).toBeVisible();
  await expect(page.getByText('No bills added yet')).toBeVisible();
  await expect(page.getByText('No income sources added yet')).toBeVisible();

  // Income first: one source gives the 'diversify' tip.
  await page.getByRole('button', { name: 'Add income' }).click();
  const incomeForm = page.getByRole('form', { name: 'Add an income source' });
  await expect(incomeForm.getByLabel('Frequency')).toHaveValue('monthly');
  await incomeForm.getByLabel('Source').fill('Acme Payroll');
  await incomeForm.getByLabel('Amount ($)').fill('3000');
  await incomeForm.getByLabel('Next pay date').fill(addDays(today, 2));
  await incomeForm.getByRole('button', { name: 'Add income' }).click();
  await expect(incomeForm).toBeHidden();
  await expect(page.getByRole('list', { name: 'Income sources' }).getByText('Acme Payroll')).toBeVisible();
  const tips = page.getByRole('list', { name: 'Tips' });
  await expect(tips.getByText(/Diversify your income/)).toBeVisible();

  // A bill due 10 days out is paid 3 days before from that payday (4 days: medium and high priority below), on a
  // business day: the rules' date for the same bill and paycheck.
  const payOn = (priority: Bill['priority']) => {
    const bill: Bill = { id: 'e', name: 'Electric', amountCents: 12_050, dueDate: addDays(today, 10), priority, category: 'utilities', recurring: 'monthly' };
    const income = { id: 'i', source: 'Acme Payroll', amountCents: 300_000, frequency: 'monthly' as const, nextDate: addDays(today, 2) };
    return buildPaymentSchedule([bill], [income], today).find((s) => s.dueDate === bill.dueDate)!.suggestedDate;
  };
  await page.getByRole('button', { name: 'Add bill' }).click();
  const billForm = page.getByRole('form', { name: 'Add a bill' });
  await expect(billForm.getByLabel('Priority')).toHaveValue('medium');
  await expect(billForm.getByLabel('Category')).toHaveValue('utilities');
  await expect(billForm.getByLabel('Repeats')).toHaveValue('monthly');
  await billForm.getByLabel('Bill name').fill('Electric');
  await billForm.getByLabel('Amount ($)').fill('120.50');
  await billForm.getByLabel('Due date').fill(addDays(today, 10));
  await billForm.getByRole('button', { name: 'Add bill' }).click();
  await expect(billForm).toBeHidden();
  const schedule = page.getByRole('list', { name: 'Suggested payments' });
  const electric = schedule.getByRole('listitem').filter({ hasText: 'Electric' }).first();
  // The default date format of the settings, MM/DD/YYYY.
  const fmt = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
  await expect(electric.getByTestId('suggested-date')).toHaveText(fmt(payOn('medium')));

  // Editing it to high priority moves the pay date to 5 days before due (a business day on or after payday).
  await page.getByRole('button', { name: 'Edit Electric' }).click();
  const editForm = page.getByRole('form', { name: 'Edit bill' });
  await expect(editForm.getByLabel('Bill name')).toHaveValue('Electric');
  await expect(editForm.getByLabel('Amount ($)')).toHaveValue('120.50');
  await editForm.getByLabel('Priority').selectOption('high');
  await editForm.getByRole('button', { name: 'Update bill' }).click();
  await expect(editForm).toBeHidden();
  await expect(electric.getByTestId('suggested-date')).toHaveText(fmt(payOn('high')));

  // A second income source removes the 'diversify' tip.
  await page.getByRole('button', { name: 'Add income' }).click();
  const second = page.getByRole('form', { name: 'Add an income source' });
  await second.getByLabel('Source').fill('Tutoring');
  await second.getByLabel('Amount ($)').fill('400');
  await second.getByLabel('Next pay date').fill(addDays(today, 5));
  await second.getByRole('button', { name: 'Add income' }).click();
  await expect(second).toBeHidden();
  await expect(tips.getByText(/Diversify your income/)).toHaveCount(0);

  // Views: Calendar and Planner, remembered across a reload.
  await page.getByRole('button', { name: 'Calendar' }).click();
  await expect(page.getByRole('grid')).toBeVisible();
  const cells = await page.getByRole('gridcell').count();
  expect([35, 42]).toContain(cells);
  await page.getByRole('button', { name: 'Planner' }).click();
  await expect(page.getByText('Total Income')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Planner' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('list', { name: 'Upcoming items' }).getByText('Electric').first()).toBeVisible();

  // Delete the second income, reload, and find the rest kept.
  await page.getByRole('button', { name: 'Overview' }).click();
  await page.getByRole('button', { name: 'Delete Tutoring' }).click();
  await expect(page.getByRole('list', { name: 'Income sources' }).getByText('Tutoring')).toHaveCount(0);
  // The delete waits out its Undo offer; closing the offer sends it now.
  const deleted = page.waitForResponse((response) => response.request().method() === 'DELETE');
  await page.getByRole('button', { name: 'Dismiss notification' }).click();
  expect((await deleted).ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('list', { name: 'Bills' }).getByText('Electric')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Income sources' }).getByText('Acme Payroll')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Income sources' }).getByText('Tutoring')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Bills' }).getByText('High')).toBeVisible();
});
