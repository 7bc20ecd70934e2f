// Security keys and passkeys in a real Chromium, answered by its virtual authenticator (the DevTools protocol's
// WebAuthn domain: a platform authenticator that keeps passkeys and verifies its user). At 1280 and 390 px a
// person adds a key in Settings → 2FA (password asked again, backup codes shown once), signs out, signs in with
// the password and the key, signs in with the passkey alone (from the e-mail field's autofill offer, and with the
// button), then loses the key: the last key stays while it is the only second factor, and after adding another
// one, the lost key is removed.
// The virtual authenticator answers every ceremony at once, the autofill offer included (where a person would pick
// the passkey from the list), so the journey's page stands for a browser without that offer, and a second tab,
// with the same passkey, signs in by the offer alone.
import { AUTH_MESSAGES, SECURITY_KEY_MESSAGES } from '@paycadence/contracts';
import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe.js';
import { PASSWORD, registerUser, signIn } from './support/session.js';

/** A platform authenticator in this page's browser, holding passkeys and verifying its user with every touch. */
async function addAuthenticator(cdp: CDPSession): Promise<string> {
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return authenticatorId;
}

/** This page's browser offers no passkeys in the e-mail field's autofill (conditional mediation). */
const withoutAutofillOffer = (page: Page) =>
  page.addInitScript(() => {
    if (window.PublicKeyCredential) window.PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });

/** The credentials step, up to the code step (the autofill ceremony ends there). */
async function signInWithPassword(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeVisible();
}

async function signOut(page: Page) {
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) {
    await menu.click();
    await page.getByRole('navigation', { name: 'Main (mobile)' }).getByRole('button', { name: 'Logout' }).click();
  } else {
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Account' }).click();
    await nav.getByRole('button', { name: 'Logout' }).click();
  }
  await page.waitForURL((url) => url.pathname === '/');
}

async function openTwoFactor(page: Page) {
  await page.goto('/settings');
  await page.getByRole('tab', { name: '2FA' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
}

/** Names a key and adds it with the password; the browser's ceremony is answered by the virtual authenticator. */
async function addKey(page: Page, name: string) {
  await page.getByLabel('Key name').fill(name);
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Add security key' }).click();
}

const keyList = (page: Page) => page.getByRole('list', { name: 'Security keys and passkeys' });

for (const { width, height } of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${width} px: a passkey added in Settings signs in as the second factor and alone, and a lost one is replaced`, async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height });
    await withoutAutofillOffer(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const laptop = await addAuthenticator(cdp);
    const email = await registerUser(page, { prefix: 'passkey', firstName: 'Priya' });
    await signIn(page, email);

    // Settings → 2FA: the key method is selectable now; SMS is still coming.
    await openTwoFactor(page);
    await expect(page.getByRole('button', { name: /Text message \(SMS\)/ })).toBeDisabled();
    await page.getByRole('button', { name: new RegExp(SECURITY_KEY_MESSAGES.methodLabel) }).click();
    // A wrong password first: refused, no key added.
    await page.getByLabel('Key name').fill('Laptop');
    await page.getByLabel('Current password').fill(`${PASSWORD}x`);
    await page.getByRole('button', { name: 'Add security key' }).click();
    await expect(page.getByText(AUTH_MESSAGES.incorrectPassword).first()).toBeVisible();
    await addKey(page, 'Laptop');
    await expect(page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(10);
    const backupCodes = await page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allInnerTexts();
    await expect(keyList(page).getByRole('listitem')).toHaveCount(1);
    await expect(keyList(page)).toContainText('Laptop');
    await expect(keyList(page)).toContainText('Added');
    await expect(keyList(page)).toContainText('Never used');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`settings-${width}.png`), fullPage: true });

    // Sign in with the password, then the key.
    await signOut(page);
    await page.goto('/login');
    await signInWithPassword(page, email);
    await page.screenshot({ path: test.info().outputPath(`code-step-${width}.png`), fullPage: true });
    await page.getByRole('button', { name: SECURITY_KEY_MESSAGES.useKey }).click();
    await page.waitForURL('**/dashboard');

    // Sign in with the passkey alone, no e-mail and no password: from the button...
    await signOut(page);
    await page.goto('/login');
    await page.screenshot({ path: test.info().outputPath(`sign-in-${width}.png`), fullPage: true });
    await page.getByRole('button', { name: SECURITY_KEY_MESSAGES.signInWithPasskey }).click();
    await page.waitForURL('**/dashboard');
    await signOut(page);
    // ...and in another tab whose browser offers the same passkey in the e-mail field's autofill (conditional
    // mediation): picked there, it signs in at once.
    const tab = await page.context().newPage();
    const tabCdp = await tab.context().newCDPSession(tab);
    await tabCdp.send('WebAuthn.enable');
    const synced = await addAuthenticator(tabCdp);
    for (const credential of (await cdp.send('WebAuthn.getCredentials', { authenticatorId: laptop })).credentials) {
      await tabCdp.send('WebAuthn.addCredential', { authenticatorId: synced, credential });
    }
    await tab.goto('/login');
    await tab.waitForURL('**/dashboard');
    await tab.close();

    // The key was used: Settings says when.
    await openTwoFactor(page);
    await expect(keyList(page)).toContainText('Last used');
    // It is the only second factor: it stays.
    await page.getByRole('button', { name: 'Remove Laptop' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove Laptop?' });
    await dialog.getByLabel('Current password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Remove key' }).click();
    await expect(page.getByText(SECURITY_KEY_MESSAGES.lastFactor).first()).toBeVisible();

    // The laptop is lost; a phone's passkey takes its place, then the laptop's key is removed.
    await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: laptop });
    await addAuthenticator(cdp);
    await openTwoFactor(page);
    await page.getByRole('button', { name: 'Add a security key' }).click();
    await addKey(page, 'Phone');
    await expect(keyList(page).getByRole('listitem')).toHaveCount(2);
    await page.getByRole('button', { name: 'Remove Laptop' }).click();
    await dialog.getByLabel('Current password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Remove key' }).click();
    await expect(keyList(page).getByRole('listitem')).toHaveCount(1);
    await expect(keyList(page)).toContainText('Phone');
    await expect(keyList(page)).not.toContainText('Laptop');

    // The phone signs in; and a backup code still does, as it would with every key lost.
    await signOut(page);
    await page.goto('/login');
    await page.getByRole('button', { name: SECURITY_KEY_MESSAGES.signInWithPasskey }).click();
    await page.waitForURL('**/dashboard');
    await signOut(page);
    await page.goto('/login');
    await signInWithPassword(page, email);
    await page.getByLabel(/backup code/i).fill(backupCodes[0]!.trim());
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await page.waitForURL('**/dashboard');
  });
}
