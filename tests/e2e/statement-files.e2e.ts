// Statement files end to end (docs/statement-files.md): a person who links no bank downloads a CSV from Chase's
// website and imports it on Connected Accounts. The preset is found, the preview counts the transactions, and after
// the import detection suggests the bills in it like a linked bank's. Accepting one adds it; tying the person's own
// Rent to the landlord's name on a payment marks last month's rent Paid. The journey runs at 1280 and 390 px; at
// 390 px an OFX file also goes through the dialog, the account and the tie form without sideways scrolling. Screenshots go to the test's output folder to be looked at.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BILL_STATUS_MESSAGES, STATEMENT_MESSAGES, SuggestionsResponseSchema } from '@paycadence/contracts';
import { addDays, addMonths, startOfMonth } from '@paycadence/finance-rules';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe.js';
import { expectOccurrencePaid } from './support/bill-status.js';
import { localToday } from './support/dates.js';
import { registerUser, signIn } from './support/session.js';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The app's default date format (MM/DD/YYYY), also Chase's. */
const shown = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** Six months of a teacher's checking account as Chase writes it, newest first. */
function chaseCsv(today: string): { csv: string; rows: number } {
  const rows: [string, string, number][] = [];
  for (let month = 0; month < 6; month += 1) {
    const first = addMonths(startOfMonth(today), -month);
    rows.push([first, 'OAKWOOD APTS', -1450]);
    const netflix = addDays(first, 4);
    if (netflix <= today) rows.push([netflix, 'NETFLIX.COM', -15.49]);
    rows.push([addDays(first, 9), 'CORNER GROCER', -(40 + month * 3.25)]);
  }
  for (let pay = 0; pay < 12; pay += 1) rows.push([addDays(today, -2 - pay * 14), 'ACME SCHOOL DIST PAYROLL', 2100]);
  const kept = rows.filter(([date]) => date <= today).sort((a, b) => (a[0] < b[0] ? 1 : -1));
  const csv = ['Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #']
    .concat(kept.map(([date, name, amount]) => `${amount < 0 ? 'DEBIT' : 'CREDIT'},${shown(date)},"${name}",${amount.toFixed(2)},ACH,,`))
    .join('\n');
  return { csv, rows: kept.length };
}

async function openImport(page: Page) {
  await page.goto('/connected-accounts');
  await page.getByRole('button', { name: STATEMENT_MESSAGES.importButton }).click();
  const dialog = page.getByRole('dialog', { name: STATEMENT_MESSAGES.dialogTitle });
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const { width, height } of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
  test(`at ${width} px: a Chase CSV imported with its preset, a suggestion from it accepted, and last month’s rent paid through the payee tie`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height });
    const today = localToday();
    const lastMonth = addMonths(startOfMonth(today), -1);
    const email = await registerUser(page, { prefix: 'statement', firstName: 'Tess' });
    const headers = { authorization: `Bearer ${await signIn(page, email)}` };
    // Her own Rent, kept by hand since last month: the bank calls the payee OAKWOOD APTS, never "rent".
    expect((await page.request.post('/api/financial/bills', { headers, data: { name: 'Rent', amount: 1450, due_date: lastMonth, priority: 'high', category: 'rent', recurring: 'monthly' } })).status()).toBe(201);

    const { csv, rows } = chaseCsv(today);
    const dialog = await openImport(page);
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'Chase1234_Activity.CSV', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(dialog.getByLabel('Bank layout')).toHaveValue('chase-checking');
    await expect(dialog).toContainText(STATEMENT_MESSAGES.counts(rows, 0));
    await expect(dialog.getByLabel('Money out and money in')).toHaveValue('out_negative');
    await dialog.getByLabel('Bank name').fill('Chase');
    await dialog.getByLabel('Account name').fill('Chase checking');
    await page.screenshot({ path: test.info().outputPath(`statement-preview-${width}.png`), fullPage: false });
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: STATEMENT_MESSAGES.importAction, exact: true }).click();
    await expect(dialog.getByText(STATEMENT_MESSAGES.imported(rows, 0))).toBeVisible({ timeout: 15_000 });
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page.getByText(STATEMENT_MESSAGES.fileAccountNote)).toBeVisible();

    // Detection runs on the imported rows as after a bank sync: Netflix is suggested.
    await expect(async () => {
      const answer = await page.request.get('/api/financial/suggestions', { headers });
      const names = SuggestionsResponseSchema.parse(await answer.json()).bills.map((bill) => bill.name.toUpperCase());
      expect(names.some((name) => name.includes('NETFLIX'))).toBe(true);
    }).toPass({ timeout: 60_000, intervals: [1_000, 2_000, 3_000] });
    await page.reload();
    await page.getByRole('tab', { name: 'Smart Categorization' }).click();
    const accept = page.getByRole('button', { name: /^Accept NETFLIX/i });
    await accept.click();
    await expect(page.getByText(/^Added NETFLIX.* to your bills\.$/i)).toBeVisible();
    expect((await (await page.request.get('/api/financial/bills', { headers })).json()).some((bill: { name: string }) => /netflix/i.test(bill.name))).toBe(true);

    // Tie Rent to the landlord's name on last month's payment.
    await page.getByRole('tab', { name: 'Transaction History' }).click();
    // Last month's 1st is up to 61 days back: the 7-day window grows to 30, then 60, then all.
    await page.getByRole('button', { name: 'Show last 30 days' }).click();
    await page.getByRole('button', { name: 'Show last 60 days' }).click();
    await page.getByRole('button', { name: 'Show all' }).click();
    const payment = page.locator('.ca-tx').filter({ hasText: 'OAKWOOD APTS' }).filter({ has: page.locator(`time[datetime="${lastMonth}"]`) });
    await payment.getByRole('button', { name: 'Tie to a bill' }).click();
    await payment.getByLabel('Bill', { exact: true }).selectOption({ label: 'Rent · $1,450.00' });
    await payment.getByRole('button', { name: 'Tie', exact: true }).click();
    await expect(payment.getByText(/Rent is now tied to OAKWOOD APTS/)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`statement-tie-${width}.png`), fullPage: false });

    // The dashboard: last month's Rent is Paid, found in the file's transactions.
    await page.goto('/dashboard');
    await expect(await expectOccurrencePaid(page, 'Rent', lastMonth)).toContainText(BILL_STATUS_MESSAGES.paidFromBank);
    await page.screenshot({ path: test.info().outputPath(`statement-paid-${width}.png`), fullPage: false });
  });
}

