// Paid, due soon, overdue per bill occurrence end to end: link the sandbox bank, add a rent bill
// like the emulator's rent payments (Oakwood Properties, on the 1st), and watch last month's rent turn Paid from the
// imported transaction; mark another bill paid by hand (its payment suggestion goes) and take it back with the toast's
// Undo; see the statuses on the calendar and the planner. Screenshots at 1280 and 390 px go to the test's output folder to be looked at.
import { BILL_STATUS_MESSAGES, TransactionsResponseSchema } from '@paycadence/contracts';
import { addDays, addMonths, startOfMonth } from '@paycadence/finance-rules';
import { expect, test, type Page } from '@playwright/test';
import { registerUser, signIn } from './support/session.js';
import { localToday } from './support/dates.js';
import { seriousViolations } from './support/axe.js';
import { expectOccurrencePaid, occurrenceRow } from './support/bill-status.js';

const RENT = 'Oakwood Properties rent';

/** The app's default date format (MM/DD/YYYY). */
const shown = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

async function screenshots(page: Page, name: string, locator?: ReturnType<Page['locator']>) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    if (locator) {
      await locator.scrollIntoViewIfNeeded();
      await locator.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
    } else await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `no sideways scrolling at ${width}px`).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("link the sandbox bank, watch last month's rent become Paid, mark a bill paid by hand and undo", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const today = localToday();
  const email = await registerUser(page, { prefix: 'paid', firstName: 'Pia' });
  const headers = { authorization: `Bearer ${await signIn(page, email)}` };
  const me = (await (await page.request.get('/api/auth/me', { headers })).json()) as { id?: string; user?: { id: string } };
  const userId = me.user?.id ?? me.id!;

  // Link the sandbox bank through the built-in dialog, as a user does.
  await page.goto('/connected-accounts');
  await page.getByRole('button', { name: 'Connect a bank' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: 'First Platypus Bank' }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByLabel('Username').fill('user_good');
  await dialog.getByLabel('Password').fill('pass_good');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });

  // The emulator pays rent to Oakwood Properties on the 1st (the next business day): last month's payment.
  const lastMonth = addMonths(startOfMonth(today), -1);
  let rent: { amount: number; transaction_date: string } | undefined;
  await expect(async () => {
    const answer = await page.request.get(`/api/plaid-production/transactions/${userId}?days=75&limit=500`, { headers });
    expect(answer.status()).toBe(200);
    const { transactions } = TransactionsResponseSchema.parse(await answer.json());
    rent = transactions.find((t) => t.merchant_name === 'Oakwood Properties' && t.transaction_date.startsWith(lastMonth.slice(0, 7)) && !t.pending);
    expect(rent, "last month's rent payment imported").toBeDefined();
  }).toPass({ timeout: 60_000, intervals: [1_000, 2_000, 3_000] });

  // A monthly rent bill from the 1st of last month, of the amount the bank shows.
  const bill = { name: RENT, amount: rent!.amount, due_date: lastMonth, priority: 'high', category: 'rent', recurring: 'monthly' };
  expect((await page.request.post('/api/financial/bills', { headers, data: bill })).status()).toBe(201);

  // The dashboard: last month's rent is Paid, found in the bank's transactions (detection's push may still be on its way).
  await page.goto('/dashboard');
  const paidRent = await expectOccurrencePaid(page, RENT, lastMonth);
  const card = page.locator('.db-bill-status');
  await expect(paidRent).toContainText(`${BILL_STATUS_MESSAGES.paidFromBank} on ${shown(rent!.transaction_date)}`);
  await expect(paidRent.getByRole('button')).toHaveCount(0);

  // Another bill, due in two days: Due soon, then marked paid by hand, then Undo in the toast.
  const gymDue = addDays(today, 2);
  const gym = { name: 'Gym', amount: 30, due_date: gymDue, priority: 'low', category: 'other', recurring: 'monthly' };
  expect((await page.request.post('/api/financial/bills', { headers, data: gym })).status()).toBe(201);
  await page.reload();
  const gymRow = occurrenceRow(page, 'Gym', gymDue);
  await expect(gymRow.getByText('Due soon', { exact: true })).toBeVisible({ timeout: 15_000 });
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, '1-overview', card);

  // The Smart Payment Schedule suggests a pay date for the gym bill until it is paid.
  const showAllPayments = page.getByRole('button', { name: /Show all \d+ payments/ });
  if (await showAllPayments.isVisible()) await showAllPayments.click();
  const gymSuggestion = page.getByRole('list', { name: 'Suggested payments' }).getByRole('listitem').filter({ hasText: 'Gym' }).filter({ hasText: `due ${shown(gymDue)}` });
  await expect(gymSuggestion).toHaveCount(1);
  await screenshots(page, '0-schedule', page.locator('.db-section').filter({ has: page.getByRole('heading', { level: 2, name: 'Smart Payment Schedule' }) }));

  await gymRow.getByRole('button', { name: `${BILL_STATUS_MESSAGES.markPaid}: Gym, due ${shown(gymDue)}` }).click();
  await expect(page.getByText(BILL_STATUS_MESSAGES.markedPaid('Gym'))).toBeVisible();
  await expect(gymRow.getByText('Paid', { exact: true })).toBeVisible();
  await expect(gymRow).toContainText(BILL_STATUS_MESSAGES.paidByHand);
  await expect(gymSuggestion).toHaveCount(0);
  await screenshots(page, '2-marked', card);
  await page.getByRole('button', { name: 'Undo', exact: true }).first().click();
  await expect(page.getByText(BILL_STATUS_MESSAGES.unmarked('Gym'))).toBeVisible();
  await expect(gymRow.getByText('Due soon', { exact: true })).toBeVisible();
  await expect(gymRow.getByRole('button', { name: `${BILL_STATUS_MESSAGES.markPaid}: Gym, due ${shown(gymDue)}` })).toBeVisible();
  await expect(gymSuggestion).toHaveCount(1);

  // The calendar: last month's rent chip says Paid, and so does its day's details.
  // The toasts go first, so the screenshots show the calendar.
  for (const dismiss of await page.getByRole('button', { name: 'Dismiss notification' }).all()) await dismiss.click().catch(() => undefined);
  await expect(page.getByRole('button', { name: 'Dismiss notification' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Calendar', exact: true }).click();
  await page.getByRole('button', { name: 'Previous month' }).click();
  const rentChip = page.locator('.db-chip--bill').filter({ hasText: RENT }).first();
  await expect(rentChip).toContainText('Paid');
  await page.locator(`[data-date="${lastMonth}"] .db-cell__day`).click();
  const details = page.locator('#db-day-details');
  await expect(details.getByRole('listitem').filter({ hasText: RENT }).getByText('Paid', { exact: true })).toBeVisible();
  await screenshots(page, '3-calendar');

  // The planner: the next rent and the gym bill carry their status.
  await page.getByRole('button', { name: 'Planner', exact: true }).click();
  const gymItem = page.getByRole('list', { name: 'Upcoming items' }).getByRole('listitem').filter({ hasText: 'Gym' }).filter({ hasText: 'Bill' }).first();
  await expect(gymItem.getByText('Due soon', { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, '4-planner');
});
