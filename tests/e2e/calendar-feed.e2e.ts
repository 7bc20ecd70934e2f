// The private calendar feed end to end, at laptop and phone width: a fresh user with an income
// and a bill makes the link under Settings > Notifications, the test fetches the .ics as a calendar app would (no
// session) and reads it with ical.js, then regenerates (the old link answers 404) and turns the feed off.
// Screenshots of the card go to the test's output folder to be looked at.
import { CALENDAR_FEED_MESSAGES } from '@paycadence/contracts';
import { addDays } from '@paycadence/finance-rules';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import ICAL from 'ical.js';
import { registerUser, signIn } from './support/session.js';
import { businessAnchor, localToday } from './support/dates.js';
import { seriousViolations } from './support/axe.js';

const BILL = 'Rent, "flat 2"; 🏠';

interface FeedEvent {
  uid: string;
  summary: string;
  start: string;
  allDay: boolean;
}

/** Fetches the feed as a calendar app does (no bearer token, no cookie) and reads it with ical.js. */
async function fetchFeed(
  request: APIRequestContext,
  url: string,
): Promise<{ status: number; contentType?: string; name?: string; events: FeedEvent[] }> {
  const response = await request.get(url, { headers: { cookie: '' } });
  if (response.status() !== 200) return { status: response.status(), events: [] };
  const calendar = new ICAL.Component(ICAL.parse(await response.text()));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toString(),
      allDay: event.startDate.isDate,
    };
  });
  return {
    status: 200,
    contentType: response.headers()['content-type'],
    name: String(calendar.getFirstPropertyValue('x-wr-calname')),
    events,
  };
}

const linkField = (page: Page) => page.getByRole('textbox', { name: CALENDAR_FEED_MESSAGES.linkLabel });

