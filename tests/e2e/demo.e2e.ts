// /demo (docs/product/accounts.md §2): the page's figures are the library's computation over the sample data.
import { demoSampleData, demoSummary, demoWindows, formatCents } from '@paycadence/finance-rules';
import { expect, test } from '@playwright/test';
import { localToday } from './support/dates.js';

test('the demo shows the summary cards, columns and lists of demoSampleData(today)', async ({ page }) => {
  await page.goto('/demo');
  const today = localToday();
  const data = demoSampleData(today);
  const summary = demoSummary(data, today);
  const windows = demoWindows(data, today);

  await expect(page.getByTestId('demo-balance')).toHaveText(formatCents(summary.currentBalanceCents));
  await expect(page.getByTestId('demo-income')).toHaveText(formatCents(summary.monthlyIncomeCents));
  await expect(page.getByTestId('demo-expenses')).toHaveText(formatCents(summary.monthlyExpensesCents));
  await expect(page.getByTestId('demo-savings')).toHaveText(formatCents(summary.monthlySavingsCents));
  await expect(page.getByText(`${summary.expensesPercentOfIncome}% of income`)).toBeVisible();
  await expect(page.getByText(`Income minus bills: ${summary.savingsRatePercent}% of income left`)).toBeVisible();

  for (const window of [windows.thisWeek, windows.nextWeek, windows.later]) {
    await expect(page.getByRole('region', { name: window.title }).getByRole('listitem')).toHaveCount(window.items.length);
  }
  const bills = page.getByRole('region', { name: 'Bills' }).getByRole('listitem');
  await expect(bills).toHaveCount(data.bills.length);
  await expect(page.getByRole('region', { name: 'Income Sources' }).getByRole('listitem')).toHaveCount(data.incomes.length);
  await expect(page.getByRole('link', { name: 'Create your account' })).toHaveAttribute('href', '/register');
});
