// 'Is Oakwood Properties your Rent?' end to end: a person who already keeps their rent as 'Rent' links the sandbox
// bank; detection finds the emulator's rent payments to Oakwood Properties, and instead of offering a second rent
// the dashboard asks whether it is their Rent. Link keeps one Rent, which gains the payee, so last month's payment
// to Oakwood Properties marks it Paid and the suggestion never comes back. At 390 px the card fits without sideways
// scrolling. Screenshots go to the test's output folder to be looked at.
import { BillSchema, SuggestionsResponseSchema, type BillSuggestionDto } from '@paycadence/contracts';
import { addMonths, startOfMonth } from '@paycadence/finance-rules';
import { expect, test } from '@playwright/test';
import { registerUser, signIn } from './support/session.js';
import { localToday } from './support/dates.js';
import { seriousViolations } from './support/axe.js';
import { expectOccurrencePaid } from './support/bill-status.js';


/** The app's default date format (MM/DD/YYYY). */
const shown = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

test("a detected rent that looks like the person's Rent is linked to it, not added twice", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const today = localToday();
  const email = await registerUser(page, { prefix: 'match', firstName: 'Mia' });
  const headers = { authorization: `Bearer ${await signIn(page, email)}` };

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

  // Detection finds the emulator's rent: payments to Oakwood Properties on the 1st (the next business day).
  let oakwood: BillSuggestionDto | undefined;
  await expect(async () => {
    const answer = await page.request.get('/api/financial/suggestions', { headers });
    expect(answer.status()).toBe(200);
    oakwood = SuggestionsResponseSchema.parse(await answer.json()).bills.find((b) => b.name === 'Oakwood Properties');
    expect(oakwood, 'detection suggested the Oakwood Properties rent').toBeDefined();
  }).toPass({ timeout: 90_000, intervals: [1_000, 2_000, 3_000] });

  // Her own Rent, as she keeps it: the same amount, due on the 1st since last month.
  const lastMonth = addMonths(startOfMonth(today), -1);
  const created = await page.request.post('/api/financial/bills', {
    headers,
    data: { name: 'Rent', amount: oakwood!.amount, due_date: lastMonth, priority: 'high', category: 'rent', recurring: 'monthly' },
  });
  expect(created.status()).toBe(201);
  const rent = BillSchema.parse(await created.json());

  // The dashboard asks instead of offering a second rent.
  await page.goto('/dashboard');
  const panel = page.locator('.db-section').filter({ has: page.getByRole('heading', { level: 2, name: 'Suggested from your bank data' }) });
  const question = panel.getByRole('listitem').filter({ hasText: 'Is Oakwood Properties your Rent?' });
  await expect(question).toBeVisible({ timeout: 15_000 });
  await expect(question).toContainText(`due ${shown(lastMonth)}`);
  const choices = question.getByRole('group', { name: 'Is Oakwood Properties your Rent?' });
  await expect(choices.getByRole('button')).toHaveText(['Link', 'Replace', 'Add as new']);
  await expect(panel.getByRole('button', { name: 'Accept Oakwood Properties' })).toHaveCount(0);

  // At a phone's width the card and its three answers fit.
  await page.setViewportSize({ width: 390, height: 900 });
  await question.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling at 390px').toBeLessThanOrEqual(390);
  for (const name of ['Link Oakwood Properties to your Rent', 'Replace your Rent with Oakwood Properties', 'Add as new: Oakwood Properties']) {
    const box = await choices.getByRole('button', { name }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390, `${name} is within the screen`).toBe(true);
  }
  expect(await seriousViolations(page)).toEqual([]);
  await question.screenshot({ path: test.info().outputPath(`question-390.png`) });
  await page.setViewportSize({ width: 1280, height: 900 });
  await question.screenshot({ path: test.info().outputPath(`question-1280.png`) });

  await choices.getByRole('button', { name: 'Link Oakwood Properties to your Rent' }).click();
  await expect(panel.getByText('Linked Oakwood Properties to your Rent.')).toBeVisible();
  await expect(question).toHaveCount(0);
  // The focus stays in the panel (the next suggestion, or its heading), not back at the top of the page.
  expect(await page.evaluate(() => document.activeElement?.closest('.db-section')?.querySelector('h2')?.textContent)).toBe('Suggested from your bank data');

  // One Rent, which now has the payee; the suggestion is answered for good.
  const bills = BillSchema.extend({ payee: BillSchema.shape.name.optional() }).array().parse(await (await page.request.get('/api/financial/bills', { headers })).json());
  expect(bills.map((b) => [b.id, b.name, b.payee])).toEqual([[rent.id, 'Rent', 'Oakwood Properties']]);
  const after = SuggestionsResponseSchema.parse(await (await page.request.get('/api/financial/suggestions', { headers })).json());
  expect(after.bills.some((b) => b.name === 'Oakwood Properties')).toBe(false);

  // Last month's payment to Oakwood Properties pays last month's Rent.
  await expectOccurrencePaid(page, 'Rent', lastMonth);
});
