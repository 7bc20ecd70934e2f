// The payment schedule, the calendar and the dashboard's layout, at desktop and phone
// width: every journey seeds its own user, checks what a person sees and leaves screenshots in
// the test's output folder to look at.
import {
  addDays,
  buildPaymentSchedule,
  dayOfWeek,
  daysBetween,
  startOfMonth,
  type Bill,
} from '@paycadence/finance-rules';
import { expect, test, type Page } from '@playwright/test';
import { registerUser, signIn } from './support/session.js';
import { businessAnchor, localToday } from './support/dates.js';
import { seriousViolations } from './support/axe.js';


/** Today when each test starts: a value taken once at load would be yesterday for a test that runs after midnight. */
let today = localToday();
test.beforeEach(() => {
  today = localToday();
});
/** A dashboard card (a plain div with a heading) by its heading. */
const card = (page: Page, heading: string) => page.locator('.db-section', { has: page.getByRole('heading', { level: 2, name: heading, exact: true }) });
/** The default date format (MM/DD/YYYY, docs/product/accounts.md §9). */
const fmt = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** A fresh signed-in user at `width`, with bills and income created through the API as the forms would. */
async function signedInWith(
  page: Page,
  width: number,
  prefix: string,
  seed: { bills?: Record<string, unknown>[]; income?: Record<string, unknown>[]; savings?: Record<string, unknown>[] } = {},
) {
  await page.setViewportSize({ width, height: 900 });
  const email = await registerUser(page, { prefix, firstName: 'Casey' });
  const token = await signIn(page, email);
  const headers = { authorization: `Bearer ${token}` };
  for (const data of seed.income ?? []) expect((await page.request.post('/api/financial/income', { headers, data })).ok()).toBe(true);
  for (const data of seed.bills ?? []) expect((await page.request.post('/api/financial/bills', { headers, data })).ok()).toBe(true);
  if (seed.bills?.length || seed.income?.length) await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /Hi Casey!/ })).toBeVisible();
}

/** True when a shown amount is cut: its own text clipped, or sticking out of its day cell. */
const isCut = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((nodes) =>
    nodes
      .filter((n) => n.getBoundingClientRect().width > 1)
      .some((n) => {
        const cell = n.closest('.db-cell')!.getBoundingClientRect();
        const box = n.getBoundingClientRect();
        return n.scrollWidth > n.clientWidth + 1 || box.right > cell.right || box.left < cell.left;
      }),
  );

