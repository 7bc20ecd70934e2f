// Admin accounts for the admin journeys: a user registered through the API, then promoted with the product's
// own `admin:create` command (docs/security.md), run against the stack's database exactly as an operator would.
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, registerUser } from './session.js';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const ADMIN_CREATE = join(REPO_ROOT, 'services/auth/dist/cli/admin-create.js');
const run = promisify(execFile);

/**
 * A new admin: registered, then promoted by `node services/auth/dist/cli/admin-create.js` with the stack's
 * DATABASE_URL and DATA_DIR (npm test hands both to Playwright).
 */
export async function createAdmin(request: APIRequestContext): Promise<string> {
  const email = await registerUser(request, { prefix: 'admin', firstName: 'Ada' });
  const { stdout } = await run(process.execPath, [ADMIN_CREATE, '--email', email, '--password', PASSWORD], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'test' },
  });
  expect(stdout).toContain('admin');
  return email;
}

/**
 * Signs in through the sign-in screen at `path` (/admin or /login) and waits until the screen has handed over
 * (from /login to /dashboard, docs/product/accounts.md §2; /admin stays on /admin).
 */
export async function signInAt(page: Page, path: string, email: string, password = PASSWORD) {
  await page.goto(path);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // Signed in once the screen itself is gone (the busy button reads 'Signing in...', so it is no sign).
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toHaveCount(0, { timeout: 15_000 });
}
