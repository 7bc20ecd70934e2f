// Reminder e-mails end to end, at laptop and phone width: a fresh user saves Settings >
// Notifications (toggles and days ahead, kept by finance with the browser's time zone); a fresh browser context
// signed in again shows them after a reload; with a bill due in two days, the finance worker's scan (every 3 s
// on the test stack) e-mails a reminder into the stack's outbox; its unsubscribe link (the token in its fragment),
// opened with no session, asks first, then turns the reminders off, which Settings shows. The browser's zone is chosen so that it is
// daytime there now (reminders go out from 08:00 local), so the journey passes at any hour.
// Screenshots go to the test's output folder to be looked at.
import { NOTIFICATION_TOGGLE_TEXTS as T, REMINDER_MESSAGES } from '@paycadence/contracts';
import { addDays } from '@paycadence/finance-rules';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { messagesTo } from '../support/mail-outbox.js';
import { PASSWORD, registerUser, signIn } from './support/session.js';
import { seriousViolations } from './support/axe.js';


/** A fixed-offset IANA zone (`Etc/GMT-5` is UTC+5) where it is between 10:00 and 17:59 now, and its date. */
function daytimeZone(now = new Date()): { zone: string; today: string } {
  for (let offset = -12; offset <= 14; offset += 1) {
    const local = new Date(now.getTime() + offset * 3_600_000);
    if (local.getUTCHours() >= 10 && local.getUTCHours() < 18) {
      const zone = offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
      return { zone, today: local.toISOString().slice(0, 10) };
    }
  }
  throw new Error('no zone');
}

/** The newest reminder e-mail to `to` in the stack's outbox (waits for the worker's scan; sign-up's address confirmation is not one). */
async function reminderMail(to: string): Promise<{ subject: string; text: string }> {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    const reminder = (await messagesTo(to)).filter((message) => !message.subject.startsWith('Confirm your')).at(-1);
    if (reminder) return reminder;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`no reminder e-mail to ${to} within 30 s`);
}

async function openNotifications(page: Page) {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByRole('checkbox', { name: new RegExp(T.bills.label) })).toBeVisible();
}

const box = (page: Page, key: keyof typeof T) => page.getByRole('checkbox', { name: new RegExp(T[key].label) });

/** A new browser context (no cookies, no local storage), signed in as `email`. */
async function freshSignedIn(browser: Browser, email: string, width: number, zone: string) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, timezoneId: zone });
  const page = await context.newPage();
  await signIn(page, email, PASSWORD);
  return { context, page };
}

