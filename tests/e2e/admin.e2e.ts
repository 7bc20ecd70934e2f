// Admin: an admin signs in at /admin, approves a waitlist entry, creates a user, suspends a user after a
// confirmation (whose session is then refused) and activates them again, pages the user list, and finds those actions in System Logs; a plain user sees
// Access Denied; a signed-out visitor at /admin sees the sign-in screen.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { createAdmin, signInAt } from './support/admin.js';
import { PASSWORD, registerUser, uniqueEmail } from './support/session.js';

/** spec: the message a suspended account gets (AUTH_MESSAGES.suspended). */
const SUSPENDED_MESSAGE = 'Your account has been suspended. Please contact support.';

let adminEmail: string;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: process.env.BASE_URL ?? 'http://localhost:8080' });
  adminEmail = await createAdmin(request);
  await request.dispose();
});

/** An admin page open on the management screen. */
async function openAsAdmin(page: Page, path = '/admin') {
  await signInAt(page, '/admin', adminEmail);
  await page.goto(path);
  await expect(page.getByRole('tab', { name: /^Registered Users \(\d+\)$/ })).toBeVisible({ timeout: 15_000 });
}

// Confirmations arrive as toasts; the newest is the one the last action raised.
const statusMessage = (page: Page) => page.locator('.pc-toaster .pc-toast__message').last();
const search = (page: Page) => page.getByPlaceholder('Search by email or name...');

async function newSignedInUser(browser: Browser, request: Page['request']) {
  const email = await registerUser(request, { prefix: 'member', firstName: 'Morgan' });
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAt(page, '/login', email);
  await page.waitForURL('**/dashboard');
  return { email, context, page };
}

