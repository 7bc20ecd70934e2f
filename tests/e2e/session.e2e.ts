// The cookie session end to end: the refresh token is an HttpOnly cookie no script sees, the
// access token lives in the page's memory, a reload keeps the user signed in, signing out ends the access token at
// once, two tabs reloading together both stay signed in (one refresh at a time through Web Locks), and turning
// two-factor on or off asks for the password again (finding 9). Needs the whole stack behind BASE_URL.
import { CSRF_HEADER, REFRESH_COOKIE, SIGNED_IN_HINT_KEY } from '@paycadence/contracts';
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { PASSWORD, registerUser, signIn } from './support/session.js';

const isPath = (path: string) => (response: { url(): string }) => new URL(response.url()).pathname === path;

/** Everything a script on the page can read: Web Storage and document.cookie. */
const scriptView = (page: Page) =>
  page.evaluate(() => ({
    local: Object.fromEntries(Object.entries(localStorage)),
    session: Object.fromEntries(Object.entries(sessionStorage)),
    cookie: document.cookie,
  }));

const greeting = (page: Page, name: string) => page.getByRole('heading', { level: 1, name: new RegExp(`Hi ${name}!`) });

async function signOutFromHeader(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Account', exact: true }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
}

test('the session survives a reload, no script can read a token, and signing out refuses the old access token at once', async ({ page, context }) => {
  const email = await registerUser(page, { prefix: 'cookie', firstName: 'Sol' });
  const signInToken = await signIn(page, email);
  await expect(greeting(page, 'Sol')).toBeVisible();

  // The refresh token: HttpOnly, Secure, SameSite=Strict, sent only to the refresh route.
  const refreshCookie = async () => (await context.cookies()).find((cookie) => cookie.name === REFRESH_COOKIE.name);
  const cookie = await refreshCookie();
  expect(cookie).toMatchObject({ path: REFRESH_COOKIE.path, httpOnly: true, secure: true, sameSite: 'Strict' });
  const seen = await scriptView(page);
  expect(seen.local[SIGNED_IN_HINT_KEY]).toBe('1');
  expect(seen.local['paycadence.session']).toBeUndefined();
  expect(JSON.stringify(seen)).not.toContain(signInToken);
  expect(JSON.stringify(seen)).not.toContain(cookie!.value);
  expect(seen.cookie).not.toContain(REFRESH_COOKIE.name);

  // Reload: the page trades the cookie for a new access token (CSRF header sent), and stays signed in.
  const refreshRequest = page.waitForRequest((request) => new URL(request.url()).pathname === REFRESH_COOKIE.path);
  const refreshAnswer = page.waitForResponse(isPath(REFRESH_COOKIE.path));
  await page.reload();
  expect((await refreshRequest).headers()[CSRF_HEADER.name.toLowerCase()]).toBe(CSRF_HEADER.value);
  const refreshed = await refreshAnswer;
  expect(refreshed.status()).toBe(200);
  const reloadToken = ((await refreshed.json()) as { session: { access_token: string } }).session.access_token;
  expect(JSON.stringify(await refreshed.json())).not.toContain('refresh_token');
  await expect(greeting(page, 'Sol')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/dashboard');
  expect((await refreshCookie())!.value).not.toBe(cookie!.value); // rotated
  expect(JSON.stringify(await scriptView(page))).not.toContain(reloadToken);

  // Both access tokens work until sign-out...
  const me = (token: string) => page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
  expect((await me(signInToken)).status()).toBe(200);
  expect((await me(reloadToken)).status()).toBe(200);

  // ...and are refused at once after it, on this service and another one; the cookie and the hint are gone.
  await signOutFromHeader(page);
  await expect.poll(async () => (await me(reloadToken)).status()).toBe(401);
  expect((await me(signInToken)).status()).toBe(401);
  const bills = await page.request.get('/api/financial/bills', { headers: { authorization: `Bearer ${reloadToken}` } });
  expect(bills.status()).toBe(401);
  expect(await refreshCookie()).toBeUndefined();
  expect((await scriptView(page)).local[SIGNED_IN_HINT_KEY]).toBeUndefined();
  await page.goto('/dashboard');
  await page.waitForURL((url) => url.pathname === '/login'); // with ?next= for the way back
});

test('two tabs reloading at the same moment both stay signed in, and signing out in one signs out the other', async ({ context }) => {
  // In every page, a refresh waits 300 ms before fetch sends it, so two tabs that did not wait for each other
  // would surely present the same cookie: the race is made wide, not timed. (In the page, not by routing: the
  // refresh is a keepalive request, which request interception does not hold.)
  await context.addInitScript((path: string) => {
    const send = window.fetch.bind(window);
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (new URL(url, window.location.href).pathname === path) await new Promise((resolve) => setTimeout(resolve, 300));
      return send(input, init);
    };
  }, REFRESH_COOKIE.path);
  const first = await context.newPage();
  await signIn(first, await registerUser(first, { prefix: 'tabs', firstName: 'Tam' }));
  const second = await context.newPage();
  await second.goto('/dashboard');
  await expect(greeting(second, 'Tam')).toBeVisible();

  // Both tabs want a new access token at once. Sent together, the second refresh would spend an already spent
  // cookie, the server would take it for theft and end the session; the Web Lock sends them one after the other.
  const refreshStatuses: number[] = [];
  context.on('response', (response) => {
    if (isPath(REFRESH_COOKIE.path)(response)) refreshStatuses.push(response.status());
  });
  // Two whole page loads at once whose refreshes run one after the other, each held 300 ms: on a busy machine
  // that is more than the usual 5 s, and what is checked is that both end signed in, not how fast.
  for (let round = 0; round < 3; round += 1) {
    await Promise.all([first.reload(), second.reload()]);
    await Promise.all([expect(greeting(first, 'Tam')).toBeVisible({ timeout: 15_000 }), expect(greeting(second, 'Tam')).toBeVisible({ timeout: 15_000 })]);
  }
  expect(new URL(first.url()).pathname).toBe('/dashboard');
  expect(new URL(second.url()).pathname).toBe('/dashboard');
  expect(refreshStatuses.length).toBeGreaterThanOrEqual(3);
  expect(refreshStatuses.filter((status) => status !== 200)).toEqual([]);

  // Signing out in one tab reaches the other without a reload (BroadcastChannel): its guarded page goes to sign in.
  await signOutFromHeader(first);
  await second.waitForURL((url) => url.pathname === '/login'); // with ?next= for the way back
  await second.reload();
  await expect(second.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
});

test('turning two-factor on and off asks for the current password in the same step', async ({ page }) => {
  await signIn(page, await registerUser(page, { prefix: 'mfa-pass', firstName: 'Pia' }));
  await page.goto('/settings');
  await page.getByRole('tab', { name: '2FA' }).click();
  await page.getByRole('button', { name: /Authenticator app/ }).click();
  const secret = (await page.getByTestId('manual-entry-key').innerText()).replace(/\s/g, '');
  await page.getByRole('button', { name: 'Continue' }).click();
  // The server accepts the last 2 minutes and never a step twice: one step back to enable, the current one to disable.
  const stepCode = (offsetSeconds: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds, digits: 6, period: 30 });

  await page.getByLabel('Verification code').fill(await stepCode(-30));
  await page.getByRole('button', { name: 'Verify and enable' }).click();
  await expect(page.getByText('Please enter your current password')).toBeVisible();
  const password = page.getByLabel('Current password');
  await expect(password).toHaveAttribute('type', 'password');
  await password.fill('Not-My-Password-1!');
  await page.getByRole('button', { name: 'Verify and enable' }).click();
  await expect(page.getByText('Incorrect password')).toBeVisible();
  await expect(password).toHaveValue('');
  await password.fill(PASSWORD);
  await page.getByRole('button', { name: 'Verify and enable' }).click();
  await expect(page.getByText('Two-factor authentication is now enabled.')).toBeVisible();

  await page.getByLabel('Current code from your app').fill(await stepCode(0));
  await page.getByLabel('Current password').fill('Not-My-Password-1!');
  await page.getByRole('button', { name: 'Disable two-factor authentication' }).click();
  await expect(page.getByText('Incorrect password')).toBeVisible();
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Disable two-factor authentication' }).click();
  await expect(page.getByText('Two-factor authentication has been turned off.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set up authenticator app' })).toBeVisible();
});
