// The dashboard's calendar by keyboard and on a 390 px phone: arrows move between days and Enter opens one; each
// day's items show whole amounts and status without clipping; the floating Ask Zen button never sits over the grid
// or a form's buttons. Screenshots go to the test's output folder to be looked at.
import { addDays } from '@paycadence/finance-rules';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { localToday } from './support/dates.js';
import { registerUser, signIn } from './support/session.js';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const askZen = (page: Page) => page.getByRole('button', { name: 'Ask Zen' });

/** The Ask Zen button's box while it is shown; null while it has stepped aside (faded out and click-through). */
async function zenBox(page: Page): Promise<Box | null> {
  const zen = askZen(page);
  const shown = await zen.evaluate(
    (el) => getComputedStyle(el).opacity !== '0' && getComputedStyle(el).pointerEvents !== 'none',
  );
  return shown ? zen.boundingBox() : null;
}

/** Scrolls so `target`'s bottom edge sits at the bottom of the viewport, where the floating button lives. */
async function scrollBottomTo(page: Page, target: Locator) {
  await target.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  // The widget checks on the next frame.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

test('the calendar on a phone: arrows and Enter, whole amounts, and Ask Zen never over the grid or a form', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const today = localToday();
  const email = await registerUser(page, { prefix: 'calendar-phone', firstName: 'Pat' });
  const headers = { authorization: `Bearer ${await signIn(page, email)}` };
  const bill = {
    name: 'Electricity and gas',
    amount: 1234.56,
    due_date: addDays(today, 1),
    category: 'utilities',
    recurring: 'monthly',
  };
  expect((await page.request.post('/api/financial/bills', { headers, data: bill })).ok()).toBe(true);

  await page.goto('/dashboard');
  await page.getByRole('group', { name: 'Dashboard view' }).getByRole('button', { name: 'Calendar' }).click();
  const grid = page.getByRole('grid');
  await expect(grid).toBeVisible();

  // The whole-dollar amount fits in the day's cell at 390 px: nothing of it is cut off.
  const chip = page.locator(`[data-date="${bill.due_date}"] .db-chip--bill .db-chip__short`);
  await expect(chip).toHaveText('$1,235');
  expect(await chip.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), 'the amount is not clipped').toBe(
    true,
  );

  // Keyboard: Tab lands on today, the arrows move a day, Enter opens it.
  await page.locator(`[data-date="${today}"] .db-cell__day`).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.locator(`[data-date="${bill.due_date}"] .db-cell__day`)).toBeFocused();
  await page.keyboard.press('Enter');
  const details = page.locator('#db-day-details');
  await expect(details).toContainText('Electricity and gas');
  await expect(details).toContainText('$1,234.56');

  // Ask Zen: over the grid it steps aside; over the page's end it is back.
  await scrollBottomTo(page, grid);
  const gridBox = (await grid.boundingBox())!;
  // The widget looks again once the page has scrolled (within a frame or two of the scroll event).
  await expect
    .poll(
      async () => {
        const box = await zenBox(page);
        return box === null || !intersects(box, gridBox);
      },
      { message: 'Ask Zen does not cover the grid' },
    )
    .toBe(true);
  const overGrid = await zenBox(page);
  await page.screenshot({ path: test.info().outputPath('calendar-390.png'), fullPage: false });
  // Stepped aside, it is still in the tab order: focusing it brings it back.
  if (overGrid === null) {
    await askZen(page).focus();
    await expect(askZen(page)).toHaveCSS('opacity', '1');
    await askZen(page).blur();
  }
  await page.locator('footer').evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await expect(askZen(page)).toHaveCSS('opacity', '1');

  // A form's buttons: the bill form's Save and Cancel stay clear of it too.
  await page.getByRole('group', { name: 'Dashboard view' }).getByRole('button', { name: 'Overview' }).click();
  await page.getByRole('button', { name: 'Add bill' }).first().click();
  const save = page.getByRole('form', { name: 'Add a bill' }).getByRole('button', { name: 'Add bill' });
  await scrollBottomTo(page, save);
  const saveBox = (await save.boundingBox())!;
  await expect
    .poll(
      async () => {
        const box = await zenBox(page);
        return box === null || !intersects(box, saveBox);
      },
      { message: "Ask Zen does not cover the form's buttons" },
    )
    .toBe(true);
  await page.screenshot({ path: test.info().outputPath('form-390.png'), fullPage: false });
});
