// The public pages arrive prerendered (frontends/shell/scripts/prerender.mjs), so a phone paints
// them before the federation chain has run; the app then takes each page over in one frame. These journeys check
// what a visitor sees: the page without any script, the hand-over without anything moving, controls that work
// once the app has them, nothing stale from the build day, and no prerendering of a signed-in page.
// Screenshots land in the test's output folder for a person to look at.
import { expect, test, type Page } from '@playwright/test';
import { handedOver } from './support/prerender.js';
import { registerUser, signIn } from './support/session.js';


const PAGES = [
  { path: '/', heading: "Pay every bill on time, even when payday doesn't line up." },
  { path: '/about', heading: 'Money that arrives on its own schedule deserves a plan that does too' },
  { path: '/blog', heading: 'Blog' },
  { path: '/login', heading: 'Sign in' },
  { path: '/register', heading: 'Create Your Account' },
];

/** Sums every layout shift from the first paint on (what Lighthouse's CLS adds up, without the session windows). */
const recordLayoutShifts = (page: Page) =>
  page.addInitScript(() => {
    (window as unknown as { shifted: number }).shifted = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) (window as unknown as { shifted: number }).shifted += (entry as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });

/** In the page: when it was first painted, and when the app's first module and the page's data were asked for. */
function loadTimings() {
  const resources = performance.getEntriesByType('resource');
  // The app's modules: every script but the small classic ones the copy's <head> names (theme-init.js blocks the
  // first paint on purpose, so a dark page is dark from its first frame: docs/themes.md).
  const modules = resources.filter((entry) => /\.js$/.test(new URL(entry.name).pathname) && !/zod-jitless|start-after-paint|theme-init/.test(entry.name));
  return {
    painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    firstModule: Math.min(...modules.map((entry) => entry.startTime)),
    modules: modules.length,
    manifestAsked: resources.find((entry) => new URL(entry.name).pathname === '/remotes-manifest.json')?.startTime,
    remoteModulesAsked: modules.filter((entry) => new URL(entry.name).pathname.startsWith('/remotes/')).map((entry) => entry.startTime),
  };
}


