// Households plan together, on the real stack at desktop and phone widths: an owner invites someone, sees the
// invitation waiting, sends it again (a second e-mail, the first link dead) and withdraws it; the household
// calendar shows the bill and the paycheck shared with the household, whose paycheck it is and which one pays
// the bill. Screenshots of both widths go to the test's output folder.
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOUSEHOLD_CALENDAR_MESSAGES, HOUSEHOLD_MESSAGES } from '@paycadence/contracts';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './support/axe.js';
import { businessAnchor, localToday } from './support/dates.js';
import { registerUser, signIn, uniqueEmail } from './support/session.js';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// docs/development.md: the mail sender writes to `${DATA_DIR}/outbox`; the launcher's default DATA_DIR is <repo>/.data.
const OUTBOX = join(process.env.DATA_DIR || join(REPO_ROOT, '.data'), 'outbox');

/** The invitation tokens e-mailed to `to`, oldest first, once at least `count` arrived. */
async function invitationTokens(to: string, count: number): Promise<string[]> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const tokens: string[] = [];
    for (const name of (await readdir(OUTBOX).catch(() => [] as string[])).filter((file) => file.endsWith('.json')).sort()) {
      const message = JSON.parse(await readFile(join(OUTBOX, name), 'utf8')) as { to: string; text: string };
      const token = message.to === to ? /#token=([^\s"'<]+)/.exec(message.text)?.[1] : undefined;
      if (token) tokens.push(token);
    }
    if (tokens.length >= count) return tokens;
    await new Promise((settle) => setTimeout(settle, 200));
  }
  throw new Error(`fewer than ${count} invitation e-mails for ${to} in ${OUTBOX}`);
}

/** Nothing wider than the viewport: no sideways scrolling at this width. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('invite, see it pending, resend and withdraw; the household calendar shows the shared bill and payday', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = await registerUser(page, { prefix: 'hh-plan', firstName: 'Ann' });
  const token = await signIn(page, email);
  const auth = { Authorization: `Bearer ${token}` };

  // The household and what Ann shares with it, through the API (the forms have their own journeys).
  const householdName = `Plan ${Math.random().toString(36).slice(2, 7)}`;
  const created = await page.request.post('/api/household/create', { headers: auth, data: { name: householdName } });
  expect(created.ok(), await created.text()).toBe(true);
  const householdId = ((await created.json()) as { id: string }).id;
  const today = localToday();
  // A payday on a business day, and a bill due a week later: the paycheck pays it.
  const payday = businessAnchor(today, 3);
  const due = businessAnchor(payday, 7);
  const income = await page.request.post('/api/financial/income', {
    headers: auth,
    data: { source: 'Teaching', amount: 2400, frequency: 'monthly', next_date: payday, household_id: householdId },
  });
  expect(income.ok(), await income.text()).toBe(true);
  const bill = await page.request.post('/api/financial/bills', {
    headers: auth,
    data: { name: 'Internet', amount: 80, due_date: due, priority: 'medium', category: 'utilities', recurring: 'monthly', household_id: householdId },
  });
  expect(bill.ok(), await bill.text()).toBe(true);

  await page.goto(`/household?household=${householdId}`);
  await expect(page.getByRole('heading', { level: 2, name: householdName })).toBeVisible();
  await expect(page.getByText(HOUSEHOLD_MESSAGES.noPendingInvitations)).toBeVisible();

  // Invite: the invitation now waits in the list, with who sent it.
  const guest = uniqueEmail('hh-plan-guest');
  await page.getByRole('button', { name: HOUSEHOLD_MESSAGES.inviteMember }).click();
  const invite = page.getByRole('dialog', { name: HOUSEHOLD_MESSAGES.inviteMember });
  await invite.getByLabel('Email').fill(guest);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite).toBeHidden();
  const pending = page.getByRole('list', { name: HOUSEHOLD_MESSAGES.pendingInvitations });
  const row = pending.getByRole('listitem').filter({ hasText: guest });
  await expect(row).toBeVisible();
  await expect(row.getByText('Invited by Ann Ledger', { exact: false })).toBeVisible();
  const [firstToken] = await invitationTokens(guest, 1);

  // The calendar: the payday labelled as Ann's, the bill paid from it.
  const calendar = page.getByRole('region', { name: HOUSEHOLD_CALENDAR_MESSAGES.title });
  await expect(calendar.getByText("Ann Ledger's paycheck: Teaching").first()).toBeVisible();
  await expect(calendar.getByText('Internet').first()).toBeVisible();
  await expect(calendar.getByText(/^From Ann Ledger's Teaching paycheck of /).first()).toBeVisible();
  await expect(page.getByRole('region', { name: HOUSEHOLD_CALENDAR_MESSAGES.whoPays }).getByText("Ann Ledger's pay")).toBeVisible();
  expect(await axeViolations(page, { within: '.hh-panel[aria-labelledby="hh-detail-title"]' })).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('household-plan-1280.png'), fullPage: true });

  // Resend: a second e-mail with a new link; the first link no longer works.
  await row.getByRole('button', { name: `Resend the invitation to ${guest}` }).click();
  await expect(page.getByText(HOUSEHOLD_MESSAGES.invitationResent(guest))).toBeVisible();
  const tokens = await invitationTokens(guest, 2);
  expect(tokens[1]).not.toBe(firstToken);
  expect((await page.request.post('/api/household/invitation-details', { data: { token: firstToken } })).status()).toBe(404);
  expect((await page.request.post('/api/household/invitation-details', { data: { token: tokens[1] } })).status()).toBe(200);

  // At phone width, before withdrawing: the list, the calendar and who pays what fit.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('household-plan-390.png'), fullPage: true });

  // Withdraw, after a confirmation: the link stops working and the list is empty again.
  await row.getByRole('button', { name: `Withdraw the invitation to ${guest}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Withdraw invitation?' });
  await expect(confirm.getByText(HOUSEHOLD_MESSAGES.withdrawConfirm(guest))).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('household-plan-390-confirm.png') });
  await confirm.getByRole('button', { name: 'Withdraw invitation' }).click();
  await expect(page.getByText(HOUSEHOLD_MESSAGES.invitationWithdrawnDone(guest))).toBeVisible();
  await expect(page.getByText(HOUSEHOLD_MESSAGES.noPendingInvitations)).toBeVisible();
  expect((await page.request.post('/api/household/invitation-details', { data: { token: tokens[1] } })).status()).toBe(404);
  await expectNoSidewaysScroll(page);
  console.log(`screenshots in ${testInfo.outputDir}`);
});
