// The installable app (docs/installable-app.md): the manifest and icons browsers ask for, the service worker
// registered and controlling, Chromium's own installability check (the one Lighthouse reports) passing on
// /dashboard, the Account menu's "Install app" (the browser's prompt, or the Add to Home Screen steps on an iPhone),
// a page opened before still opening offline, and a pushed reminder shown as a notification that opens the bill.
import { expect, test, type Page } from '@playwright/test';
import { registerUser, signIn } from './support/session.js';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

// The one journey file where the service worker runs (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

/** Waits until the service worker is active and controls the page (the first visit installs it; a reload is controlled). */
async function controlledBy(page: Page): Promise<string> {
  const script = await page.evaluate(
    async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? '',
  );
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toBe(script);
  return script;
}

/** Waits until every remote file this page loaded is in the worker's caches. */
async function keptByWorker(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const loaded = performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name))
          .filter((url) => url.origin === location.origin && url.pathname.startsWith('/remotes/'))
          .map((url) => url.pathname);
        const kept = new Set<string>();
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys()) kept.add(new URL(request.url).pathname);
        }
        return loaded.filter((path) => !kept.has(path));
      }),
    )
    .toEqual([]);
}

test('the manifest and its icons are what browsers ask for, and /dashboard passes Chromium’s installability check', async ({
  page,
  request,
}) => {
  const answer = await request.get('/manifest.webmanifest');
  expect(answer.ok()).toBe(true);
  expect(answer.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await answer.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: ManifestIcon[];
  };
  expect(manifest).toMatchObject({
    name: 'PayCadence',
    short_name: 'PayCadence',
    start_url: '/dashboard',
    display: 'standalone',
  });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  for (const size of [192, 512]) {
    for (const purpose of ['any', 'maskable']) {
      const icon = manifest.icons.find(
        (candidate) =>
          candidate.sizes === `${size}x${size}` && (candidate.purpose ?? 'any').split(' ').includes(purpose),
      );
      expect(icon, `a ${purpose} icon of ${size} px`).toBeDefined();
      const png = await request.get(icon!.src);
      expect(png.headers()['content-type']).toBe('image/png');
      expect(pngSize(await png.body())).toEqual({ width: size, height: size });
    }
  }

  await signIn(page, await registerUser(page, { prefix: 'install', firstName: 'Ina' }));
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  expect(await controlledBy(page)).toMatch(/\/sw\.js$/);
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: Array<{ errorId: string }>;
  };
  // Playwright's browser contexts are off the record, where Chromium installs nothing ('in-incognito'); every other
  // criterion (manifest, icons, start URL, display, service worker, secure origin) must pass.
  expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual(
    [],
  );
});

test("the Account menu offers the browser's install prompt", async ({ page }) => {
  await signIn(page, await registerUser(page, { prefix: 'install-menu', firstName: 'Ivo' }));
  // What Chromium fires when it would install the app (headless Chromium decides on its own when, so the test fires it).
  await page.evaluate(() => {
    const offer = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
      prompt: () => Promise<void>;
      userChoice: Promise<{ outcome: string }>;
    };
    offer.prompt = async () => {
      (window as unknown as { prompted: boolean }).prompted = true;
    };
    offer.userChoice = Promise.resolve({ outcome: 'accepted' });
    window.dispatchEvent(offer);
  });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Account' }).click();
  await nav.getByRole('button', { name: 'Install app' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted === true))
    .toBe(true);
  await nav.getByRole('button', { name: 'Account' }).click();
  await expect(nav.getByRole('button', { name: 'Install app' })).toHaveCount(0);
});

test.describe('on an iPhone', () => {
  test.use({
    viewport: { width: 390, height: 844 },
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    hasTouch: true,
  });

  test('the menu shows the Add to Home Screen steps', async ({ page }) => {
    await signIn(page, await registerUser(page, { prefix: 'install-ios', firstName: 'Ivy' }));
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Install app' }).click();
    const steps = page.getByRole('dialog', { name: 'Add PayCadence to your Home Screen' });
    await expect(steps).toContainText('Add to Home Screen');
    await page.screenshot({ path: test.info().outputPath('install-steps-390.png') });
    await steps.getByRole('button', { name: 'Done' }).click();
    await expect(steps).toBeHidden();
  });
});

