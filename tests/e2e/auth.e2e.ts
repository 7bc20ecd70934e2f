// Identity end to end: register and land on /dashboard; sign out and in; enable two-factor with a
// code computed here; sign in with a code (a wrong one first); forgot password → the outbox e-mail's link →
// reset → sign in with the new password. Needs the whole stack behind BASE_URL (tools/bin/test.mjs).
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { registerOnScreen } from './support/session.js';

const PASSWORD = 'Steady-Paydays-2026!';
const NEW_PASSWORD = 'Fresh-Start-2027$';
const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// docs/development.md: the mail sender writes to `${DATA_DIR}/outbox`; the launcher's default DATA_DIR is <repo>/.data.
const OUTBOX = join(process.env.DATA_DIR || join(REPO_ROOT, '.data'), 'outbox');

const uniqueEmail = () => `auth-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** The code of the 30 s step `offsetSeconds` from now (the server accepts the last 2 minutes, never a step twice). */
const totpAt = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds, digits: 6, period: 30 });

async function register(page: Page, email: string) {
  await page.goto('/register');
  await registerOnScreen(page, { email, firstName: 'Robin', lastName: 'Cadence', password: PASSWORD });
  await page.waitForURL('**/dashboard');
}

async function submitCredentials(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signOut(page: Page) {
  // The header's menu button, exactly: right after sign-up the form's 'Creating account...' button can still be there.
  await page.getByRole('banner').getByRole('button', { name: 'Account', exact: true }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
}

async function newestOutboxMessage(to: string, after: number): Promise<{ text: string; html?: string }> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const names = (await readdir(OUTBOX).catch(() => [] as string[])).filter((name) => name.endsWith('.json')).sort().reverse();
    for (const name of names) {
      const message = JSON.parse(await readFile(join(OUTBOX, name), 'utf8')) as { to: string; subject: string; text: string; html?: string; sentAt: string };
      // Sign-up's address confirmation goes out in the background and may land after `after`: not the one asked for.
      if (message.to === to && Date.parse(message.sentAt) >= after && !message.subject.startsWith('Confirm your')) return message;
    }
    await new Promise((settle) => setTimeout(settle, 200));
  }
  throw new Error(`no reset e-mail for ${to} in ${OUTBOX}`);
}

test('register, sign out and in, two-factor sign-in, and password reset through the outbox link', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail();

  // Register and land on /dashboard.
  await register(page, email);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toBeVisible();

  // Sign out and in.
  await signOut(page);
  await submitCredentials(page, email, PASSWORD);
  await page.waitForURL('**/dashboard');

  // Enable two-factor in Settings → 2FA with a code computed from the manual entry key.
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: /Hi Robin!/ })).toBeVisible();
  await page.getByRole('tab', { name: '2FA' }).click();
  await page.getByRole('button', { name: /Authenticator app/ }).click();
  const secret = (await page.getByTestId('manual-entry-key').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expect(page.getByText(/Previous codes are accepted for 2 minutes/)).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Verification code').fill('12345');
  await page.getByRole('button', { name: 'Verify and enable' }).click();
  await expect(page.getByText('Please enter a 6-digit verification code', { exact: true })).toBeVisible();
  // One step back: the sign-in below uses the current step, and a step is never accepted twice. The password is
  // asked again in the same step (session.e2e.ts checks the refusals).
  await page.getByLabel('Verification code').fill(await totpAt(secret, -30));
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Verify and enable' }).click();
  await expect(page.getByText('Two-factor authentication is now enabled.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(10);

  // Sign in with a code: a wrong one first, then the right one.
  await signOut(page);
  await submitCredentials(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeVisible();
  await expect(page.getByText('Please enter your 2FA code to complete login.')).toBeVisible();
  await page.getByLabel('Verification code').fill(await totpAt(secret, -600));
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(page.getByText('Invalid verification code. Please try again.')).toBeVisible();
  await expect(page.getByLabel('Verification code')).toHaveValue('');
  await page.getByLabel('Verification code').fill(await totpAt(secret));
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await page.waitForURL('**/dashboard');

  // Forgot password → the newest outbox e-mail → its link → reset → sign in with the new password.
  await signOut(page);
  await page.goto('/forgot-password');
  const requestedAt = Date.now() - 1_000;
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account with that email exists, a password reset link has been sent.')).toBeVisible();
  const message = await newestOutboxMessage(email, requestedAt);
  const link = /https?:\/\/\S+\/reset-password#[^\s"'<]+/.exec(message.text)?.[0];
  expect(link, message.text).toMatch(/#access_token=[^&]+&refresh_token=[^&]+&type=recovery/);
  const target = new URL(link!);
  await page.goto(`${target.pathname}${target.hash}`); // same path and fragment on the stack under test
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password reset successfully! Redirecting to login...')).toBeVisible();
  await page.waitForURL('**/login', { timeout: 10_000 });

  await submitCredentials(page, email, PASSWORD);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await submitCredentials(page, email, NEW_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeVisible();
  await page.getByLabel('Verification code').fill(await totpAt(secret, 30));
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await page.waitForURL('**/dashboard');
});

test('signed-out visitors of guarded pages are sent to sign in', async ({ page }) => {
  // With the way back in ?next= (signing in returns to the page asked for).
  await page.goto('/settings');
  await page.waitForURL((url) => url.pathname === '/admin-login' && url.searchParams.get('next') === '/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.goto('/dashboard');
  await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/dashboard');
});