test.describe('admin pages', () => {
  test('a signed-out visitor at /admin sees the sign-in screen; /admin/users sends them to sign in', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/admin-login\?next=%2Fadmin%2Fusers$/); // the way back after signing in
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });

  test('a plain user sees Access Denied on /admin/users and can go to the dashboard', async ({ page, request }) => {
    const email = await registerUser(request, { prefix: 'plain', firstName: 'Pat' });
    await signInAt(page, '/login', email);
    await page.waitForURL('**/dashboard');
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
    await expect(page.getByRole('heading', { name: 'User Management' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('an admin signs in at /admin and sees Waitlist & User Management; User Management and System Logs from the Admin menu', async ({ page }) => {
    await signInAt(page, '/admin', adminEmail);
    // signing in at /admin stays there, now showing the management page
    await expect(page.getByRole('heading', { level: 1, name: 'Waitlist & User Management' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText('Admin Panel', { exact: true })).toBeVisible();
    await expect(page.getByText('Manage user registrations, waitlist approvals, and user accounts')).toBeVisible();
    await expect(page.getByText('Admin Users', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Admin', exact: true }).click();
    await page.getByRole('link', { name: 'User Management' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
    await expect(page.getByText('Manage registered users, waitlist approvals, and create new accounts')).toBeVisible();

    await page.getByRole('button', { name: 'Admin', exact: true }).click();
    await page.getByRole('link', { name: 'System Logs' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'System Logs' })).toBeVisible();
  });

  test('an admin approves a waitlist entry joined through the public form', async ({ page, browser }) => {
    const joiner = uniqueEmail('joiner');
    const visitor = await browser.newContext();
    const landing = await visitor.newPage();
    await landing.goto('/');
    const hero = landing.locator('form[data-source="homepage-hero"]');
    await hero.getByLabel('Email address').fill(joiner);
    await Promise.all([
      landing.waitForResponse((res) => res.url().endsWith('/api/waitlist/join') && res.ok()),
      hero.getByRole('button', { name: 'Join the Waitlist' }).click(),
    ]);
    await visitor.close();

    await openAsAdmin(page, '/admin/waitlist');
    await search(page).fill(joiner);
    await expect(page.getByRole('tab', { name: 'Waitlist (1)' })).toHaveAttribute('aria-selected', 'true');
    const row = page.getByRole('row').filter({ hasText: joiner });
    await expect(row.getByRole('cell', { name: 'homepage-hero' })).toBeVisible();
    await row.getByRole('button', { name: `Approve ${joiner}` }).click();
    await expect(statusMessage(page)).toContainText(joiner);
    // the lists reload: the entry has left the waitlist and the account is registered
    await expect(page.getByRole('tab', { name: 'Waitlist (0)' })).toBeVisible();
    await expect(page.getByText('No waitlist users found.')).toBeVisible();
    await page.getByRole('tab', { name: 'Registered Users (1)' }).click();
    await expect(page.getByRole('row').filter({ hasText: joiner })).toBeVisible();
  });

  test('an admin removes a waitlist entry after the confirm', async ({ page, request }) => {
    const joiner = uniqueEmail('leaver');
    const joined = await request.post('/api/waitlist/join', { data: { email: joiner, source: 'coming-soon' } });
    expect(joined.ok(), await joined.text()).toBe(true);
    await openAsAdmin(page, '/admin/waitlist');
    await search(page).fill(joiner);
    await page.getByRole('button', { name: `Remove ${joiner}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove from waitlist' });
    await expect(dialog.getByText('Are you sure you want to remove this user from the waitlist?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(statusMessage(page)).toHaveText('User removed from waitlist');
    await expect(page.getByRole('tab', { name: 'Waitlist (0)' })).toBeVisible();
  });

  test('an admin pages the registered users and sorts them by e-mail, on the server', async ({ page }) => {
    await openAsAdmin(page, '/admin/users');
    const pager = page.getByRole('navigation', { name: 'Registered users pages' });
    await expect(pager.getByText(/^Showing 1–\d+ of \d+/)).toBeVisible();
    // the order is the server's (PostgreSQL's collation), so the journey checks what was asked and answered
    const [sorted] = await Promise.all([
      page.waitForResponse((res) => /\/api\/admin\/users\?.*sort=email&direction=asc/.test(res.url())),
      page.getByLabel('Sort users').selectOption({ label: 'Email A–Z' }),
    ]);
    expect(sorted.status()).toBe(200);
    await expect(page.locator('table tbody tr').first()).toBeVisible();
    const next = pager.getByRole('button', { name: 'Next' });
    if (await next.isEnabled()) {
      await next.click();
      await expect(pager.getByText(/^Showing 51–/)).toBeVisible();
      await pager.getByRole('button', { name: 'Previous' }).click();
      await expect(pager.getByText(/^Showing 1–/)).toBeVisible();
    }
  });

  test('an admin creates a user, who can then sign in', async ({ page, request }) => {
    const email = uniqueEmail('created');
    await openAsAdmin(page, '/admin/users');
    await page.getByRole('button', { name: 'Create User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New User' });
    // the client-side check first: too short a password
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill('12345');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(dialog.getByText('Password must be at least 6 characters')).toBeVisible();
    await dialog.getByLabel('Password').fill('secret-6');
    await dialog.getByLabel('Role').selectOption({ label: 'Standard User' });
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(dialog).toBeHidden();
    await expect(statusMessage(page)).not.toBeEmpty();
    await search(page).fill(email);
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row.getByText('Standard User')).toBeVisible();
    await expect(row.getByText('Active')).toBeVisible();

    const login = await request.post('/api/auth/login', { data: { email, password: 'secret-6' } });
    expect(login.ok(), await login.text()).toBe(true);

    // creating the same address again fails with the server's reason
    await page.getByRole('button', { name: 'Create User' }).click();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill('secret-6');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(dialog.getByText(/^Failed to create user: .+/)).toBeVisible();
  });

  test("an admin suspends a user, whose session is refused, then activates them; both are in System Logs", async ({ page, browser, request }) => {
    test.setTimeout(150_000);
    const member = await newSignedInUser(browser, request);
    await openAsAdmin(page, '/admin/users');
    await search(page).fill(member.email);
    const row = page.getByRole('row').filter({ hasText: member.email });
    await row.getByRole('button', { name: `Suspend ${member.email}` }).click();
    // Suspending asks first; Cancel leaves the account as it was
    const confirm = page.getByRole('dialog', { name: 'Suspend user' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: `Suspend ${member.email}` }).click();
    await expect(confirm.getByText(member.email)).toBeVisible();
    await confirm.getByRole('button', { name: 'Suspend', exact: true }).click();
    await expect(statusMessage(page)).toHaveText('User suspended successfully!');
    await expect(row.getByText('Suspended', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: `Activate ${member.email}` })).toBeVisible();

    // Their tokens stop working within a minute; their next page load ends at sign-in
    await expect
      .poll(
        async () => {
          await member.page.goto('/dashboard');
          await member.page.waitForLoadState('networkidle');
          return new URL(member.page.url()).pathname;
        },
        { timeout: 60_000, intervals: [2_000, 5_000, 10_000] },
      )
      .toBe('/login');
    // ...and signing in again is refused, with the reason
    const refused = await request.post('/api/auth/login', { data: { email: member.email, password: PASSWORD } });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ message: SUSPENDED_MESSAGE });

    await row.getByRole('button', { name: `Activate ${member.email}` }).click();
    await expect(statusMessage(page)).toHaveText('User activated successfully!');
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await signInAt(member.page, '/login', member.email);
    await member.page.waitForURL('**/dashboard');
    await member.context.close();

    await page.goto('/admin/logs');
    await page.getByLabel('User (id or e-mail)').fill(member.email);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const entries = page.locator('table tbody tr');
    await expect(entries.filter({ hasText: 'User activated' })).toHaveCount(1);
    await expect(entries.filter({ hasText: 'User suspended' })).toHaveCount(1);
    // newest first, with who did it
    await expect(entries.first()).toContainText('User activated');
    await expect(entries.first()).toContainText(adminEmail);
  });

  test('a deleted account is in System Logs as "Account deleted", naming nobody', async ({ page, request }) => {
    const email = await registerUser(request, { prefix: 'leaving', firstName: 'Lee' });
    const login = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
    const token = ((await login.json()) as { session: { access_token: string } }).session.access_token;
    const deleted = await request.post('/api/auth/account/delete', { headers: { authorization: `Bearer ${token}` }, data: { password: PASSWORD } });
    expect(deleted.status()).toBe(200);

    await signInAt(page, '/admin', adminEmail);
    await page.goto('/admin/logs');
    await page.getByLabel('Kind').selectOption({ label: 'Account deleted' });
    const entries = page.locator('table tbody tr');
    // admin's worker stores the event in the background: ask again until it is there.
    await expect(async () => {
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await expect(entries.first()).toContainText('Account deleted', { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.locator('table')).not.toContainText(email);
  });

  test('an admin opens the job queues in a new tab; without the admin cookie the board is refused', async ({ page, request }) => {
    await signInAt(page, '/admin', adminEmail);
    await page.goto('/admin/logs');
    const [board] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: /Open job queues/ }).click()]);
    await board.waitForURL(/\/api\/admin\/queues/);
    await expect(board.getByText('audit').first()).toBeVisible({ timeout: 15_000 });
    const anonymous = await request.get('/api/admin/queues');
    expect(anonymous.status()).toBe(401);
  });
});