for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`prerendered public pages at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('each public page is readable before any script runs', async ({ browser }) => {
      const context = await browser.newContext({ viewport, javaScriptEnabled: false });
      const page = await context.newPage();
      for (const { path, heading } of PAGES) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
        await expect(page.getByRole('contentinfo')).toBeVisible();
      }
      await page.goto('/about');
      await page.screenshot({ path: test.info().outputPath(`about-no-script-${viewport.width}.png`) });
      await context.close();
    });

    test('the app takes the page over without moving anything, and its form then works', async ({ page }) => {
      await recordLayoutShifts(page);
      await page.goto('/login');
      await handedOver(page);
      await page.getByLabel('Email').fill('nobody@example.com');
      await page.getByLabel('Password').fill('not the password 1');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      for (const { path } of PAGES) {
        await page.goto(path);
        await handedOver(page);
        await page.waitForTimeout(300);
        expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted), path).toBeLessThanOrEqual(0.01);
      }
      await page.screenshot({ path: test.info().outputPath(`register-live-${viewport.width}.png`) });
    });

    test("the copy is painted before the app's modules are even requested, so they never hold the first paint back", async ({ page }) => {
      await page.goto('/about');
      await handedOver(page);
      const timing = await page.evaluate(loadTimings);
      expect(timing.painted).toBeDefined();
      expect(timing.modules).toBeGreaterThan(5);
      expect(timing.firstModule).toBeGreaterThanOrEqual(timing.painted!);
    });

    test("the page's remote modules are asked for with the shell's, not one step of the federation chain at a time", async ({ page }) => {
      for (const path of ['/about', '/blog']) {
        await page.goto(path);
        await handedOver(page);
        const timing = await page.evaluate(loadTimings);
        // Without the copy's preloads the remote's entry and page chunk wait for the shell to read the remotes
        // manifest; with them they are already on their way (on a phone, about 40% sooner to the hand-over).
        expect(timing.manifestAsked, path).toBeDefined();
        expect(timing.remoteModulesAsked.length, path).toBeGreaterThan(3);
        expect(Math.max(...timing.remoteModulesAsked), path).toBeLessThan(timing.manifestAsked!);
      }
    });

    test('/blog arrives with the posts of this moment in its HTML, and the app takes them over without asking again', async ({ browser, page, request }) => {
      // Other journeys publish posts meanwhile: the page holds at least the posts published before it was asked for.
      const { posts } = await (await request.get('/api/blog/posts')).json();
      const titles: string[] = posts.map((post: { title: string }) => post.title);
      expect(titles.length).toBeGreaterThan(0);
      const cardTitles = (on: Page) => on.getByRole('region', { name: 'All Posts' }).getByRole('heading', { level: 3 }).allTextContents();
      // Without any script: the posts' cards, rendered at request time (public-site's page server).
      const context = await browser.newContext({ viewport, javaScriptEnabled: false });
      const copy = await context.newPage();
      await copy.goto('/blog');
      expect(await cardTitles(copy)).toEqual(expect.arrayContaining(titles));
      await expect(copy.getByRole('contentinfo')).toBeVisible();
      await copy.screenshot({ path: test.info().outputPath(`blog-no-script-${viewport.width}.png`) });
      await context.close();

      await recordLayoutShifts(page);
      const asked: string[] = [];
      page.on('request', (sent) => {
        if (new URL(sent.url()).pathname.startsWith('/api/blog/')) asked.push(sent.url());
      });
      await page.goto('/blog', { waitUntil: 'domcontentloaded' });
      const served = await cardTitles(page);
      expect(served).toEqual(expect.arrayContaining(titles));
      await handedOver(page);
      // The app started from the data in the page: the same cards, and no request for the posts.
      expect(await cardTitles(page)).toEqual(served);
      await page.waitForTimeout(300);
      expect(asked).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted)).toBeLessThanOrEqual(0.01);
      await page.screenshot({ path: test.info().outputPath(`blog-live-${viewport.width}.png`) });
    });

    test("a blog post's page arrives with the post in its HTML and its own tab title, and the app takes it over in place", async ({ browser, page, request }) => {
      const { posts } = await (await request.get('/api/blog/posts')).json();
      const post: { slug: string; title: string } = posts[0];
      const context = await browser.newContext({ viewport, javaScriptEnabled: false });
      const copy = await context.newPage();
      await copy.goto(`/blog/${post.slug}`);
      await expect(copy.getByRole('heading', { level: 1 })).toHaveText(post.title);
      await expect(copy.getByRole('article')).toBeVisible();
      await expect(copy).toHaveTitle(new RegExp(`\\| PayCadence$`));
      await expect(copy.getByRole('contentinfo')).toBeVisible();
      await expect(copy.getByRole('navigation').first()).toBeVisible();
      await copy.screenshot({ path: test.info().outputPath(`post-no-script-${viewport.width}.png`) });
      const servedTitle = await copy.title();
      await context.close();

      await recordLayoutShifts(page);
      const asked: string[] = [];
      page.on('request', (sent) => {
        if (new URL(sent.url()).pathname.startsWith('/api/blog/')) asked.push(new URL(sent.url()).pathname);
      });
      await page.goto(`/blog/${post.slug}`);
      await handedOver(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title);
      // The live page keeps the title the server gave it (the shell's route title does not overwrite it).
      await expect(page).toHaveTitle(servedTitle);
      await page.waitForTimeout(300);
      expect(asked).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted)).toBeLessThanOrEqual(0.01);
      await page.screenshot({ path: test.info().outputPath(`post-live-${viewport.width}.png`) });
      // An unknown post: answered 404 with the posts' copy, then the app's not-found view.
      const missing = await page.goto('/blog/no-such-post-here');
      expect(missing?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Post Not Found');
    });

    test("numbers dated from today are hidden in the copy and shown by the app, so a stale build day never shows", async ({ browser }) => {
      const context = await browser.newContext({ viewport, javaScriptEnabled: false });
      const copy = await context.newPage();
      await copy.goto('/');
      const sample = copy.getByRole('figure', { name: 'Example plan with sample numbers' });
      await expect(sample.getByText('Safe to spend until next payday')).toBeVisible();
      await expect(sample.locator('[data-live]').first()).toBeHidden();
      await context.close();

      await withPage(browser, viewport, async (live) => {
        await live.goto('/');
        await handedOver(live);
        await expect(live.getByRole('figure', { name: 'Example plan with sample numbers' }).locator('[data-live]').first()).toBeVisible();
      });
    });

    test('a signed-in page is never served prerendered, and a signed-in visitor gets the live header', async ({ page, request }) => {
      for (const path of ['/dashboard', '/settings']) {
        expect(await (await request.get(path)).text(), path).not.toContain('data-prerendered');
      }
      await signIn(page, await registerUser(page, { prefix: 'prerender', firstName: 'Pia' }));
      // Until the app takes over, the copy offers this visitor no Sign In (the app's entry is held back here so
      // the copy stays): the starter saw web-kit's signed-in hint.
      const entry = /data-entry="([^"]+)"/.exec(await (await request.get('/about')).text())![1];
      const isEntry = (url: URL) => url.pathname === entry;
      await page.route(isEntry, (route) => route.abort());
      await page.goto('/about');
      await expect(page.locator('html[data-session-hint] #root[data-prerendered]')).toHaveCount(1);
      const copyHeader = page.locator('.pc-nav--desktop');
      for (const name of ['Sign In', 'Join Waitlist']) {
        await expect(copyHeader.getByText(name, { exact: true })).toBeAttached();
        await expect(copyHeader.getByText(name, { exact: true })).toBeHidden();
      }
      await page.unroute(isEntry);
      await page.goto('/about');
      await handedOver(page);
      await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
    });
  });
}

async function withPage(browser: import('@playwright/test').Browser, viewport: { width: number; height: number }, use: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport });
  try {
    await use(await context.newPage());
  } finally {
    await context.close();
  }
}
