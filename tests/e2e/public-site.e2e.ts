// The public site through the gateway (§7): shell layout + the public-site remote in Chromium.
// Joining is also checked where it lands: the waitlist table of the stack's throwaway database (DATABASE_URL).
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';

/** The stored waitlist rows for one e-mail, read straight from the waitlist service's schema. */
async function storedEntries(email: string): Promise<Array<{ email: string; referral_source: string }>> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const result = await client.query('SELECT email, referral_source FROM waitlist.waitlist_entries WHERE email = $1', [email]);
    return result.rows;
  } finally {
    await client.end();
  }
}

const WAITLIST_SUCCESS = "Thanks for joining! We'll be in touch soon.";
const REMOTE_ERROR = 'This part of PayCadence could not load';
const uniqueEmail = () => `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

const header = (page: Page) => page.getByRole('banner');
const footer = (page: Page) => page.getByRole('contentinfo');
const pageHeading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

test.describe('public site', () => {
  test('the landing page renders with header and footer', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');

    await expect(pageHeading(page)).toContainText('payday');
    await expect(header(page).getByRole('link', { name: 'PayCadence home' })).toBeVisible();
    for (const name of ['Blog', 'About', 'Sign In', 'Join Waitlist']) {
      await expect(header(page).getByRole('link', { name, exact: true }).first()).toBeVisible();
    }
    for (const name of ['About Us', 'Privacy Policy', 'Terms of Service', 'Security', 'Help Centre']) {
      await expect(footer(page).getByRole('link', { name })).toBeVisible();
    }
    await expect(page.getByRole('main')).toContainText('73%');
    await expect(page.getByRole('main')).toContainText('$37B');
    await expect(page.getByRole('link', { name: 'Try Demo' })).toHaveAttribute('href', '/demo');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main-content');
    await expect(page).toHaveTitle('PayCadence');
    expect(errors).toEqual([]);
  });

  test('header links lead to the right pages', async ({ page }) => {
    await page.goto('/');
    await expect(pageHeading(page)).toBeVisible();

    await header(page).getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page).toHaveTitle('About | PayCadence');
    await expect(page.getByRole('main')).toContainText('Who it is for');

    await header(page).getByRole('link', { name: 'Blog', exact: true }).click();
    await expect(page).toHaveURL(/\/blog$/);

    await header(page).getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await header(page).getByRole('link', { name: 'Join Waitlist' }).click();
    await expect(page).toHaveURL(/\/#waitlist$/);
    await expect(page.locator('#waitlist form')).toBeVisible();

    await header(page).getByRole('link', { name: 'PayCadence home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('footer links lead to the legal pages', async ({ page }) => {
    await page.goto('/');
    const cases: Array<[string, RegExp, string]> = [
      ['Privacy Policy', /\/privacy$/, 'Privacy Policy'],
      ['Terms of Service', /\/terms$/, 'Terms of Service'],
      ['Security', /\/security$/, 'Security at PayCadence'],
      ['About Us', /\/about$/, 'Money that arrives'],
    ];
    for (const [link, url, heading] of cases) {
      await footer(page).getByRole('link', { name: link }).click();
      await expect(page).toHaveURL(url);
      await expect(pageHeading(page)).toContainText(heading);
    }
    await expect(page.getByRole('main')).toContainText('read-only');
    await expect(footer(page).getByRole('link', { name: 'support@paycadence.app' })).toHaveAttribute(
      'href',
      'mailto:support@paycadence.app',
    );
    // Dashboard appears in Quick Links only for a signed-in user.
    await expect(footer(page).getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  });

  test('joining from the hero shows the success message, clears the field and stores one row', async ({ page }) => {
    await page.goto('/');
    const hero = page.locator('form[data-source="homepage-hero"]');
    const email = hero.getByLabel('Email address');
    const address = uniqueEmail();
    await email.fill(address);
    const [request, response] = await Promise.all([
      page.waitForRequest((req) => req.url().endsWith('/api/waitlist/join') && req.method() === 'POST'),
      page.waitForResponse((res) => res.url().endsWith('/api/waitlist/join')),
      hero.getByRole('button', { name: 'Join the Waitlist' }).click(),
    ]);
    expect(request.postDataJSON()).toMatchObject({ source: 'homepage-hero' });
    expect(response.ok()).toBe(true);
    await expect(hero.getByText(WAITLIST_SUCCESS)).toBeVisible();
    await expect(email).toHaveValue('');
    expect(await storedEntries(address)).toEqual([{ email: address, referral_source: 'homepage-hero' }]);
  });

  test('joining twice with the same e-mail still stores one row', async ({ page }) => {
    const address = uniqueEmail();
    await page.goto('/');
    for (const source of ['homepage-hero', 'homepage-cta']) {
      const form = page.locator(`form[data-source="${source}"]`);
      await form.getByLabel('Email address').fill(address.toUpperCase());
      await Promise.all([
        page.waitForResponse((res) => res.url().endsWith('/api/waitlist/join') && res.ok()),
        form.getByRole('button').click(),
      ]);
      await expect(form.getByText(WAITLIST_SUCCESS)).toBeVisible();
    }
    expect(await storedEntries(address)).toEqual([{ email: address, referral_source: 'homepage-hero' }]);
  });

  test('the coming-soon form shows its message without calling the API', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (req) => req.url().includes('/api/') && calls.push(req.url()));
    await page.goto('/coming-soon');
    await expect(page.getByRole('main')).toContainText('Expected launch: Q2 2025');
    await page.getByLabel('Email address').fill(uniqueEmail());
    await page.getByRole('button', { name: 'Notify Me' }).click();
    await expect(page.getByText("Thanks! We'll notify you when PayCadence launches.")).toBeVisible();
    expect(calls).toEqual([]);
  });

  test('an unknown URL shows the not-found page inside the layout', async ({ page }) => {
    await page.goto('/this-page-does-not-exist');
    await expect(pageHeading(page)).toHaveText('Page not found');
    await expect(header(page)).toBeVisible();
    await expect(footer(page)).toBeVisible();
  });

  test('a remote that cannot load shows the error view while the header still works', async ({ page }) => {
    await page.route('**/remotes/public-site/remoteEntry.js', (route) => route.abort());
    await page.goto('/');

    await expect(page.getByRole('heading', { name: REMOTE_ERROR })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(footer(page)).toBeVisible();

    // Shell routes keep working: the header takes us to the sign-in screen.
    await header(page).getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(pageHeading(page)).toHaveText('Sign in');

    // Once the remote is reachable again, Try again loads the page without a reload.
    await page.goBack();
    await expect(page.getByRole('heading', { name: REMOTE_ERROR })).toBeVisible();
    await page.unroute('**/remotes/public-site/remoteEntry.js');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(pageHeading(page)).toContainText('payday');
  });
});

test.describe('on a phone-sized screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu button opens the navigation', async ({ page }) => {
    await page.goto('/');
    const menuButton = header(page).getByRole('button', { name: 'Open menu' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await menuButton.click();
    const mobileNav = page.getByRole('navigation', { name: 'Main (mobile)' });
    await mobileNav.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(header(page).getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});