test('a page opened before opens again offline, from what the service worker kept', async ({
  page,
  context,
}) => {
  await page.goto('/about');
  await controlledBy(page);
  // A worker that claimed this page while it loaded saw none of its remote's modules: load it once fully under the
  // worker, and wait for what it loaded to be kept (a cache put ends after the answer).
  await page.reload();
  await keptByWorker(page);
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  await context.setOffline(true);
  try {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      'Money that arrives on its own schedule',
    );
  } finally {
    await context.setOffline(false);
  }
});

test('a reminder pushed to this device shows a notification that opens the bill', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications']);
  const headers = { authorization: `Bearer ${await signIn(page, await registerUser(page, { prefix: 'push-show', firstName: 'Pia' }))}` };
  const due = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const created = await page.request.post('/api/financial/bills', {
    headers,
    data: { name: 'Rent', amount: 1200, due_date: due, category: 'rent' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id: billId } = (await created.json()) as { id: string };
  await controlledBy(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  const registrationId = await new Promise<string>((resolve) => {
    cdp.on(
      'ServiceWorker.workerRegistrationUpdated',
      ({ registrations }: { registrations: Array<{ registrationId: string; scopeURL: string }> }) => {
        const ours = registrations.find((registration) => registration.scopeURL.endsWith('/'));
        if (ours) resolve(ours.registrationId);
      },
    );
  });
  const origin = new URL(page.url()).origin;
  const payload = {
    title: 'Bill due in 3 days',
    body: 'Rent: $1,200.00, due December 14',
    url: `/dashboard?bill=${billId}`,
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId,
    data: JSON.stringify(payload),
  });
  const shown = async () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        data: n.data as unknown,
      })),
    );
  await expect
    .poll(shown)
    .toEqual([{ title: payload.title, body: payload.body, data: { url: `${origin}/dashboard?bill=${billId}` } }]);

  // The tap, with the person elsewhere in the app. DevTools cannot click a notification, so the worker's own
  // notificationclick handler is handed the shown notification; a synthetic event carries no permission to focus
  // a window, which the handler does without, as it must when that permission has lapsed.
  await page.goto('/settings');
  const [worker] = context.serviceWorkers();
  await worker.evaluate(async () => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const [notification] = await scope.registration.getNotifications();
    self.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
  });
  await page.waitForURL(`**/dashboard?bill=${billId}`);
  await expect(page.locator(`[data-record-id="${billId}"]`)).toBeFocused();
  await expect.poll(shown).toEqual([]);
});

test('offline, the dashboard opens read-only from the copy kept at its last load, refuses a change, and signing out removes the copy', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const email = await registerUser(page, { prefix: 'offline', firstName: 'Olu' });
  const headers = { authorization: `Bearer ${await signIn(page, email)}` };
  const due = new Date(Date.now() + 6 * 86_400_000).toISOString().slice(0, 10);
  expect(
    (
      await page.request.post('/api/financial/bills', {
        headers,
        data: { name: 'Water', amount: 64.2, due_date: due, category: 'utilities' },
      })
    ).ok(),
  ).toBe(true);
  await controlledBy(page);
  await page.goto('/dashboard');
  const bills = page.getByRole('list', { name: 'Bills' });
  await expect(bills).toContainText('Water');
  // The copy is written once the answer is in.
  await expect
    .poll(() =>
      page.evaluate(async () => (await caches.keys()).some((name) => name.startsWith('paycadence-offline:'))),
    )
    .toBe(true);

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByText(/^You're offline\. This is your dashboard as it was on /)).toBeVisible();
    await expect(bills).toContainText('Water');
    await page.screenshot({ path: test.info().outputPath('dashboard-offline.png'), fullPage: true });
    // A change is refused in words, not queued.
    await page.getByRole('button', { name: 'Add bill' }).first().click();
    const form = page.getByRole('form', { name: 'Add a bill' });
    await form.getByLabel('Bill name').fill('Gym');
    await form.getByLabel('Amount ($)').fill('30');
    await form.getByLabel('Due date').fill(due);
    await form.getByRole('button', { name: 'Add bill' }).click();
    await expect(
      page.getByText("You're offline, so nothing was saved.", { exact: false }).first(),
    ).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
  await expect(page.getByRole('list', { name: 'Bills' })).not.toContainText('Gym');

  await page.reload();
  await expect(bills).toContainText('Water');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Account' }).click();
  await nav.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await caches.keys()).filter((name) => name.startsWith('paycadence-offline:')),
      ),
    )
    .toEqual([]);
});
