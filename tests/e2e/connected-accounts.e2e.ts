// Connected accounts end to end: link the sandbox bank through the built-in dialog (a wrong
// password first), see accounts and transactions arrive with the import progress, accept a detected
// paycheck and bill, and find the bill on the dashboard with its suggested pay date. Needs the whole stack
// behind BASE_URL, with no real Plaid keys (the emulator answers).
import { expect, test, type Page } from '@playwright/test';
import { registerUser, signIn } from './support/session.js';

/** Clicks 'Match with bills' until detection has produced a suggestion of this kind; answers its name. */
async function waitForSuggestion(page: Page, detail: RegExp): Promise<string> {
  const row = page.locator('.ca-detected__row').filter({ hasText: detail }).first();
  await expect(async () => {
    await page.getByRole('button', { name: 'Match with bills' }).click();
    await expect(row).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000, intervals: [1_000, 2_000, 3_000] });
  return (await row.locator('.ca-detected__name').textContent())!.trim();
}

test('link the sandbox bank, watch the import, accept a detected bill and find it on the dashboard', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, await registerUser(page, { prefix: 'bank', firstName: 'Bea' }));

  await page.goto('/connected-accounts');
  await expect(page.getByRole('heading', { level: 1, name: 'Connected Accounts' })).toBeVisible();
  await expect(page.getByText('No bank accounts connected yet')).toBeVisible();

  // The sandbox dialog: an institution, then a username and password; a wrong password is refused inside it.
  await page.getByRole('button', { name: 'Connect a bank' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: 'First Platypus Bank' }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByLabel('Username').fill('user_good');
  await dialog.getByLabel('Password').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog.getByText(/username or password is incorrect/i)).toBeVisible();
  await dialog.getByLabel('Password').fill('pass_good');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });

  // Progress while the import runs, then the accounts with their display names and a fresh sync.
  await expect(page.getByText('Importing transactions...').or(page.getByText('Just now'))).toBeVisible({ timeout: 10_000 });
  const bank = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: 'First Platypus Bank' }) });
  await expect(bank.getByText('Checking Account').first()).toBeVisible({ timeout: 30_000 });
  await expect(bank.getByText(/Last synced:/)).toBeVisible();
  await expect(bank.getByText(/\$[\d,]+\.\d{2}/).first()).toBeVisible();

  // Transactions: the whole history once the window is opened all the way.
  await page.getByRole('tab', { name: 'Transaction History' }).click();
  await page.getByRole('button', { name: 'Show last 30 days' }).click();
  await page.getByRole('button', { name: 'Show last 60 days' }).click();
  await page.getByRole('button', { name: 'Show all' }).click();
  await expect(page.locator('.ca-tx').first()).toBeVisible({ timeout: 30_000 });

  // Detection after the import: accept a paycheck, then a bill.
  await page.getByRole('tab', { name: 'Smart Categorization' }).click();
  const income = await waitForSuggestion(page, /Income · /);
  await page.getByRole('button', { name: `Accept ${income}` }).click();
  await expect(page.getByText(`Added ${income} to your income sources.`)).toBeVisible();
  const bill = await waitForSuggestion(page, /Bill · /);
  await page.getByRole('button', { name: `Accept ${bill}` }).click();
  await expect(page.getByText(`Added ${bill} to your bills.`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Accept ${bill}` })).toBeHidden();

  // The dashboard has the bill, with a suggested pay date timed after the accepted paycheck.
  await page.goto('/dashboard');
  await expect(page.getByRole('list', { name: 'Bills' }).getByText(bill)).toBeVisible({ timeout: 15_000 });
  const showAll = page.getByRole('button', { name: /Show all \d+ payments/ });
  if (await showAll.isVisible()) await showAll.click();
  const scheduled = page.getByRole('list', { name: 'Suggested payments' }).getByRole('listitem').filter({ hasText: bill }).first();
  await expect(scheduled.getByTestId('suggested-date')).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
  await expect(page.getByText(/Last updated: (?!Never)/)).toBeVisible();
});
