import { BILL_STATUS_MESSAGES } from '@paycadence/contracts';
import { expect, type Locator, type Page } from '@playwright/test';

/** The app's default date format (MM/DD/YYYY). */
const shown = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** The dashboard's Bill status row of one occurrence of the bill called `name`, due on `dueDate`. */
export const occurrenceRow = (page: Page, name: string, dueDate: string): Locator =>
  page.getByTestId('bill-occurrence').filter({ has: page.getByText(name, { exact: true }) }).filter({ hasText: `Due ${shown(dueDate)}` });

/**
 * Reloads the dashboard (on it already) until the occurrence shows Paid: detection's push of the bank's payments
 * reaches finance a moment after the import. Every bill is shown first (the card lists a few by default).
 */
export async function expectOccurrencePaid(page: Page, name: string, dueDate: string): Promise<Locator> {
  const card = page.locator('.db-bill-status');
  const row = occurrenceRow(page, name, dueDate);
  await expect(async () => {
    await page.reload();
    await expect(card.getByRole('heading', { level: 2, name: BILL_STATUS_MESSAGES.title })).toBeVisible({ timeout: 5_000 });
    const showAll = card.getByRole('button', { name: /Show all \d+ bills/ });
    if (await showAll.isVisible()) await showAll.click();
    await expect(row.getByText('Paid', { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000, intervals: [2_000, 3_000, 5_000] });
  return row;
}
