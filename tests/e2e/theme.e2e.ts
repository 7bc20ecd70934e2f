// The dark and automatic themes (docs/themes.md): chosen in Settings, painted dark before any module runs on a
// prerendered page, and under Auto following the device the moment it switches. The axe checks of every screen in
// both themes are in accessibility.e2e.ts; here are the journeys, with screenshots to look at.
import { addDays } from '@paycadence/finance-rules';
import { expect, test, type Page } from '@playwright/test';
import { localToday } from './support/dates.js';
import { seriousViolations } from './support/axe.js';
import { registerUser, signIn } from './support/session.js';
import { shownTheme } from './support/theme.js';

/** The page's painted background, as the person sees it behind the content. */
const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const DARK_BG = 'rgb(12, 20, 23)';
const LIGHT_BG = 'rgb(247, 249, 250)';

async function choose(page: Page, theme: 'Light' | 'Dark' | 'Auto') {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Preferences' }).click();
  await page.getByLabel('Theme').selectOption({ label: theme });
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByText('Settings saved successfully!')).toBeVisible();
}

test('Dark chosen in Settings themes every page, and a prerendered page paints dark before any module runs', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const today = localToday();
  const email = await registerUser(page, { prefix: 'theme-dark', firstName: 'Noor' });
  const headers = { authorization: `Bearer ${await signIn(page, email)}` };
  await page.request.post('/api/financial/income', {
    headers,
    data: { source: 'Salary', amount: 2400, frequency: 'biweekly', next_date: addDays(today, 3) },
  });
  await page.request.post('/api/financial/bills', {
    headers,
    data: { name: 'Rent', amount: 1350, due_date: addDays(today, 6), priority: 'high', category: 'rent' },
  });

  expect(await shownTheme(page)).toBe('light');
  await choose(page, 'Dark');
  // Applied on save, without a reload.
  expect(await shownTheme(page)).toBe('dark');
  expect(await pageBackground(page)).toBe(DARK_BG);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/dashboard');
    await expect(page.getByRole('list', { name: 'Suggested payments' })).toContainText('Rent');
    expect(await shownTheme(page)).toBe('dark');
    await page.screenshot({ path: test.info().outputPath(`dashboard-dark-${width}.png`), fullPage: true });
    await page.getByRole('button', { name: 'Calendar', exact: true }).click();
    await expect(page.getByRole('grid')).toBeVisible();
    expect(await seriousViolations(page), `calendar in dark at ${width}px`).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`calendar-dark-${width}.png`), fullPage: true });
  }

  // A prerendered public page with every module refused: only the blocking theme script runs, and the first paint
  // is already dark. (The page still has its prerendered words; nothing of the app has started.)
  await page.route(/\.m?js(\?.*)?$/, (route) =>
    new URL(route.request().url()).pathname === '/theme-init.js' ? route.continue() : route.abort(),
  );
  await page.goto('/about');
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(1);
  expect(await shownTheme(page)).toBe('dark');
  expect(await pageBackground(page)).toBe(DARK_BG);
  await page.screenshot({ path: test.info().outputPath('about-dark-before-modules.png') });
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('Auto follows the device: dark when it is dark, light the moment it switches back', async ({ page }) => {
  const email = await registerUser(page, { prefix: 'theme-auto', firstName: 'Ash' });
  await signIn(page, email);
  await page.emulateMedia({ colorScheme: 'light' });
  await choose(page, 'Auto');
  expect(await shownTheme(page)).toBe('light');

  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => shownTheme(page)).toBe('dark');
  expect(await pageBackground(page)).toBe(DARK_BG);

  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => shownTheme(page)).toBe('light');
  expect(await pageBackground(page)).toBe(LIGHT_BG);

  // A device that starts dark opens the app dark, before the app's own code runs.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  expect(await shownTheme(page)).toBe('dark');
});
