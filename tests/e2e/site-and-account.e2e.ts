// The public site and the account screens, each journey at a desktop and a phone width: the landing
// page's sample dates, the coming-soon message, the way back after signing in from a guarded page, keeping and
// replacing backup codes, settings tabs on a phone, the read-only profile, and the reset-password success state.
// Screenshots land in the test's output folder for a person to look at.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { PASSWORD, registerUser } from './support/session.js';


const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** '01/04/2027' for local today + `days`, as formatDate shows it in the default date format (MM/DD/YYYY). */
const shownDate = (days: number) => {
  const now = new Date();
  const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
};

async function signInOnScreen(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

const totpAt = async (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds, digits: 6, period: 30 });

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    const shot = (page: Page, name: string, fullPage = false) => page.screenshot({ path: test.info().outputPath(`${name}-${viewport.width}.png`), fullPage });

    test('the landing page sample plan is dated from today, never in the past', async ({ page }) => {
      await page.goto('/');
      const sample = page.getByRole('figure', { name: 'Example plan with sample numbers' });
      await expect(sample.getByText(`Arrives ${shownDate(2)}`)).toBeVisible();
      await expect(sample.getByRole('listitem').filter({ hasText: 'Rent' })).toContainText(`pay ${shownDate(5)}`);
      const shown = (await sample.innerText()).match(/\d{2}\/\d{2}\/\d{4}/g) ?? [];
      expect(shown.length).toBe(7);
      const today = Date.parse(shownDate(0));
      for (const date of shown) expect(Date.parse(date)).toBeGreaterThan(today);
      await shot(page, 'landing');
    });

    test('the coming-soon form names PayCadence in its thank-you', async ({ page }) => {
      await page.goto('/coming-soon');
      await page.getByLabel('Email address').fill('soon@example.com');
      await page.getByRole('button', { name: 'Notify Me' }).click();
      await expect(page.getByText("Thanks! We'll notify you when PayCadence launches.")).toBeVisible();
    });

    test('signing in from a guarded deep link returns to it, query included; off-site next= is ignored', async ({ page }) => {
      const email = await registerUser(page, { prefix: `polish-next-${viewport.width}`, firstName: 'Nia' });
      await page.goto('/profile?ref=polish#details');
      await page.waitForURL((url) => url.pathname === '/admin-login');
      expect(new URL(page.url()).searchParams.get('next')).toBe('/profile?ref=polish#details');
      await signInOnScreen(page, email);
      await page.waitForURL((url) => url.pathname === '/profile' && url.search === '?ref=polish');
      await expect(page.getByRole('heading', { level: 1, name: 'User Profile' })).toBeVisible();

      // Signed out again, an open-redirect attempt lands on the default page instead.
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());
      for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
        await page.goto(`/login?next=${encodeURIComponent(next)}`);
        await signInOnScreen(page, email);
        await page.waitForURL((url) => url.pathname === '/dashboard');
        await page.context().clearCookies();
        await page.evaluate(() => localStorage.clear());
      }
    });

    test('backup codes can be copied, downloaded and printed; regenerating asks first', async ({ page, context, baseURL }) => {
      test.setTimeout(90_000);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
      const email = await registerUser(page, { prefix: `polish-codes-${viewport.width}`, firstName: 'Cole' });
      await page.goto('/settings');
      await signInOnScreen(page, email);
      await page.waitForURL((url) => url.pathname === '/settings');
      await page.getByRole('tab', { name: '2FA' }).click();
      await page.getByRole('button', { name: /Authenticator app/ }).click();
      const secret = (await page.getByTestId('manual-entry-key').innerText()).replace(/\s/g, '');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel('Verification code').fill(await totpAt(secret, -30));
      await page.getByLabel('Current password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Verify and enable' }).click();
      const list = page.getByRole('list', { name: 'Backup codes' });
      await expect(list.getByRole('listitem')).toHaveCount(10);
      const codes = (await list.getByRole('listitem').allInnerTexts()).map((code) => code.trim());

      await page.getByRole('button', { name: 'Copy', exact: true }).click();
      await expect(page.getByText('Backup codes copied to the clipboard.')).toBeVisible();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      for (const code of codes) expect(copied).toContain(code);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download .txt' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('paycadence-backup-codes.txt');
      const text = await readFile((await file.path())!, 'utf8');
      expect(text.trim().split('\n').slice(-10)).toEqual(codes);

      // Print: the dialog itself is the browser's; the page asks for it with the codes alone on the sheet.
      await page.evaluate(() => {
        (window as unknown as { printed: number }).printed = 0;
        window.print = () => {
          (window as unknown as { printed: number }).printed += 1;
        };
      });
      await page.getByRole('button', { name: 'Print', exact: true }).click();
      expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
      await page.emulateMedia({ media: 'print' });
      await expect(list).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeHidden();
      await expect(page.getByRole('button', { name: 'Copy', exact: true })).toBeHidden();
      await page.emulateMedia({ media: 'screen' });
      await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
      await shot(page, 'backup-codes');

      await page.getByRole('button', { name: 'Generate new backup codes' }).click();
      const dialog = page.getByRole('dialog', { name: 'Replace your backup codes?' });
      await expect(dialog).toContainText('the old codes stop working');
      for (const button of await dialog.getByRole('button').all()) {
        const box = (await button.boundingBox())!;
        expect(box.x >= 0 && box.x + box.width <= viewport.width, 'dialog buttons fit on screen').toBe(true);
      }
      await dialog.getByRole('button', { name: 'Keep my current codes' }).click();
      await expect(dialog).toBeHidden();
      expect((await list.getByRole('listitem').allInnerTexts()).map((code) => code.trim())).toEqual(codes);

      await page.getByRole('button', { name: 'Generate new backup codes' }).click();
      await dialog.getByRole('button', { name: 'Replace codes' }).click();
      await expect(list.getByRole('listitem').first()).not.toHaveText(codes[0]);
      const fresh = (await list.getByRole('listitem').allInnerTexts()).map((code) => code.trim());
      expect(fresh).toHaveLength(10);
      expect(fresh.filter((code) => codes.includes(code))).toEqual([]);
    });

    test('settings tabs all fit on screen (they wrap, no hidden sideways scroll)', async ({ page }) => {
      const email = await registerUser(page, { prefix: `polish-tabs-${viewport.width}`, firstName: 'Tam' });
      await page.goto('/settings');
      await signInOnScreen(page, email);
      await page.waitForURL((url) => url.pathname === '/settings');
      const tablist = page.getByRole('tablist', { name: 'Settings sections' });
      // Profile, Security, 2FA, Notifications, Preferences and Your data.
      await expect(tablist.getByRole('tab')).toHaveCount(6);
      for (const tab of await tablist.getByRole('tab').all()) {
        const box = (await tab.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      }
      expect(await tablist.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      await page.getByRole('tab', { name: 'Preferences' }).click();
      await expect(page.getByRole('heading', { name: 'Preferences' })).toBeVisible();
      await shot(page, 'settings-tabs');
    });

    test('the profile shows text until Edit Profile, then inputs; Cancel goes back to text', async ({ page }) => {
      const email = await registerUser(page, { prefix: `polish-profile-${viewport.width}`, firstName: 'Pia' });
      await page.goto('/profile');
      await signInOnScreen(page, email);
      await page.waitForURL((url) => url.pathname === '/profile');
      const details = page.locator('.pc-profile__details');
      await expect(details).toContainText('Pia');
      await expect(details).toContainText('Austin');
      await expect(page.getByRole('main').getByRole('textbox')).toHaveCount(0);

      await page.getByRole('button', { name: 'Edit Profile' }).click();
      await expect(page.getByLabel('First name')).toHaveValue('Pia');
      await expect(page.getByLabel('First name')).toBeEditable();
      await page.getByLabel('City').fill('Dallas');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('main').getByRole('textbox')).toHaveCount(0);
      await expect(details).toContainText('Austin');
    });

    test('a successful password reset replaces the form with the message and a way on', async ({ page }) => {
      // The reset itself (token, outbox link, new password) is auth.e2e.ts's; here the screen's states.
      await page.route('**/api/auth/update-password', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"success":true}' }));
      await page.goto('/reset-password#access_token=recovery-e2e&refresh_token=r-e2e&type=recovery');
      await page.getByLabel('New password', { exact: true }).fill('Fresh-Start-2027$');
      await page.getByLabel('Confirm new password').fill('Fresh-Start-2027$');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await expect(page.getByText('Password reset successfully! Redirecting to login...')).toBeVisible();
      await expect(page.getByRole('button', { name: /Reset password|Resetting/ })).toHaveCount(0);
      await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Sign in now' })).toBeVisible();
      await shot(page, 'reset-success');
      await page.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
    });
  });
}
