// Accessibility (the team standard, WCAG 2 A and AA): every main screen, public and signed in, at laptop and
// phone width, in the light and the dark theme, checked with axe-core against WCAG 2 A/AA (labels, names, contrast,
// landmarks).
import { expect, test, type Page } from '@playwright/test';
import { handedOver } from './support/prerender.js';
import { seriousViolations } from './support/axe.js';
import { shownTheme, useSavedTheme } from './support/theme.js';

const PASSWORD = 'Calm-Paydays-2026!';

async function expectAccessible(page: Page, path: string, ready: RegExp | string) {
  await page.goto(path);
  // A public page's prerendered copy is replaced by the live page: axe checks the live one,
  // not a document that changes under it.
  await handedOver(page);
  await expect(page.getByRole('heading', { level: 1, name: ready })).toBeVisible();
  expect(await seriousViolations(page), `${path} at ${page.viewportSize()?.width}px`).toEqual([]);
}

const PUBLIC_PAGES: Array<[string, RegExp | string]> = [
  ['/', /payday/i],
  ['/about', /.+/],
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms of Service'],
  ['/security', /Security/],
  ['/coming-soon', /.+/],
  ['/paycheck-to-paycheck', /.+/],
  ['/demo', /.+/],
  ['/login', 'Sign in'],
  ['/register', 'Create Your Account'],
  ['/forgot-password', 'Reset your password'],
];

