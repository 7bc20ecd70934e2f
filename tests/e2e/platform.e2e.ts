// Smoke test of the platform: the gateway serves the shell, proxies the waitlist API with a
// request id, and answers unknown API paths with JSON.
import { expect, test } from '@playwright/test';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const uniqueEmail = () => `smoke-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

test('GET / returns the shell page (its prerendered copy), and client-side routes get the shell page', async ({ request }) => {
  const home = await request.get('/');
  expect(home.status()).toBe(200);
  expect(home.headers()['content-type']).toContain('text/html');
  expect(home.headers()['cache-control']).toBe('no-cache');
  const html = await home.text();
  expect(html).toContain('<div id="root" data-prerendered>');
  const shellPage = await (await request.get('/index.html')).text();
  expect(shellPage).toContain('<script type="module"');
  const clientRoute = await request.get('/settings');
  expect(clientRoute.status()).toBe(200);
  expect(await clientRoute.text()).toBe(shellPage);
  // The copy is the shell page with the public page's markup in it, and the same app: its starter adds the
  // shell page's module entry and modulepreloads once the copy is painted, then the page's remote modules
  //.
  const attribute = (page: string, pattern: RegExp) => [...page.matchAll(pattern)].map((match) => match[1]);
  const starter = /<script defer src="\/assets\/start-after-paint-[^"]+" data-entry="([^"]+)" data-preload="([^"]*)"><\/script>/.exec(html);
  expect(starter).not.toBeNull();
  expect(attribute(shellPage, /<script type="module" crossorigin src="([^"]+)">/g)).toEqual([starter![1]]);
  const shellPreloads = attribute(shellPage, /<link rel="modulepreload" crossorigin href="([^"]+)">/g);
  const copyPreloads = starter![2].split(' ');
  expect(copyPreloads.slice(0, shellPreloads.length)).toEqual(shellPreloads);
  expect(copyPreloads.slice(shellPreloads.length)).toContainEqual(expect.stringMatching(/^\/remotes\/public-site\/assets\/LandingPage-[\w-]+\.js$/));
  expect(html).not.toContain('<script type="module"');
});

test('the shell loads in Chromium without page errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('body')).not.toBeEmpty();
  expect(errors).toEqual([]);
});

test('POST /api/waitlist/join works through the gateway and gets a generated request id', async ({ request }) => {
  const response = await request.post('/api/waitlist/join', { data: { email: uniqueEmail(), source: 'homepage' } });
  expect(response.ok()).toBe(true);
  expect(await response.json()).toMatchObject({ success: true });
  expect(response.headers()['x-request-id']).toMatch(UUID);
});

test('a request id sent by the client is echoed back', async ({ request }) => {
  const requestId = `smoke-${Date.now()}`;
  const response = await request.post('/api/waitlist/join', {
    data: { email: uniqueEmail(), source: 'homepage' },
    headers: { 'X-Request-ID': requestId },
  });
  expect(response.ok()).toBe(true);
  expect(response.headers()['x-request-id']).toBe(requestId);
});

test('an unknown /api path answers 404 with a JSON message', async ({ request }) => {
  const response = await request.get('/api/no-such-endpoint');
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toContain('application/json');
  expect(typeof (await response.json()).message).toBe('string');
});
