// The due-date planner end to end, at laptop and phone width: a teacher paid monthly on the 25th, with rent on the
// 1st, the phone on the 5th and a car loan on the 12th, is shown on the dashboard that their due dates could fit their
// paydays better, opens the planner, sees the phone's move, accepts it, copies, prints and e-mails the letter to the
// biller, marks it asked and then confirmed with the date it takes effect; from then the dashboard's calendar shows
// the phone on its new day. Screenshots go to the test's output folder to be looked at.
import { dayOfMonthName, DueDatePlanResponseSchema, LETTER_MESSAGES, MOVE_EXPECTATIONS, type PlannedMoveDto } from '@paycadence/contracts';
import { addDays, addMonths, startOfMonth } from '@paycadence/finance-rules';
import { expect, test, type Page } from '@playwright/test';
import { messagesTo } from '../support/mail-outbox.js';
import { seriousViolations } from './support/axe.js';
import { localToday } from './support/dates.js';
import { registerUser, signIn } from './support/session.js';

/** The app's default date format (MM/DD/YYYY). */
const shown = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** The next date on or after `today` that falls on this day of the month (1-28, so every month has it). */
function next(today: string, day: number): string {
  const inMonth = (month: string) => `${month.slice(0, 8)}${String(day).padStart(2, '0')}`;
  const thisMonth = inMonth(startOfMonth(today));
  return thisMonth >= today ? thisMonth : inMonth(addMonths(startOfMonth(today), 1));
}

/** What the planner card says, in the words a screen reader hears (the arrow is read as "to"). */
const moveHeading = (move: PlannedMoveDto) => `${move.billName}: the ${dayOfMonthName(move.fromDay)} to the ${dayOfMonthName(move.toDay)}`;

async function noSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `no sideways scrolling at ${width}px`).toBeLessThanOrEqual(width);
}

/** Opens a day of the dashboard's calendar (moving month by month from today's) and answers its list of items. */
async function calendarDay(page: Page, today: string, day: string) {
  await page.goto('/dashboard');
  await page.getByRole('group', { name: 'Dashboard view' }).getByRole('button', { name: 'Calendar' }).click();
  const months = (Number(day.slice(0, 4)) - Number(today.slice(0, 4))) * 12 + Number(day.slice(5, 7)) - Number(today.slice(5, 7));
  for (let i = 0; i < months; i += 1) await page.getByRole('button', { name: 'Next month' }).click();
  await page.locator(`[data-date="${day}"] .db-cell__day`).click();
  return page.locator('#db-day-details');
}

