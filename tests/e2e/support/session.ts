// Shared steps of the signed-in journeys: a fresh user through the API, then sign-in through the product's own
// screen, so the session is set exactly as the shell keeps it.
import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'Calm-Bills-2026!';

/** Registers a new user (e-mail unique per call, starting with `prefix`) and answers the e-mail. */
export async function registerUser(page: Page, { prefix, firstName }: { prefix: string; firstName: string }): Promise<string> {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const response = await page.request.post('/api/auth/register', {
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
