// Households end to end, two people in two browsers on the real stack: A creates a household and
// invites B's e-mail; B opens the e-mailed link (from the stack's outbox), creates an account from it, comes back
// and is asked to confirm the address first (anyone who saw the link could have registered it); B opens the
// confirmation link from the outbox, returns to the invitation and accepts; both see each other as members. A shares a bill with the household and B sees it marked shared on
// /dashboard; a stranger C opening the used link is told so and never sees the bill; B leaves and loses the bill.
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays } from '@paycadence/finance-rules';
import { EMAIL_CONFIRMATION_MESSAGES, FINANCE_MESSAGES, HOUSEHOLD_MESSAGES, INVITATION_PATH, sharedItemMarker } from '@paycadence/contracts';
import { expect, test } from '@playwright/test';
import { confirmationTokenFor } from '../support/mail-outbox.js';
import { signInAt } from './support/admin.js';
import { registerOnScreen, registerUser, uniqueEmail } from './support/session.js';
import { localToday } from './support/dates.js';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// docs/development.md: the mail sender writes to `${DATA_DIR}/outbox`; the launcher's default DATA_DIR is <repo>/.data.
const OUTBOX = join(process.env.DATA_DIR || join(REPO_ROOT, '.data'), 'outbox');

/** The invitation link in the newest e-mail to `to`, as a path (and its fragment) on the stack under test. */
async function invitationPath(to: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const names = (await readdir(OUTBOX).catch(() => [] as string[])).filter((name) => name.endsWith('.json')).sort().reverse();
    for (const name of names) {
      const message = JSON.parse(await readFile(join(OUTBOX, name), 'utf8')) as { to: string; text: string };
      const link = message.to === to ? /https?:\/\/\S+\/household\/accept#token=[^\s"'<]+/.exec(message.text)?.[0] : undefined;
      if (link) {
        const url = new URL(link);
        return `${url.pathname}${url.search}${url.hash}`;
      }
    }
    await new Promise((settle) => setTimeout(settle, 200));
  }
  throw new Error(`no invitation e-mail for ${to} in ${OUTBOX}`);
}

