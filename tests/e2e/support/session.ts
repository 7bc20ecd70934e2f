// Shared steps of the signed-in journeys: a fresh user through the API, then sign-in through the product's own
// screen, so the session is set exactly as the shell keeps it.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { confirmationTokenFor } from '../../support/mail-outbox.js';

export const PASSWORD = 'Calm-Bills-2026!';

/** An e-mail address no other test or run uses, starting with `prefix`. */
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/**
 * Registers a new user through the API, as the registration screen does (e-mail unique per call, starting
 * with `prefix`), and answers the e-mail. Takes a page (its request context, sharing the page's cookies) or
 * an API request context of its own. The page stays signed out: its session starts with `signIn`, the way a
 * person's does (the answer's refresh cookie may land in the jar, but without the signed-in hint no page uses it).
 * The address is confirmed with the link sign-up mailed, unless `confirmed: false` (invitations, reminders and
 * admin:create need a proven address).
 */
export async function registerUser(
  client: Page | APIRequestContext,
  { prefix, firstName, confirmed = true }: { prefix: string; firstName: string; confirmed?: boolean },
): Promise<string> {
  const request = 'goto' in client ? client.request : client;
  const email = uniqueEmail(prefix);
  const response = await request.post('/api/auth/register', {
    data: {
      firstName,
      lastName: 'Ledger',
      email,
      password: PASSWORD,
      phone: '555-201-3344',
      dateOfBirth: '1990-04-12',
      address: { street: '1 Main St', city: 'Austin', state: 'TX', zipCode: '73301' },
      ssn: '1234',
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  if (confirmed) await confirmEmail(request, email);
  return email;
}

/** Opens the newest confirmation link mailed to `email` the way its page does: the fragment's token, POSTed. */
export async function confirmEmail(request: APIRequestContext, email: string): Promise<void> {
  const answer = await request.post('/api/auth/confirm-email', { data: { token: await confirmationTokenFor(email) } });
  expect(answer.status(), await answer.text()).toBe(200);
}

/**
 * Signs in through the sign-in screen, so the session is the browser's own: the refresh token an HttpOnly cookie
 * the page never sees, the access token in the page's memory. Answers that access token (read from the sign-in
 * answer, as a test may need it for calls of its own).
 */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<string> {
  await page.goto('/login');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/login');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const body = (await (await answer).json()) as { session?: { access_token?: string } };
  await page.waitForURL('**/dashboard');
  expect(body.session?.access_token, 'the sign-in answer carries an access token').toBeTruthy();
  return body.session!.access_token!;
}

/**
 * Fills the registration screen ('Create Your Account') as a person would and submits it; the caller waits for
 * where the screen goes next (/dashboard, or the page's `?next=`).
 */
export async function registerOnScreen(
  page: Page,
  { email, firstName, lastName = 'Ledger', password = PASSWORD }: { email: string; firstName: string; lastName?: string; password?: string },
) {
  await expect(page.getByRole('heading', { level: 1, name: 'Create Your Account' })).toBeVisible();
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('(555) 201-3344');
  await page.getByLabel('Date of birth').fill('1988-06-15');
  await page.getByLabel('Street address').fill('12 Payday Lane');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State').selectOption('TX');
  await page.getByLabel('ZIP code').fill('73301');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel('Last 4 digits of SSN').fill('4321');
  await page.getByLabel(/I agree to the Terms of Service/).check();
  await page.getByLabel(/I agree to the Privacy Policy/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
}
