// Zen, the chat helper of the shell (docs/product/signed-in.md §2, §4): on every route, a conversation per persona
// where the remembered persona steers the follow-up, across routes, by keyboard, with no network calls.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { handedOver } from './support/prerender.js';
import { registerUser, signIn } from './support/session.js';
import { axeViolations } from './support/axe.js';

const TITLE = 'Zen - Financial Timing Assistant';

const askZen = (page: Page) => page.getByRole('button', { name: 'Ask Zen' });
const panel = (page: Page) => page.getByRole('dialog', { name: TITLE });
const conversation = (page: Page) => panel(page).getByRole('log');
const messages = (page: Page): Locator => conversation(page).locator('ol > li');

async function openZen(page: Page) {
  await askZen(page).click();
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByRole('textbox', { name: 'Message Zen' })).toBeFocused();
}

/** Types a message, presses Enter, waits out the typing indicator and answers Zen's reply bubble. */
async function say(page: Page, text: string): Promise<Locator> {
  const before = await messages(page).count();
  await panel(page).getByRole('textbox', { name: 'Message Zen' }).fill(text);
  await page.keyboard.press('Enter');
  await expect(messages(page).nth(before)).toContainText(`You said: ${text}`);
  await expect(panel(page).getByRole('status')).toContainText('Zen is typing');
  const answer = messages(page).nth(before + 1);
  await expect(answer).toContainText('Zen said:');
  await expect(panel(page).getByRole('status')).toBeEmpty();
  return answer;
}

/** Fails the test on any request the chat itself makes: it answers from canned replies only. */
function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(request.url());
  });
  return calls;
}

/** axe (WCAG 2 A/AA) on the widget alone, so the check is about Zen, not the page behind it; every impact counts. */
const widgetViolations = (page: Page) => axeViolations(page, { within: '.pc-zen', allImpacts: true });

test.describe('Zen chat', () => {
  test('a teacher: the persona set on the landing page steers the summer follow-up on the About page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await openZen(page);
    await expect(conversation(page)).toContainText("I'm Zen");
    await expect(panel(page).getByRole('list', { name: 'Quick questions' })).toBeVisible();
    const calls = recordApiCalls(page);

    await expect(await say(page, 'summer')).toContainText("If you're a teacher, tell me");
    await expect(panel(page).getByRole('list', { name: 'Quick questions' })).toHaveCount(0);
    await expect(await say(page, "I'm a teacher")).toContainText("I'll remember you're a teacher");

    // Client-side navigation keeps the widget and the conversation (it lives in the layout).
    await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).first().click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(panel(page)).toBeVisible();
    await expect(await say(page, 'What about summer?')).toContainText('spreading 10 months of pay over 12');
    expect(calls).toEqual([]);
  });

  test('a freelancer on the About page: irregular income and clients get freelancer follow-ups', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await openZen(page);

    await expect(await say(page, 'My clients pay late')).toContainText("I'm not sure I understood that");
    await expect(await say(page, "I'm a freelancer")).toContainText("I'll remember you freelance");
    await expect(await say(page, 'My income is irregular')).toContainText('"baseline" month');
    await expect(await say(page, 'My clients pay late')).toContainText('Late-paying clients');
  });

  test('a parent on the dashboard: stress and school costs get parent follow-ups', async ({ page }) => {
    const email = await registerUser(page, { prefix: 'zen-parent', firstName: 'Robin' });
    await signIn(page, email);
    await openZen(page);

    await expect(await say(page, 'I have two kids')).toContainText("I'll remember you're a parent");
    await expect(await say(page, 'So much stress lately')).toContainText('988');
    await expect(await say(page, 'school costs add up')).toContainText('"kids" fund');
  });

  test('a teacher who opens with a problem: the problem is answered first and the persona is still remembered', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await openZen(page);

    await expect(await say(page, "I'm a teacher and I keep getting overdraft fees")).toContainText('Overdrafts often happen');
    await expect(await say(page, 'What about summer?')).toContainText('spreading 10 months of pay over 12');
    // 'cannot make' without a bill is not the cannot-pay reply.
    await expect(await say(page, "I can't make sense of this")).toContainText("I'm not sure I understood that");
  });

  test('keyboard only: chips, Escape closes and gives focus back, the conversation stays', async ({ page }) => {
    await page.goto('/privacy');
    // The page arrives prerendered: focus goes to the live button, once the app has taken the page over.
    await handedOver(page);
    await askZen(page).focus();
    await page.keyboard.press('Enter');
    await expect(panel(page).getByRole('textbox', { name: 'Message Zen' })).toBeFocused();

    // Whitespace is ignored: no message, no typing indicator.
    await page.keyboard.type('   ');
    await page.keyboard.press('Enter');
    await expect(messages(page)).toHaveCount(1);

    await page.keyboard.press('Shift+Tab');
    await expect(page.locator(':focus')).toHaveText('Is my bank data safe?');
    await page.keyboard.press('Enter');
    await expect(messages(page).nth(2)).toContainText('privacy-first');

    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    await expect(askZen(page)).toBeFocused();
    await expect(askZen(page)).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('Enter');
    await expect(messages(page)).toHaveCount(3);
  });

  test('fits a 390 px phone screen: no sideways scrolling, the page end scrolls clear of the button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    const button = await askZen(page).boundingBox();
    expect(button && button.x + button.width).toBeLessThanOrEqual(390);

    await openZen(page);
    const box = await panel(page).boundingBox();
    expect(box && box.x).toBeGreaterThanOrEqual(0);
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await panel(page).getByRole('button', { name: 'Close Zen chat' }).click();
    await expect(panel(page)).toBeHidden();

    // Scrolled to the very end, the footer's last line sits above the floating button, not under it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastLineBottom = await page.getByRole('contentinfo').evaluate((footer) => {
      const texts = [...footer.querySelectorAll('p, a, span, li')].filter((element) => element.textContent?.trim());
      return Math.max(...texts.map((element) => element.getBoundingClientRect().bottom));
    });
    const buttonTop = (await askZen(page).boundingBox())?.y ?? 0;
    expect(lastLineBottom).toBeLessThanOrEqual(buttonTop);
  });

  for (const width of [1280, 390]) {
    test(`passes axe with the panel open mid-conversation at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      expect(await widgetViolations(page)).toEqual([]);
      await openZen(page);
      expect(await widgetViolations(page)).toEqual([]);
      await say(page, "I'm a freelancer");
      expect(await widgetViolations(page)).toEqual([]);
    });
  }
});