test('an OFX file at 390 px: the preview, the account, the tie form fit the phone, and undo from the list takes it back', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, await registerUser(page, { prefix: 'statement-phone', firstName: 'Omar' }));
  const ofx = readFileSync(join(REPO_ROOT, 'services/bank-sync/test/fixtures/statements/ofx1-checking.ofx'));
  const dialog = await openImport(page);
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'maple-valley.ofx', mimeType: 'application/x-ofx', buffer: ofx });
  await expect(dialog).toContainText(STATEMENT_MESSAGES.counts(9, 0));
  await expect(dialog).toContainText('Maple Valley Credit Union');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no sideways scrolling at 390 px').toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('statement-preview-390.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: STATEMENT_MESSAGES.importAction, exact: true }).click();
  await expect(dialog.getByText(STATEMENT_MESSAGES.imported(9, 0))).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  // The file account among the accounts, its balance from the file and its import listed, on a phone.
  await expect(page.getByText(STATEMENT_MESSAGES.fileAccountNote)).toBeVisible();
  await expect(page.getByText('$3,820.25')).toBeVisible();
  expect(await sideways(), 'no sideways scrolling on the accounts tab').toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('statement-account-390.png'), fullPage: true });

  // Tying a bill from a payment fits too.
  await page.getByRole('tab', { name: 'Transaction History' }).click();
  // The file's rows are months old: the window grows from 7 days to all.
  for (const more of ['Show last 30 days', 'Show last 60 days', 'Show all']) await page.getByRole('button', { name: more }).click();
  const rent = page.locator('.ca-tx').filter({ hasText: 'OAKWOOD APTS' }).first();
  await rent.getByRole('button', { name: 'Tie to a bill' }).click();
  await expect(rent.getByLabel('Bill', { exact: true }).or(rent.getByText(/bills/i)).first()).toBeVisible();
  expect(await sideways(), 'no sideways scrolling with the tie form open').toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('statement-tie-390.png'), fullPage: false });

  // Undo from the list of imports: the rows go, the account stays with no balance.
  await page.getByRole('tab', { name: 'Bank Accounts' }).click();
  await page.getByRole('button', { name: `${STATEMENT_MESSAGES.undo}: maple-valley.ofx` }).click();
  await expect(page.getByText(STATEMENT_MESSAGES.undone(9))).toBeVisible();
  await expect(page.getByText('$3,820.25')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('statement-undone-390.png'), fullPage: false });
});

test('a file that is no statement is refused in words, and nothing is imported', async ({ page }) => {
  await signIn(page, await registerUser(page, { prefix: 'statement-bad', firstName: 'Bea' }));
  const dialog = await openImport(page);
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'statement.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n\0\0binary') });
  await expect(dialog.getByRole('alert')).toContainText(STATEMENT_MESSAGES.wrongType);
  await expect(dialog.getByRole('button', { name: STATEMENT_MESSAGES.importAction, exact: true })).toHaveCount(0);
});
