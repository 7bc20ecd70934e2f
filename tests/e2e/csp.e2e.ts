// Every page works under the Content-Security-Policy kong.yml sends, and none of them makes
// the browser report a violation (a blocked script or style is a broken page; a probe that is refused is noise
// that would hide a real one).
import { expect, test, type Page } from '@playwright/test';
import { BLOG_MESSAGES } from '@paycadence/contracts';
import { registerUser, signIn } from './support/session.js';

/**
 * Records every `securitypolicyviolation` the page raises (also for a refusal the page's code catches, which
 * leaves no console message) from the first script on; `read()` answers those of the page shown now.
 */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} blocked ${event.blockedURI}`));
  });
  const violations: string[] = [];
  return {
    violations,
    read: async () => {
      const seen = await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);
      violations.push(...seen.map((line) => `${new URL(page.url()).pathname}: ${line}`));
    },
  };
}

test('the public pages load under the CSP without a violation', async ({ page }) => {
  const { violations, read } = await watchViolations(page);
  for (const [path, heading] of [
    ['/', /every bill/i],
    ['/blog', BLOG_MESSAGES.listTitle],
    ['/demo', /line up with your paydays/i],
    ['/login', 'Sign in'],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await expect(page.getByRole('heading', { level: 1 }).first()).toContainText(heading);
    await read();
  }
  expect(violations).toEqual([]);
});

test('the signed-in pages and their remotes load under the CSP without a violation', async ({ page }) => {
  const email = await registerUser(page, { prefix: 'csp', firstName: 'Casey' });
  const { violations, read } = await watchViolations(page);
  await signIn(page, email);
  await read();
  for (const [path, heading] of [
    ['/dashboard', /Hi Casey/],
    ['/connected-accounts', /./],
    ['/household', /./],
    ['/settings', /Hi Casey/],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toContainText(heading);
    await read();
  }
  expect(violations).toEqual([]);
});