test('invite by e-mail, accept from the link after signing up, share a bill, refuse a used link, leave', async ({ browser }) => {
  test.setTimeout(150_000);
  const householdName = `Home ${Math.random().toString(36).slice(2, 7)}`;
  const billName = `Power ${Math.random().toString(36).slice(2, 7)}`;
  const marker = sharedItemMarker(householdName, 'Ann Ledger');

  // A: signs in, creates the household from the empty state and invites B.
  const contextA = await browser.newContext();
  const pageA = await contextA.newPage();
  const emailA = await registerUser(pageA, { prefix: 'hh-owner', firstName: 'Ann' });
  await signInAt(pageA, '/login', emailA);
  await pageA.goto('/household');
  await expect(pageA.getByText(HOUSEHOLD_MESSAGES.noHouseholds)).toBeVisible();
  await pageA.getByRole('button', { name: HOUSEHOLD_MESSAGES.createFirst }).click();
  const create = pageA.getByRole('dialog', { name: HOUSEHOLD_MESSAGES.createHousehold });
  await create.getByLabel(HOUSEHOLD_MESSAGES.householdName).fill(householdName);
  await create.getByRole('button', { name: HOUSEHOLD_MESSAGES.createHousehold }).click();
  await expect(pageA.getByRole('heading', { level: 2, name: householdName })).toBeVisible();
  await expect(pageA.getByText(HOUSEHOLD_MESSAGES.role('owner'))).toBeVisible();

  const emailB = uniqueEmail('hh-partner');
  await pageA.getByRole('button', { name: HOUSEHOLD_MESSAGES.inviteMember }).click();
  const invite = pageA.getByRole('dialog', { name: HOUSEHOLD_MESSAGES.inviteMember });
  await invite.getByLabel('Email').fill(emailB);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(pageA.getByRole('status').filter({ hasText: HOUSEHOLD_MESSAGES.invitationSent(emailB) })).toBeVisible();
  await expect(invite).toBeHidden();

  // B: opens the e-mailed link signed out, creates an account from it and is brought back to accept.
  // The token is in the fragment: the request for the page (what the gateway's and nginx's logs see) has none.
  const link = await invitationPath(emailB);
  expect(link.startsWith(`${INVITATION_PATH}#token=`)).toBe(true);
  const contextB = await browser.newContext();
  const pageB = await contextB.newPage();
  const requested: string[] = [];
  // What goes over the wire: a request's URL without the fragment the browser keeps to itself.
  pageB.on('request', (request) => requested.push(request.url().split('#')[0]!));
  const token = new URLSearchParams(link.split('#')[1]).get('token')!;
  await pageB.goto(link);
  await expect(pageB.getByRole('heading', { level: 1, name: `You're invited to join ${householdName}` })).toBeVisible();
  expect(requested.filter((url) => url.includes(token) || url.includes(encodeURIComponent(token)))).toEqual([]);
  // Read, then out of the address bar.
  expect(new URL(pageB.url()).hash).toBe('');
  await expect(pageB.getByText(/Ann Ledger invited/)).toContainText(emailB);
  await pageB.getByRole('link', { name: 'Create an account' }).click();
  await registerOnScreen(pageB, { email: emailB, firstName: 'Ben' });
  await pageB.waitForURL((url) => url.pathname === INVITATION_PATH);
  // A new account has proved nothing: joining waits for the address, and the invitation stays usable.
  await pageB.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(pageB.getByText(EMAIL_CONFIRMATION_MESSAGES.requiredToJoin)).toBeVisible();
  await pageB.goto(`/confirm-email#token=${await confirmationTokenFor(emailB)}`);
  await expect(pageB.getByText(EMAIL_CONFIRMATION_MESSAGES.confirmed(emailB))).toBeVisible();
  // Back to the invitation (this tab kept its token) to accept.
  await pageB.goto(INVITATION_PATH);
  await pageB.getByRole('button', { name: 'Accept invitation' }).click();
  await pageB.waitForURL((url) => url.pathname === '/household');
  await expect(pageB.getByRole('heading', { level: 2, name: householdName })).toBeVisible();
  await expect(pageB.getByText(HOUSEHOLD_MESSAGES.role('partner'))).toBeVisible();
  const membersB = pageB.getByRole('list', { name: 'Members' });
  await expect(membersB.getByText(emailA)).toBeVisible();
  await expect(membersB.getByText(emailB)).toBeVisible();

  // A sees B among the members.
  await pageA.reload();
  await expect(pageA.getByRole('list', { name: 'Members' }).getByText(emailB)).toBeVisible();

  // A shares a bill with the household; B sees it on the dashboard, marked shared.
  await pageA.goto('/dashboard');
  await pageA.getByRole('button', { name: 'Add bill' }).click();
  const billForm = pageA.getByRole('form', { name: 'Add a bill' });
  await billForm.getByLabel('Bill name').fill(billName);
  await billForm.getByLabel('Amount ($)').fill('80');
  await billForm.getByLabel('Due date').fill(addDays(localToday(), 10));
  await billForm.getByLabel(FINANCE_MESSAGES.shareWithHousehold).selectOption({ label: householdName });
  await billForm.getByRole('button', { name: 'Add bill' }).click();
  await expect(billForm).toBeHidden();
  await pageB.goto('/dashboard');
  const billsB = pageB.getByRole('list', { name: 'Bills' });
  await expect(billsB.getByRole('listitem').filter({ hasText: billName }).getByText(marker)).toBeVisible();

  // C: a stranger with the same (used) link is told so and never sees the shared bill.
  const contextC = await browser.newContext();
  const pageC = await contextC.newPage();
  const emailC = await registerUser(pageC, { prefix: 'hh-stranger', firstName: 'Cy' });
  await signInAt(pageC, '/login', emailC);
  await pageC.goto(link);
  await expect(pageC.getByRole('alert')).toContainText(HOUSEHOLD_MESSAGES.invitationUsed);
  await expect(pageC.getByRole('button', { name: 'Accept invitation' })).toHaveCount(0);
  await pageC.goto('/dashboard');
  await expect(pageC.getByText('No bills added yet')).toBeVisible();
  await expect(pageC.getByText(billName)).toHaveCount(0);

  // B leaves (after confirming) and the shared bill is gone from B's dashboard.
  await pageB.goto('/household');
  await pageB.getByRole('button', { name: 'Leave household' }).click();
  const confirm = pageB.getByRole('dialog', { name: `Leave ${householdName}?` });
  await confirm.getByRole('button', { name: 'Leave household' }).click();
  await expect(pageB.getByRole('status').filter({ hasText: `You left ${householdName}.` })).toBeVisible();
  await expect(pageB.getByText(HOUSEHOLD_MESSAGES.noHouseholds)).toBeVisible();
  await pageB.goto('/dashboard');
  await expect(pageB.getByText('No bills added yet')).toBeVisible();
  await expect(pageB.getByText(billName)).toHaveCount(0);

  // A still has it, and no longer lists B.
  await pageA.goto('/household');
  await expect(pageA.getByRole('list', { name: 'Members' }).getByText(emailA)).toBeVisible();
  await expect(pageA.getByRole('list', { name: 'Members' }).getByText(emailB)).toHaveCount(0);

  await Promise.all([contextA.close(), contextB.close(), contextC.close()]);
});
