// At laptop and phone width: errors that reach the user (focus, scroll, announcement),
// actions that confirm themselves (toasts, and an Undo that really keeps the record), and preferences that do
// what the settings say (default view, date format; currency stated honestly). Needs the stack behind BASE_URL.
import { addDays } from '@paycadence/finance-rules';
import { expect, test, type Page } from '@playwright/test';
import { handedOver } from './support/prerender.js';
import { registerOnScreen, registerUser, signIn } from './support/session.js';
import { localToday } from './support/dates.js';
import { seriousViolations } from './support/axe.js';

/** A date as the app's default (MM/DD/YYYY) would never write it: 'Nov 27, 2026'. */
const SPELLED_DATE = /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}\b/;

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });

for (const width of [1280, 390]) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('item 3: a refused registration brings its message into view, focused, with a sign-in link', async ({ page }) => {
      test.setTimeout(60_000);
      const taken = await registerUser(page, { prefix: 'taken', firstName: 'Tess' });

      // Client check first: an empty form submitted from the bottom lands on the first field, not the top.
      await page.goto('/register');
      // The page arrives prerendered; scrolling a control is no action that waits for the app to take it over.
      await handedOver(page);
      const submit = page.getByRole('button', { name: 'Create account' });
      await submit.scrollIntoViewIfNeeded();
      await submit.click();
      const firstName = page.getByLabel('First name');
      await expect(firstName).toBeFocused();
      await expect(firstName).toBeInViewport();
      await expect(page.getByText('First name is required')).toBeVisible();

      // The server refuses a taken e-mail: its message at the top of the long form takes the focus.
      await page.goto('/register');
      await registerOnScreen(page, { email: taken, firstName: 'Tess' });
      // The form's message (the e-mail field repeats it under itself).
      const alert = page.locator('.pc-alert[role="alert"]').filter({ hasText: 'An account with this email already exists.' });
      await expect(alert).toBeFocused();
      await expect(alert).toBeInViewport();
      await page.screenshot({ path: test.info().outputPath(`item3-register-email-taken-${width}.png`) });
      expect(await seriousViolations(page)).toEqual([]);

      // 'sign in instead' is a link, and it brings the e-mail along.
      await alert.getByRole('link', { name: 'sign in instead' }).click();
      await expect(page).toHaveURL(/\/login/);
      await expect(page.getByLabel('Email')).toHaveValue(taken);

      // A refused sign-in: the message is focused too.
      await page.getByLabel('Password', { exact: true }).fill('Not-The-Password-1!');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      const refusal = page.getByRole('alert');
      await expect(refusal).toBeFocused();
      await expect(refusal).toBeInViewport();
      await page.screenshot({ path: test.info().outputPath(`item3-sign-in-refused-${width}.png`) });
    });

    test('item 4: adding and editing confirm in a toast; a delete offers Undo, which keeps the bill', async ({ page }) => {
      test.setTimeout(90_000);
      const email = await registerUser(page, { prefix: 'toast', firstName: 'Toby' });
      await signIn(page, email);
      const deletes: string[] = [];
      page.on('request', (request) => request.method() === 'DELETE' && deletes.push(new URL(request.url()).pathname));

      await page.getByRole('button', { name: 'Add bill' }).click();
      const form = page.getByRole('form', { name: 'Add a bill' });
      // A refused bill form focuses its first missing field.
      await form.getByRole('button', { name: 'Add bill' }).click();
      await expect(form.getByLabel('Bill name')).toBeFocused();
      await form.getByLabel('Bill name').fill('Water');
      await form.getByLabel('Amount ($)').fill('48.20');
      await form.getByLabel('Due date').fill(addDays(localToday(), 9));
      await form.getByRole('button', { name: 'Add bill' }).click();
      await expect(toasts(page).getByText('Bill added.')).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Bill added.' })).toHaveCount(1);

      await page.getByRole('button', { name: 'Edit Water' }).click();
      await page.getByRole('form', { name: 'Edit bill' }).getByLabel('Priority').selectOption('high');
      await page.getByRole('form', { name: 'Edit bill' }).getByRole('button', { name: 'Update bill' }).click();
      await expect(toasts(page).getByText('Bill updated.')).toBeVisible();

      // Delete: the row goes, the toast offers Undo and holds the keyboard focus the Delete button had.
      const bills = page.getByRole('list', { name: 'Bills' });
      await page.getByRole('button', { name: 'Delete Water' }).click();
      await expect(page.getByText('No bills added yet')).toBeVisible();
      const undo = toasts(page).getByRole('button', { name: 'Undo' });
      await expect(toasts(page).getByText('Bill “Water” deleted.')).toBeVisible();
      await expect(undo).toBeFocused();
      await page.screenshot({ path: test.info().outputPath(`item4-undo-toast-${width}.png`) });
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Enter');
      await expect(bills.getByText('Water')).toBeVisible();
      await expect(toasts(page).getByText('Bill “Water” restored.')).toBeVisible();
      expect(deletes).toEqual([]); // nothing was deleted, so nothing had to be re-created

      // Undo survived a reload: the bill is really there.
      await page.reload();
      await expect(page.getByRole('list', { name: 'Bills' }).getByText('Water')).toBeVisible();
      expect(deletes).toEqual([]);

      // Delete for good: closing the offer sends the DELETE at once, and a reload finds the bill gone.
      await page.getByRole('button', { name: 'Delete Water' }).click();
      const sent = page.waitForResponse((response) => response.request().method() === 'DELETE');
      await toasts(page).getByRole('button', { name: 'Dismiss notification' }).click();
      expect((await sent).ok()).toBe(true);
      await page.reload();
      await expect(page.getByText('No bills added yet')).toBeVisible();
      expect(deletes).toHaveLength(1);
    });

    test('item 5: the dashboard opens on the saved default view and every date uses the saved format', async ({ page }) => {
      test.setTimeout(90_000);
      const email = await registerUser(page, { prefix: 'prefs', firstName: 'Pia' });
      const token = await signIn(page, email);
      // A day of the month past the 12th: its MM/DD/YYYY text then reads as no date in DD/MM/YYYY, so 'never
      // the other format' cannot catch another date the page shows (due 01/03/2027 is also 1 March, a pay
      // date in the phone's schedule), and the two formats never print the same text (12/12/2026).
      let due = addDays(localToday(), 9);
      while (Number(due.slice(8, 10)) <= 12) due = addDays(due, 1);
      const [year, month, day] = due.split('-');
      const headers = { authorization: `Bearer ${token}` };
      await page.request.post('/api/financial/income', { headers, data: { source: 'Studio pay', amount: 2400, frequency: 'monthly', next_date: addDays(localToday(), 3) } });
      await page.request.post('/api/financial/bills', { headers, data: { name: 'Phone', amount: 65, due_date: due, priority: 'medium', category: 'utilities' } });

      // Default format first: MM/DD/YYYY, what the settings show selected, and no spelled-out dates beside it.
      await page.reload();
      await expect(page.getByRole('list', { name: 'Bills' }).getByText(`Due ${month}/${day}/${year}`)).toBeVisible();
      expect(await page.locator('main').innerText()).not.toMatch(SPELLED_DATE);

      await page.goto('/settings');
      await page.getByRole('tab', { name: 'Preferences' }).click();
      await page.getByLabel('Default view').selectOption('planner');
      await page.getByLabel('Date format').selectOption('DD/MM/YYYY');
      // Currency: the screen says plainly what it does (amounts are USD, docs/product/signed-in.md §1).
      await expect(page.getByText('All amounts are in US dollars (USD) for now.', { exact: false })).toBeVisible();
      await page.getByRole('button', { name: 'Save preferences' }).click();
      await expect(page.getByText('Settings saved successfully!')).toBeVisible();
      await page.getByLabel('Currency').evaluate((select) => select.scrollIntoView({ block: 'center' }));

      await page.goto('/dashboard');
      await expect(page.getByRole('button', { name: 'Planner' })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByText('Total Income')).toBeVisible();
      await expect(page.getByRole('heading', { name: new RegExp(`^Planner: ${localToday().split('-').reverse().join('/')}`) })).toBeVisible();

      await page.getByRole('button', { name: 'Overview' }).click();
      await expect(page.getByRole('list', { name: 'Bills' }).getByText(`Due ${day}/${month}/${year}`)).toBeVisible();
      const text = await page.locator('main').innerText();
      expect(text).not.toMatch(SPELLED_DATE);
      expect(text).not.toContain(`${month}/${day}/${year}`); // never the other format beside it
      await page.getByRole('list', { name: 'Bills' }).scrollIntoViewIfNeeded();

      // Reopened, the dashboard goes back to the saved default view.
      await page.reload();
      await expect(page.getByRole('button', { name: 'Planner' })).toHaveAttribute('aria-pressed', 'true');
    });
  });
}