for (const width of [1280, 390]) {
  test.describe(`at ${width}px`, () => {
    test('item 1: every upcoming bill is in the schedule; a bill no paycheck covers says so, the rest are paid after theirs', async ({ page }) => {
      test.setTimeout(60_000);
      // Paid once a quarter, next in 20 days: the last paycheck came about 70 days ago.
      const income = { source: 'Contract pay', amount: 2150, frequency: 'quarterly', next_date: addDays(today, 20) };
      const seeded = [
        // Due in 2 days: no paycheck in the 30 days before it.
        { name: 'Rent', amount: 1450, due_date: addDays(today, 2), priority: 'high', category: 'rent', recurring: 'monthly' },
        // Due 5 days after the next paycheck: paid from it, never before it arrives.
        { name: 'Internet', amount: 70, due_date: addDays(today, 25), priority: 'low', category: 'utilities', recurring: 'once' },
      ] as const;
      await signedInWith(page, width, 'sched-risk', { income: [income], bills: [...seeded] });
      const rules = buildPaymentSchedule(
        seeded.map((b, i): Bill => ({ id: `b${i}`, name: b.name, amountCents: b.amount * 100, dueDate: b.due_date, priority: b.priority, category: b.category, recurring: b.recurring })),
        [{ id: 'i', source: income.source, amountCents: 215_000, frequency: 'quarterly', nextDate: income.next_date }],
        today,
      );
      const planned = (name: string) => rules.find((r) => r.billName === name)!;
      const schedule = page.getByRole('list', { name: 'Suggested payments' });
      const entry = (name: string) => schedule.getByRole('listitem').filter({ hasText: name }).first();

      await expect(entry('Rent')).toContainText('pay from your current balance');
      await expect(entry('Rent')).toContainText('At risk: no paycheck before it');
      await expect(entry('Rent').getByTestId('suggested-date')).toHaveText(fmt(planned('Rent').suggestedDate));
      const internet = planned('Internet');
      expect(internet.suggestedDate >= internet.incomeDate!).toBe(true);
      await expect(entry('Internet').getByTestId('suggested-date')).toHaveText(fmt(internet.suggestedDate));
      await expect(entry('Internet').getByTestId('funding')).toHaveText(`from Contract pay (${fmt(internet.incomeDate!)})`);
      await expect(schedule).not.toContainText('before this paycheck arrives');
      await expect(page.getByText('Pay dates timed after your paydays')).toHaveCount(0);

      await entry('Rent').scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`item1-schedule-${width}.png`), fullPage: false });
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('item 2: calendar amounts are readable and a tapped or clicked day opens its items', async ({ page }) => {
      test.setTimeout(60_000);
      // A business day from today: a paycheck due on a weekend or holiday arrives the business day before, and the
      // calendar shows it on the day it arrives. From a Saturday (or a holiday Friday) that day is in the
      // next week, and at a month's end in the next month: the calendar is stepped there, as a person would.
      const day = businessAnchor(today, 0);
      await signedInWith(page, width, 'sched-cal', {
        income: [{ source: 'Teaching salary', amount: 2150, frequency: 'monthly', next_date: day }],
        bills: [{ name: 'Rent', amount: 1450, due_date: day, priority: 'medium', category: 'rent', recurring: 'monthly' }],
      });
      await page.getByRole('button', { name: 'Calendar' }).click();
      if (startOfMonth(day) !== startOfMonth(today)) {
        await page.getByRole('button', { name: 'Next month' }).click();
      }
      const cell = page.locator(`[role="gridcell"][data-date="${day}"]`);
      await cell.scrollIntoViewIfNeeded();
      // The bill's chip (the day also holds the rent's suggested payment, paid from the paycheck that lands that day).
      await expect(cell.getByRole('listitem', { name: /^Bill: Rent/ }).getByText(width > 600 ? '$1,450.00' : '$1,450', { exact: true })).toBeVisible();
      expect(await isCut(page, '.db-chip__amount'), 'full amounts in the month grid').toBe(false);
      expect(await isCut(page, '.db-chip__short'), 'short amounts in the month grid').toBe(false);
      await page.screenshot({ path: test.info().outputPath(`item2-month-${width}.png`) });

      // A tap on the day's empty lower part opens it.
      const box = (await cell.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height - 4);
      // The day's own region ('Mon, 12/07/2026'), not the safe-to-spend card that names the same date.
      const details = page.getByRole('region', { name: new RegExp(`^[A-Z][a-z]{2}, ${fmt(day)}`) });
      await expect(details).toBeVisible();
      await expect(details.getByRole('listitem').filter({ hasText: 'Rent' }).first()).toContainText('$1,450.00');
      await expect(details.getByRole('listitem').filter({ hasText: 'Teaching salary' })).toContainText('$2,150.00');
      await details.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`item2-day-${width}.png`) });
      expect(await seriousViolations(page)).toEqual([]);
      await details.getByRole('button', { name: 'Close' }).click();
      await expect(details).toBeHidden();

      await page.getByRole('button', { name: 'Week', exact: true }).click();
      // Back to this (Sunday-first) week, then on to the next one when the day falls after its Saturday.
      await page.getByRole('button', { name: 'Today', exact: true }).click();
      if (daysBetween(today, day) > 6 - dayOfWeek(today)) {
        await page.getByRole('button', { name: 'Next week' }).click();
      }
      const weekCell = page.locator(`[role="gridcell"][data-date="${day}"]`);
      await expect(weekCell.getByRole('listitem', { name: /^Bill: Rent/ }).getByText('$1,450.00', { exact: true })).toBeVisible();
      await expect(weekCell.getByText('$2,150.00', { exact: true })).toBeVisible();
      expect(await isCut(page, '.db-chip__amount'), 'amounts in the week grid').toBe(false);
      await weekCell.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`item2-week-${width}.png`) });
    });

    test('item 6: the amount saved can be entered and updated', async ({ page }) => {
      test.setTimeout(60_000);
      await signedInWith(page, width, 'sched-save', {
        income: [{ source: 'Salary', amount: 4000, frequency: 'monthly', next_date: addDays(today, 4) }],
        bills: [{ name: 'Rent', amount: 1000, due_date: addDays(today, 9), priority: 'medium', category: 'rent', recurring: 'monthly' }],
      });
      const fund = card(page, 'Savings & Emergency Fund');
      await expect(fund).toContainText('$0.00 saved');
      await fund.getByRole('button', { name: 'Enter amount saved' }).click();
      await expect(fund.getByLabel('Amount saved ($)')).toBeFocused();
      await fund.getByLabel('Amount saved ($)').fill('1234.56');
      await fund.scrollIntoViewIfNeeded();
      await fund.getByRole('button', { name: 'Save amount' }).click();
      await expect(fund).toContainText('$1,234.56 saved');
      await expect(fund.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '20'); // of 6 x $1,000

      await page.reload();
      await expect(fund).toContainText('$1,234.56 saved');
      await fund.getByRole('button', { name: 'Update amount saved' }).click();
      await expect(fund.getByLabel('Amount saved ($)')).toHaveValue('1234.56');
      await fund.getByLabel('Amount saved ($)').fill('-5');
      await fund.getByRole('button', { name: 'Save amount' }).click();
      await expect(fund.getByText('Current amount cannot be negative')).toBeVisible();
      await fund.getByLabel('Amount saved ($)').fill('3000');
      await fund.getByRole('button', { name: 'Save amount' }).click();
      await expect(fund).toContainText('$3,000.00 saved');
      await expect(fund.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
      await fund.scrollIntoViewIfNeeded();
    });

    test('item 7: a new user is guided paycheck first, and a first bill raises no alarm', async ({ page }) => {
      test.setTimeout(60_000);
      await signedInWith(page, width, 'sched-first');
      const steps = card(page, 'Get started in two steps');
      await expect(steps).toBeVisible();
      await expect(page.getByRole('list', { name: 'Tips' })).toContainText('Add your paycheck first');

      // The bill first anyway: no deficit, no percentages of zero.
      await steps.getByRole('button', { name: 'Add a bill' }).click();
      const billForm = page.getByRole('form', { name: 'Add a bill' });
      await expect(billForm.getByLabel('Bill name')).toBeFocused();
      await billForm.getByLabel('Bill name').fill('Rent');
      await billForm.getByLabel('Amount ($)').fill('2511');
      await billForm.getByLabel('Due date').fill(addDays(today, 12));
      await billForm.getByRole('button', { name: 'Add bill' }).click();
      await expect(billForm).toBeHidden();
      await expect(page.getByRole('list', { name: 'Bills' })).toContainText('Rent');
      await expect(page.getByText(/Urgent|Budget deficit|Bills exceed income/)).toHaveCount(0);
      expect(await page.locator('main').innerText()).not.toMatch(/-\d[\d,.]*%/);
      await expect(page.getByRole('region', { name: 'Monthly summary' })).toContainText('Shown once you add your income');
      await expect(page.getByRole('list', { name: 'Suggested payments' })).toContainText('pay from your current balance');
      await page.screenshot({ path: test.info().outputPath(`item7-first-bill-${width}.png`), fullPage: true });
      const analytics = card(page, 'Your plan, month by month');
      await expect(analytics.locator('.db-analytics__figures')).not.toContainText('-$'); // the chart's own table still lists each month's net

      await steps.getByRole('button', { name: 'Add your paycheck' }).click();
      const incomeForm = page.getByRole('form', { name: 'Add an income source' });
      await expect(incomeForm.getByLabel('Source')).toBeFocused();
      await incomeForm.getByLabel('Source').fill('Salary');
      await incomeForm.getByLabel('Amount ($)').fill('4000');
      await incomeForm.getByLabel('Next pay date').fill(addDays(today, 5));
      await incomeForm.getByRole('button', { name: 'Add income' }).click();
      await expect(incomeForm).toBeHidden();
      await expect(steps).toBeHidden();
      await expect(page.getByRole('list', { name: 'Tips' })).not.toContainText('Add your paycheck first');
      await expect(page.getByRole('list', { name: 'Suggested payments' })).toContainText('from Salary');
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('item 8: forms, headings, week panels and date ranges lay out cleanly', async ({ page }) => {
      test.setTimeout(60_000);
      const longName = 'Supercalifragilistic Electricity Cooperative';
      await signedInWith(page, width, 'sched-layout', {
        income: [{ source: 'Salary', amount: 4000, frequency: 'biweekly', next_date: addDays(today, 2) }],
        bills: [{ name: longName, amount: 1450, due_date: addDays(today, 3), priority: 'medium', category: 'utilities', recurring: 'monthly' }],
      });

      // 'Add income' sits beside its heading, like 'Add bill'.
      for (const [section, button] of [['Bills', 'Add bill'], ['Income Sources', 'Add income']] as const) {
        const heading = (await page.getByRole('heading', { level: 2, name: new RegExp(`^${section}`) }).boundingBox())!;
        const add = (await page.getByRole('button', { name: button, exact: true }).first().boundingBox())!;
        expect(add.y, `${button} on the heading's line`).toBeLessThan(heading.y + heading.height);
      }

      // Date inputs are not clipped.
      await page.getByRole('button', { name: 'Add bill', exact: true }).click();
      await page.getByRole('button', { name: 'Add income', exact: true }).click();
      for (const [form, label] of [['Add a bill', 'Due date'], ['Add an income source', 'Next pay date']] as const) {
        const input = page.getByRole('form', { name: form }).getByLabel(label);
        await input.fill(addDays(today, 20));
        const { client, scroll } = await input.evaluate((el) => ({ client: el.clientWidth, scroll: el.scrollWidth }));
        expect(scroll, `${label} text fits`).toBeLessThanOrEqual(client);
        expect(client, `${label} is wide enough for a date`).toBeGreaterThanOrEqual(140);
      }
      await page.getByRole('form', { name: 'Add a bill' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`item8-forms-${width}.png`) });
      await page.getByRole('form', { name: 'Add a bill' }).getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('form', { name: 'Add an income source' }).getByRole('button', { name: 'Cancel' }).click();

      // A long name breaks between words only.
      const thisWeek = page.getByRole('region', { name: /^This Week/ });
      const name = thisWeek.locator('.db-row__name', { hasText: longName });
      const wordsOnOneLine = await name.evaluate((el) => {
        const text = el.firstChild!;
        let start = 0;
        return el.textContent!.split(' ').map((word) => {
          const range = document.createRange();
          range.setStart(text, start);
          range.setEnd(text, start + word.length);
          start += word.length + 1;
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size === 1;
        });
      });
      expect(wordsOnOneLine).toEqual([true, true, true]);

      // Three meanings of 'this week' now each show their dates.
      await expect(page.getByRole('region', { name: 'Monthly summary' })).toContainText(`Due by Sunday`);
      await expect(page.getByRole('region', { name: 'Monthly summary' })).toContainText(fmt(today));
      await expect(page.getByRole('list', { name: 'Tips' })).toContainText('Bills due in the next 7 days');
      await expect(page.getByText(/Bills due by \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
      await expect(thisWeek).toContainText(`${fmt(today)} – ${fmt(addDays(today, 7))}`);
      await expect(page.getByText(/this week/i)).toHaveCount(1); // the panel's own title
      await thisWeek.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`item8-panels-${width}.png`) });

      // A hidden panel shrinks to its head.
      await page.getByRole('button', { name: 'Hide This Week' }).click();
      expect((await thisWeek.boundingBox())!.height).toBeLessThan(120);
      await page.screenshot({ path: test.info().outputPath(`item8-hidden-${width}.png`) });
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
