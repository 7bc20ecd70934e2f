// Shared steps of the signed-in journeys: a fresh user through the API, then sign-in through the product's own
// screen, so the session is set exactly as the shell keeps it.
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const PASSWORD = 'Calm-Bills-2026!';

/** An e-mail address no other test or run uses, starting with `prefix`. */
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/**
 * Registers a new user through the API, as the registration screen does (e-mail unique per call, starting
 * with `prefix`), and answers the e-mail. Takes a page (its request context, sharing the page's cookies) or
 * an API request context of its own.
 */
export async function registerUser(client: Page | APIRequestContext, { prefix, firstName }: { prefix: string; firstName: string }): Promise<string> {
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
  return email;
}

export async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password/i).fill(PASSWORD);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL('**/dashboard');
}