for (const width of [1280, 390]) {
  test(`a teacher plans a due-date move, asks the biller and confirms it, at ${width}px`, async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height: 900 });
    const today = localToday();
    const email = await registerUser(page, { prefix: `planner-${width}`, firstName: 'Tess' });
    const headers = { authorization: `Bearer ${await signIn(page, email)}` };
    const post = async (path: string, data: unknown) => {
      const answer = await page.request.post(path, { headers, data });
      expect(answer.ok(), await answer.text()).toBe(true);
    };
    await post('/api/financial/income', { source: 'Teacher salary', amount: 2400, frequency: 'monthly', next_date: next(today, 25) });
    await post('/api/financial/bills', { name: 'Rent', amount: 1450, due_date: next(today, 1), priority: 'high', category: 'rent', recurring: 'monthly' });
    await post('/api/financial/bills', { name: 'Phone', amount: 60, due_date: next(today, 5), priority: 'medium', category: 'utilities', recurring: 'monthly' });
    await post('/api/financial/bills', { name: 'Car loan', amount: 350, due_date: next(today, 12), priority: 'medium', category: 'loans', recurring: 'monthly' });

    // The plan the server computes is what every card must say.
    const planAnswer = await page.request.get(`/api/financial/due-date-plan?today=${today}`, { headers });
    expect(planAnswer.status(), await planAnswer.text()).toBe(200);
    const plan = DueDatePlanResponseSchema.parse(await planAnswer.json());
    const phone = plan.moves.find((move) => move.billName === 'Phone');
    expect(phone, 'the plan moves the phone').toBeDefined();
    expect(plan.moves.some((move) => move.billName === 'Rent'), 'rent usually cannot move').toBe(false);

    // The dashboard offers the planner once its own data is in.
    await page.goto('/dashboard');
    const nudge = page.getByRole('region', { name: 'Your due dates could fit your paydays better' });
    await expect(nudge).toBeVisible();
    await expect(nudge).toContainText(`${plan.moves.length === 1 ? 'One bill' : `${plan.moves.length} bills`} could be due a few days after a paycheck instead.`);
    await nudge.scrollIntoViewIfNeeded();
    await nudge.screenshot({ path: test.info().outputPath(`1-dashboard-card-${width}.png`) });
    await nudge.getByRole('link', { name: 'See the due-date planner' }).click();
    await page.waitForURL('**/planner');
    await expect(page).toHaveTitle(/Due-date planner/);

    // The plan: the phone's move with the paycheck it follows, the balance before and after.
    await expect(page.getByRole('heading', { level: 1, name: 'Due-date planner' })).toBeVisible();
    const phoneCard = page.getByTestId('planned-move').filter({ has: page.getByRole('heading', { level: 3, name: moveHeading(phone!) }) });
    await expect(phoneCard).toBeVisible();
    if (phone!.payday) await expect(phoneCard).toContainText(`after your Teacher salary on the ${dayOfMonthName(Number(phone!.payday.date.slice(8, 10)))}`);
    await expect(phoneCard).toContainText('$60.00');
    const beforeAfter = page.getByTestId('plan-before-after');
    await expect(beforeAfter.getByRole('row', { name: /Lowest balance/ })).toContainText(shown(plan.before.lowestDate));
    await expect(beforeAfter.getByRole('img', { name: /Projected balance, next \d+ days/ })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`2-plan-${width}.png`), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await noSidewaysScroll(page, width);

    // Accept: the move joins the checklist, with what to say to the biller.
    await phoneCard.getByRole('button', { name: 'Accept' }).click();
    const checklist = page.getByRole('list', { name: 'Moves under way' });
    const saved = checklist.getByTestId('saved-move').filter({ hasText: 'Phone' });
    await expect(saved.getByRole('heading', { level: 3, name: moveHeading(phone!) })).toBeFocused();
    await expect(page.getByTestId('planner-status')).toContainText('is in your checklist');
    const letter = saved.getByLabel('The letter');
    await expect(letter).toContainText('Tess Ledger');
    await expect(letter).toContainText(`change the due date of my Phone account, held in the name of Tess Ledger, from the ${dayOfMonthName(phone!.fromDay)} to the ${dayOfMonthName(phone!.toDay)} of each month.`);
    await expect(saved).toContainText('I am calling about my Phone account');
    for (const line of MOVE_EXPECTATIONS) await expect(saved).toContainText(line);
    await expect(saved.getByTestId('move-transition')).toContainText(shown(phone!.transition.firstNewDate));
    await saved.screenshot({ path: test.info().outputPath(`3-checklist-${width}.png`) });

    // Copy puts the letter on the clipboard.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await saved.getByRole('button', { name: 'Copy the letter' }).click();
    await expect(saved.getByText(/The letter is copied/)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await letter.textContent());

    // Print prints the letter alone (the print dialog itself is stood in for; the print stylesheet is real).
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', 'yes');
    });
    await saved.getByRole('button', { name: 'Print the letter' }).click();
    await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');
    await page.emulateMedia({ media: 'print' });
    await expect(letter).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Due-date planner' })).toBeHidden();
    await expect(saved.getByRole('button', { name: 'Copy the letter' })).toBeHidden();
    await page.screenshot({ path: test.info().outputPath(`3-letter-printed-${width}.png`), fullPage: true });
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await page.emulateMedia({ media: 'screen' });
    await expect(page.getByRole('heading', { level: 1, name: 'Due-date planner' })).toBeVisible();

    // E-mail it to me: the letter goes to the person's own confirmed address.
    await saved.getByRole('button', { name: 'E-mail it to me' }).click();
    await expect(saved.getByText(LETTER_MESSAGES.sent)).toBeVisible();
    await expect.poll(async () => (await messagesTo(email)).some((message) => message.text.includes('Phone account')), { timeout: 15_000 }).toBe(true);

    // Asked, then confirmed with the date the new day takes effect: the day after the last payment on the old day.
    await saved.getByRole('button', { name: 'I asked them' }).click();
    await expect(saved.locator('[aria-current="step"]')).toHaveText('Asked');
    await saved.getByRole('button', { name: 'They confirmed' }).click();
    const effective = saved.getByLabel('Date the new due day takes effect');
    await expect(effective).toBeFocused();
    const effectiveDate = addDays(phone!.transition.lastOldDate, 1);
    await effective.fill(effectiveDate);
    await saved.getByRole('button', { name: 'Save confirmation' }).click();
    await expect(saved).toContainText(`From ${shown(effectiveDate)} your Phone is due on the ${dayOfMonthName(phone!.toDay)} of each month.`);
    await expect(saved.locator('[aria-current="step"]')).toHaveText('Confirmed');
    await saved.scrollIntoViewIfNeeded();
    await saved.screenshot({ path: test.info().outputPath(`4-confirmed-${width}.png`) });
    expect(await seriousViolations(page)).toEqual([]);
    await noSidewaysScroll(page, width);

    // The calendar: the last payment on the old day stays, the first on the new day follows, and the month after
    // has the phone on its new day only.
    const firstNew = await calendarDay(page, today, phone!.transition.firstNewDate);
    await expect(firstNew.getByRole('list')).toContainText('Phone');
    await firstNew.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`5-calendar-new-day-${width}.png`), fullPage: true });
    const monthAfter = addMonths(phone!.transition.firstNewDate, 1);
    const nextNew = await calendarDay(page, today, monthAfter);
    await expect(nextNew.getByRole('list')).toContainText('Phone');
    const oldDayAfter = `${monthAfter.slice(0, 8)}${String(phone!.fromDay).padStart(2, '0')}`;
    const oldDay = await calendarDay(page, today, oldDayAfter);
    await expect(oldDay).not.toContainText('Phone');
  });
}