// Each check runs in both themes (docs/themes.md). Dark is the saved choice before any page script runs, so the
// prerendered first paint, the live page and every remote are all judged dark.
for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      if (theme === 'dark') await useSavedTheme(page, 'dark');
    });
    // Judged in the theme it claims: a dark run that silently painted light would prove nothing.
    test.afterEach(async ({ page }, testInfo) => {
      if (testInfo.status !== testInfo.expectedStatus) return; // already failed: that failure is the news
      expect(await shownTheme(page)).toBe(theme);
    });

    for (const width of [1280, 390]) {
      test(`public pages have no serious accessibility violations at ${width}px`, async ({ page }) => {
        test.setTimeout(90_000); // twelve pages, each with a full axe run
        await page.setViewportSize({ width, height: 900 });
        for (const [path, heading] of PUBLIC_PAGES) await expectAccessible(page, path, heading);
      });
    }

    test('the blog list and a post have no serious accessibility violations', async ({ page, request }) => {
      // The post with the most kinds of content blocks, so each block's design is checked.
      // The list answers summaries, so each post is read whole by its slug.
      const listed = await request.get('/api/blog/posts');
      expect(listed.ok(), await listed.text()).toBe(true);
      type Post = { slug: string; title: string; content: { blocks: Array<{ type: string }> } };
      const slugs = ((await listed.json()).posts as Array<{ slug: string }>).map((post) => post.slug);
      const posts: Post[] = await Promise.all(slugs.map(async (slug) => (await request.get(`/api/blog/posts/${slug}`)).json()));
      const kinds = (post: Post) => new Set(post.content.blocks.map((block) => block.type)).size;
      const richest = [...posts].sort((a, b) => kinds(b) - kinds(a))[0];
      expect(richest, 'the seeded posts').toBeDefined();

      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/blog');
        await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
        await expect(page.getByRole('region', { name: 'All Posts' }).getByRole('article').first()).toBeVisible();
        expect(await seriousViolations(page), `/blog at ${width}px`).toEqual([]);

        await page.goto(`/blog/${richest!.slug}`);
        await expect(page.getByRole('heading', { level: 1, name: richest!.title })).toBeVisible();
        expect(await seriousViolations(page), `/blog/${richest!.slug} at ${width}px`).toEqual([]);
      }
    });

    test('signed-in pages have no serious accessibility violations', async ({ page, request }) => {
      const email = `a11y-${theme}-${Date.now()}@example.com`;
      const registered = await request.post('/api/auth/register', {
        data: {
          firstName: 'Avery',
          lastName: 'Lane',
          email,
          password: PASSWORD,
          phone: '(555) 201-7788',
          dateOfBirth: '1985-04-12',
          address: { street: '8 Ledger Way', city: 'Denver', state: 'CO', zipCode: '80202' },
          ssn: '2468',
        },
      });
      expect(registered.status()).toBe(201);
      const token = (await registered.json()).session.access_token as string;
      const headers = { authorization: `Bearer ${token}` };
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      await request.post('/api/financial/income', { headers, data: { source: 'Paycheck', amount: 2100, frequency: 'biweekly', next_date: day(2) } });
      await request.post('/api/financial/bills', { headers, data: { name: 'Rent', amount: 1250, due_date: day(8), priority: 'high', category: 'rent' } });

      await page.goto('/login');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL('**/dashboard');

      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await expectAccessible(page, '/dashboard', 'Hi Avery!');
        await expectAccessible(page, '/settings', 'Hi Avery!');
        // Notifications: the reminder channels and the devices that get them.
        await page.getByRole('tab', { name: 'Notifications' }).click();
        await expect(page.getByRole('heading', { name: 'Reminders on your devices' })).toBeVisible();
        expect(await seriousViolations(page), `/settings Notifications at ${width}px`).toEqual([]);
        await expectAccessible(page, '/profile', /User Profile/);
      }
    });

    test('connected accounts, every tab with a linked bank, has no serious accessibility violations', async ({ page, request }) => {
      test.setTimeout(90_000);
      const email = `a11y-bank-${theme}-${Date.now()}@example.com`;
      const registered = await request.post('/api/auth/register', {
        data: {
          firstName: 'Robin',
          lastName: 'Lane',
          email,
          password: PASSWORD,
          phone: '(555) 201-7789',
          dateOfBirth: '1985-04-12',
          address: { street: '8 Ledger Way', city: 'Denver', state: 'CO', zipCode: '80202' },
          ssn: '2468',
        },
      });
      expect(registered.status()).toBe(201);
      const { session, user } = (await registered.json()) as { session: { access_token: string }; user: { id: string } };
      const headers = { authorization: `Bearer ${session.access_token}` };
      // The sandbox bank through the same calls the built-in dialog makes (the emulator answers: no Plaid keys here).
      const signedIn = await request.post('/api/plaid-production/sandbox/public-token', {
        headers,
        data: { user_id: user.id, institution_id: 'ins_109508', username: 'user_good', password: 'pass_good' },
      });
      expect(signedIn.ok(), await signedIn.text()).toBe(true);
      const exchanged = await request.post('/api/plaid-production/exchange-token', {
        headers,
        data: { user_id: user.id, public_token: (await signedIn.json()).public_token, institution_id: 'ins_109508', institution_name: 'First Platypus Bank' },
      });
      expect(exchanged.ok(), await exchanged.text()).toBe(true);

      await page.goto('/login');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL('**/dashboard');
      await page.goto('/connected-accounts');
      await expect(page.getByText('Checking Account').first()).toBeVisible({ timeout: 30_000 });

      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        // The analytics tab's heading says what it shows: the bank's history over a stated period.
        const tabs = [['Bank Accounts'], ['Financial Analytics', /^Bank history, last \d+ months$/], ['Transaction History'], ['Smart Categorization'], ['Data Generator']] as const;
        for (const [tab, heading = tab] of tabs) {
          await page.getByRole('tab', { name: tab }).click();
          await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
          expect(await seriousViolations(page), `/connected-accounts ${tab} at ${width}px`).toEqual([]);
        }
      }
    });

    test.describe('admin pages', () => {
      test('the admin pages and the Create New User dialog have no serious accessibility violations', async ({ page, request }) => {
        test.setTimeout(90_000);
        const { createAdmin, signInAt } = await import('./support/admin.js');
        const admin = await createAdmin(request);
        // something in each list, so the rows are checked too
        await request.post('/api/waitlist/join', { data: { email: `a11y-wait-${theme}-${Date.now()}@example.com`, source: 'coming-soon' } });
        await signInAt(page, '/admin', admin);
        const pages: Array<[string, string]> = [
          ['/admin', 'Waitlist & User Management'],
          ['/admin/users', 'User Management'],
          ['/admin/waitlist', 'Waitlist & User Management'],
        ];
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: 900 });
          for (const [path, heading] of pages) {
            await page.goto(path);
            await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
            await expect(page.getByRole('tab', { name: /^Registered Users/ })).toBeVisible();
            expect(await seriousViolations(page), `${path} at ${width}px`).toEqual([]);
          }
          await page.getByRole('button', { name: 'Create User' }).click();
          await page.getByRole('dialog', { name: 'Create New User' }).getByRole('button', { name: 'Create User' }).click();
          await expect(page.getByText('Email is required')).toBeVisible();
          expect(await seriousViolations(page), `Create New User at ${width}px`).toEqual([]);

          await page.goto('/admin/logs');
          await expect(page.getByRole('heading', { level: 1, name: 'System Logs' })).toBeVisible();
          await expect(page.getByText(/Page \d+ of \d+|No log entries match these filters\./)).toBeVisible();
          expect(await seriousViolations(page), `/admin/logs at ${width}px`).toEqual([]);
        }
      });
    });
  });
}