for (const width of [1280, 390]) {
  test(`notification settings live on the server, and a reminder e-mail's link turns reminders off, at ${width}px`, async ({ browser }) => {
    test.setTimeout(120_000);
    const { zone, today } = daytimeZone();
    const first = await browser.newContext({ viewport: { width, height: 900 }, timezoneId: zone });
    const page = await first.newPage();
    const email = await registerUser(page, { prefix: `remind-${width}`, firstName: 'Robin' });
    const headers = { authorization: `Bearer ${await signIn(page, email)}` };

    // Signing in alone kept the product's defaults with this browser's zone on the server (reminders follow the
    // user's own day, and bill reminders are on by default), before any visit to Settings.
    const browserZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    await expect
      .poll(async () => (await page.request.get('/api/financial/reminders', { headers })).json())
      .toMatchObject({ saved: true, time_zone: browserZone, bills: true, income: true, suggestions: false, updates: true, days_before: 3 });
    // Settings > Notifications shows them, with the zone they follow.
    await openNotifications(page);
    await expect(page.getByText(REMINDER_MESSAGES.timeZone(browserZone))).toBeVisible();
    await expect(page.getByText(REMINDER_MESSAGES.notYetSaved)).toHaveCount(0);
    await box(page, 'suggestions').check();
    await box(page, 'updates').uncheck();
    await page.getByLabel(REMINDER_MESSAGES.daysBeforeLabel).selectOption({ label: '2 days before' });
    await page.getByRole('button', { name: REMINDER_MESSAGES.save }).click();
    await expect(page.getByRole('status').filter({ hasText: REMINDER_MESSAGES.saved })).toBeVisible();
    const card = page.locator('.pc-notify');
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: test.info().outputPath(`1-saved-card-${width}.png`) });
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling').toBeLessThanOrEqual(width);

    // A fresh browser context (nothing in local storage) shows what the server kept, after a reload too.
    const second = await freshSignedIn(browser, email, width, zone);
    await openNotifications(second.page);
    await second.page.reload();
    await second.page.getByRole('tab', { name: 'Notifications' }).click();
    await expect(box(second.page, 'suggestions')).toBeChecked();
    await expect(box(second.page, 'updates')).not.toBeChecked();
    await expect(box(second.page, 'bills')).toBeChecked();
    await expect(second.page.getByLabel(REMINDER_MESSAGES.daysBeforeLabel)).toHaveValue('2');
    await expect(second.page.getByText(REMINDER_MESSAGES.notYetSaved)).toHaveCount(0);

    // A bill due in two days (the user's own day): the worker's next scan e-mails the reminder.
    const bill = { name: 'Rent', amount: 1450, due_date: addDays(today, 2), priority: 'high', category: 'rent', recurring: 'once' };
    expect((await page.request.post('/api/financial/bills', { headers, data: bill })).ok()).toBe(true);
    const mail = await reminderMail(email);
    expect(mail.subject).toMatch(/^Rent \(\$1,450\.00\) is due in 2 days, on the \d+(st|nd|rd|th)$/);
    expect(mail.text).toContain('Hi Robin,');
    // The token is in the link's fragment: nothing the browser requests for it carries the token.
    const link = /https?:\/\/\S+(\/api\/financial\/reminders\/unsubscribe#token=([A-Za-z0-9_-]{43}))/.exec(mail.text);
    expect(link).not.toBeNull();
    const token = link![2]!;

    // The link, opened with no session (a mail app): asks first, then turns the reminders off and says so.
    const mailApp = await browser.newContext({ viewport: { width, height: 900 } });
    const unsubscribe = await mailApp.newPage();
    const requested: string[] = [];
    unsubscribe.on('request', (request) => requested.push(request.url().split('#')[0]!));
    await unsubscribe.goto(link![1]!);
    await expect(unsubscribe.getByRole('heading', { level: 1, name: REMINDER_MESSAGES.unsubscribeTitle })).toBeVisible();
    await expect(unsubscribe.getByRole('button', { name: REMINDER_MESSAGES.unsubscribeButton })).toBeVisible();
    expect(new URL(unsubscribe.url()).hash).toBe('');
    await unsubscribe.screenshot({ path: test.info().outputPath(`2-unsubscribe-ask-${width}.png`), fullPage: true });
    expect(await seriousViolations(unsubscribe)).toEqual([]);
    await unsubscribe.getByRole('button', { name: REMINDER_MESSAGES.unsubscribeButton }).click();
    await expect(unsubscribe.getByRole('heading', { level: 1, name: REMINDER_MESSAGES.unsubscribedTitle })).toBeVisible();
    await expect(unsubscribe.getByText(REMINDER_MESSAGES.unsubscribedBody)).toBeVisible();
    await unsubscribe.screenshot({ path: test.info().outputPath(`3-unsubscribed-${width}.png`), fullPage: true });
    expect(await seriousViolations(unsubscribe)).toEqual([]);
    expect(requested.filter((url) => url.includes(token))).toEqual([]);

    // A made-up link says it does not work (in a tab of its own: a new fragment alone does not reload a page).
    const madeUp = await mailApp.newPage();
    await madeUp.goto(link![1]!.replace(/[A-Za-z0-9_-]{43}$/, 'A'.repeat(43)));
    await expect(madeUp.getByRole('heading', { level: 1, name: REMINDER_MESSAGES.unsubscribeInvalidTitle })).toBeVisible();
    await madeUp.screenshot({ path: test.info().outputPath(`4-unknown-link-${width}.png`), fullPage: true });

    // A link mailed with the token in the path still opens the page, which then holds the token in no address.
    const older = await mailApp.newPage();
    await older.goto(`/api/financial/reminders/unsubscribe/${token}`);
    await expect(older.getByRole('heading', { level: 1, name: REMINDER_MESSAGES.unsubscribeTitle })).toBeVisible();
    await expect(older.getByRole('button', { name: REMINDER_MESSAGES.unsubscribeButton })).toBeVisible();
    expect(older.url()).not.toContain(token);

    // Settings shows bill reminders and income alerts off; the other choices as they were.
    await second.page.reload();
    await second.page.getByRole('tab', { name: 'Notifications' }).click();
    await expect(box(second.page, 'bills')).not.toBeChecked();
    await expect(box(second.page, 'income')).not.toBeChecked();
    await expect(box(second.page, 'suggestions')).toBeChecked();

    await Promise.all([first.close(), second.context.close(), mailApp.close()]);
  });
}