for (const width of [1280, 390]) {
  test(`make the calendar link, read the feed, regenerate it and turn it off at ${width}px`, async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize({ width, height: 900 });
    // Paycheck on a business day, the rent due a week later, so its pay date (5 days before, high
    // priority) is a business day after the paycheck whatever weekday the suite runs on.
    const payday = businessAnchor(localToday(), 3, [2, 7]);
    const email = await registerUser(page, { prefix: `ical-${width}`, firstName: 'Casey' });
    const headers = { authorization: `Bearer ${await signIn(page, email)}` };
    const income = { source: 'Salary', amount: 2150, frequency: 'monthly', next_date: payday };
    const bill = {
      name: BILL,
      amount: 1450,
      due_date: addDays(payday, 7),
      priority: 'high',
      category: 'rent',
      recurring: 'monthly',
    };
    expect((await page.request.post('/api/financial/income', { headers, data: income })).ok()).toBe(true);
    expect((await page.request.post('/api/financial/bills', { headers, data: bill })).ok()).toBe(true);

    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Notifications' }).click();
    const card = page.locator('.pc-calfeed');
    await expect(card.getByRole('heading', { level: 2, name: CALENDAR_FEED_MESSAGES.title })).toBeVisible();
    await expect(card.getByText(CALENDAR_FEED_MESSAGES.privacy)).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: test.info().outputPath(`1-off-card-${width}.png`) });
    expect(await seriousViolations(page)).toEqual([]);

    // Create: the link is shown once, with Copy and Add to calendar.
    await card.getByRole('button', { name: CALENDAR_FEED_MESSAGES.create }).click();
    await expect(card.getByRole('status').filter({ hasText: CALENDAR_FEED_MESSAGES.created })).toBeVisible();
    const url = await linkField(page).inputValue();
    expect(url).toMatch(
      new RegExp(`^${new URL(page.url()).origin}/api/financial/calendar-feed/[A-Za-z0-9_-]{43}\\.ics$`),
    );
    await expect(linkField(page)).toBeFocused();
    await expect(card.getByRole('link', { name: CALENDAR_FEED_MESSAGES.addToCalendar })).toHaveAttribute(
      'href',
      url.replace(/^https?:/, 'webcal:'),
    );
    await card.getByRole('button', { name: CALENDAR_FEED_MESSAGES.copy }).click();
    await expect(card.getByRole('status').filter({ hasText: CALENDAR_FEED_MESSAGES.copied })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await card.screenshot({ path: test.info().outputPath(`2-created-card-${width}.png`) });
    expect(await seriousViolations(page)).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      'no sideways scrolling',
    ).toBeLessThanOrEqual(width);

    // The feed, as a calendar app reads it.
    const feed = await fetchFeed(page.request, url);
    expect(feed.status).toBe(200);
    expect(feed.contentType).toBe('text/calendar; charset=utf-8');
    expect(feed.name).toBe('PayCadence');
    expect(feed.events.every((e) => e.allDay)).toBe(true);
    expect(new Set(feed.events.map((e) => e.uid)).size).toBe(feed.events.length);
    const on = (date: string) => feed.events.filter((e) => e.start === date).map((e) => e.summary);
    expect(on(addDays(payday, 7))).toContain(`${BILL} due: $1,450.00`);
    expect(on(payday)).toContain('Payday: Salary ($2,150.00)');
    // High priority: paid 5 days before it is due, after the paycheck.
    expect(on(addDays(payday, 2))).toContain(`Pay ${BILL} ($1,450.00) from Salary`);
    expect(feed.events.filter((e) => e.summary === `${BILL} due: $1,450.00`).length).toBeGreaterThanOrEqual(
      12,
    );

    // Regenerate: asks first; the old link stops working at once.
    await card.getByRole('button', { name: CALENDAR_FEED_MESSAGES.regenerate }).click();
    const confirmRegenerate = card.getByRole('group', { name: CALENDAR_FEED_MESSAGES.confirmRegenerate });
    await expect(confirmRegenerate).toBeFocused();
    await card.screenshot({ path: test.info().outputPath(`3-confirm-regenerate-card-${width}.png`) });
    await confirmRegenerate.getByRole('button', { name: 'Yes, make a new link' }).click();
    await expect(card.getByRole('status').filter({ hasText: CALENDAR_FEED_MESSAGES.regenerated })).toBeVisible();
    const newUrl = await linkField(page).inputValue();
    expect(newUrl).not.toBe(url);
    expect((await fetchFeed(page.request, url)).status).toBe(404);
    const renewed = await fetchFeed(page.request, newUrl);
    expect(renewed.status).toBe(200);
    expect(renewed.events.map((e) => e.uid)).toEqual(feed.events.map((e) => e.uid));

    // After a reload the link is no longer shown: only that it is on.
    await page.reload();
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await expect(card.getByText(CALENDAR_FEED_MESSAGES.enabledNoLink)).toBeVisible();
    await expect(linkField(page)).toHaveCount(0);

    // Turn off: asks first (Escape keeps it), then the link answers 404.
    await card.getByRole('button', { name: CALENDAR_FEED_MESSAGES.turnOff }).click();
    await page.keyboard.press('Escape');
    await expect(card.getByRole('button', { name: CALENDAR_FEED_MESSAGES.turnOff })).toBeFocused();
    expect((await fetchFeed(page.request, newUrl)).status).toBe(200);
    await card.getByRole('button', { name: CALENDAR_FEED_MESSAGES.turnOff }).click();
    const confirmOff = card.getByRole('group', { name: CALENDAR_FEED_MESSAGES.confirmTurnOff });
    await card.screenshot({ path: test.info().outputPath(`4-confirm-off-card-${width}.png`) });
    expect(await seriousViolations(page)).toEqual([]);
    await confirmOff.getByRole('button', { name: 'Yes, turn it off' }).click();
    await expect(card.getByRole('status').filter({ hasText: CALENDAR_FEED_MESSAGES.turnedOff })).toBeVisible();
    await expect(card.getByRole('button', { name: CALENDAR_FEED_MESSAGES.create })).toBeFocused();
    expect((await fetchFeed(page.request, newUrl)).status).toBe(404);
    await card.screenshot({ path: test.info().outputPath(`5-turned-off-card-${width}.png`) });
  });
}
