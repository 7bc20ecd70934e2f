// Proving the e-mail address end to end: a new account plans at once and sees a calm banner; asking for a new
// link right after sign-up is told how long to wait; the link from the outbox, opened on a device with no
// session, confirms the address and takes its token out of the address bar; a second opening is told the link
// was used; back on the dashboard the banner is gone. At phone and desktop widths, with screenshots of the
// banner and the confirmed page to look at.
import { EMAIL_CONFIRMATION_MESSAGES } from '@paycadence/contracts';
import { expect, test } from '@playwright/test';
import { confirmationTokenFor } from '../support/mail-outbox.js';
import { registerUser, signIn } from './support/session.js';

for (const width of [390, 1280]) {
  test(`a new account confirms its address from the e-mailed link (${width} px)`, async ({ page, browser }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const email = await registerUser(page, { prefix: `confirm-${width}`, firstName: 'Rosa', confirmed: false });
    await signIn(page, email);

    const banner = page.getByRole('region', { name: EMAIL_CONFIRMATION_MESSAGES.bannerTitle });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(EMAIL_CONFIRMATION_MESSAGES.banner(email));
    // The dashboard itself works meanwhile.
    await expect(page.getByRole('heading', { level: 1, name: /Hi Rosa!/ })).toBeVisible();

    // Sign-up mailed a link a moment ago: a new one has to wait, and the banner says for how long.
    await banner.getByRole('button', { name: EMAIL_CONFIRMATION_MESSAGES.resend }).click();
    await expect(banner.getByRole('status')).toHaveText(/^We just sent you a link\. You can ask for another in \d+ seconds\.$/);
    await page.screenshot({ path: test.info().outputPath(`banner-${width}.png`) });

    // The link, opened where nobody is signed in (another device): confirmed, and the token leaves the address bar.
    const token = await confirmationTokenFor(email);
    const phone = await browser.newPage({ viewport: { width: 390, height: 800 } });
    await phone.goto(`/confirm-email#token=${token}`);
    await expect(phone.getByRole('heading', { level: 1, name: EMAIL_CONFIRMATION_MESSAGES.pageTitle })).toBeVisible();
    await expect(phone.getByText(EMAIL_CONFIRMATION_MESSAGES.confirmed(email))).toBeVisible();
    expect(new URL(phone.url()).hash).toBe('');
    await phone.screenshot({ path: test.info().outputPath('confirmed.png') });

    await phone.close();

    // Single use: the same link opened again (a new tab) is refused with its own words.
    const again = await browser.newPage({ viewport: { width: 390, height: 800 } });
    await again.goto(`/confirm-email#token=${token}`);
    await expect(again.getByText(EMAIL_CONFIRMATION_MESSAGES.usedLink)).toBeVisible();
    await again.close();

    // Back on the dashboard (a new visit of the page): the banner is gone.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: /Hi Rosa!/ })).toBeVisible();
    await expect(page.getByRole('region', { name: EMAIL_CONFIRMATION_MESSAGES.bannerTitle })).toHaveCount(0);
  });
}

test('a link that is not (or no longer) valid says what to do', async ({ page }) => {
  await page.goto(`/confirm-email#token=${'A'.repeat(43)}`);
  await expect(page.getByText(EMAIL_CONFIRMATION_MESSAGES.invalidLink)).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  const bare = await page.context().newPage();
  await bare.goto('/confirm-email');
  await expect(bare.getByText(EMAIL_CONFIRMATION_MESSAGES.missingToken)).toBeVisible();
});
