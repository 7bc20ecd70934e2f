// The money model (docs/money-model.md) as a person sees it, at laptop and phone width: a teacher paid on the 25th
// enters her rent, phone and car with their next due dates, and every figure on the dashboard agrees with the rules'
// one list of occurrences: safe to spend counts the bills due since her last paycheck, no bill her last paycheck
// covers is "at risk", every pay date is a business day on or after its paycheck, and the schedule's sentences
// follow the date format she chose. Screenshots go to the test's output folder to be looked at.
import {
  addDays,
  buildPaymentSchedule,
  computeForecast,
  daysInMonth,
  formatCents,
  isBusinessDay,
  payGaps,
  toDayNumber,
  type Bill,
  type IncomeSource,
} from '@paycadence/finance-rules';
import { expect, test, type Page } from '@playwright/test';
import { localToday } from './support/dates.js';
import { registerUser, signIn } from './support/session.js';


/** The next date on or after `from` whose day of the month is `day` (a day past the month's end: its last day). */
function nextMonthDay(from: string, day: number): string {
  for (let d = from; ; d = addDays(d, 1)) {
    if (Number(d.slice(8, 10)) === Math.min(day, daysInMonth(Number(d.slice(0, 4)), Number(d.slice(5, 7))))) return d;
  }
}

/** YYYY-MM-DD as the default date format (MM/DD/YYYY) shows it. */
const fmtUs = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** Reads 'MM/DD/YYYY' or 'DD/MM/YYYY' back to YYYY-MM-DD. */
const fromShown = (text: string, format: 'MM/DD/YYYY' | 'DD/MM/YYYY') => {
  const [a, b, year] = text.trim().split('/');
  return format === 'MM/DD/YYYY' ? `${year}-${a}-${b}` : `${year}-${b}-${a}`;
};

async function signedInTeacher(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  const today = localToday();
  const email = await registerUser(page, { prefix: `money-${width}`, firstName: 'Dana' });
  const headers = { authorization: `Bearer ${await signIn(page, email)}` };
  const income = { source: 'Teaching salary', amount: 3850, frequency: 'monthly', next_date: nextMonthDay(addDays(today, 1), 25) };
  const bills = [
    { name: 'Rent', amount: 1450, due_date: nextMonthDay(addDays(today, 1), 1), category: 'rent', priority: 'medium', recurring: 'monthly' },
    { name: 'Phone', amount: 65, due_date: nextMonthDay(addDays(today, 1), 5), category: 'utilities', priority: 'medium', recurring: 'monthly' },
    { name: 'Car', amount: 389, due_date: nextMonthDay(addDays(today, 1), 12), category: 'loans', priority: 'medium', recurring: 'monthly' },
  ];
  expect((await page.request.post('/api/financial/income', { headers, data: income })).ok()).toBe(true);
  for (const data of bills) expect((await page.request.post('/api/financial/bills', { headers, data })).ok()).toBe(true);
  // The same figures, as the rules compute them for this day: what every number on the page must agree with.
  const ruleBills: Bill[] = bills.map((b, i) => ({ id: `b${i}`, name: b.name, amountCents: b.amount * 100, dueDate: b.due_date, priority: 'medium', category: b.category as Bill['category'], recurring: 'monthly' }));
  const ruleIncome: IncomeSource = { id: 'i', source: income.source, amountCents: 385_000, frequency: 'monthly', nextDate: income.next_date };
  const schedule = buildPaymentSchedule(ruleBills, [ruleIncome], today);
  const forecast = computeForecast({ bills: ruleBills, incomes: [ruleIncome], today, paymentSchedule: schedule });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /Hi Dana!/ })).toBeVisible();
  return { today, forecast, schedule };
}

/** Every entry of the Smart Payment Schedule as shown: its bill, pay date and funding text. */
async function shownSchedule(page: Page, format: 'MM/DD/YYYY' | 'DD/MM/YYYY', count: number) {
  const list = page.getByRole('list', { name: 'Suggested payments' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  const showAll = page.getByRole('button', { name: /^Show all \d+ payments$/ });
  if (await showAll.isVisible()) await showAll.click();
  await expect(list.getByRole('listitem')).toHaveCount(count);
  const items = await list.getByRole('listitem').all();
  return Promise.all(
    items.map(async (item) => ({
      text: await item.innerText(),
      payOn: fromShown(await item.getByTestId('suggested-date').innerText(), format),
      funding: await item.getByTestId('funding').innerText(),
    })),
  );
}

for (const width of [1280, 390]) {
  test(`a teacher paid on the 25th: safe to spend counts every bill since her last paycheck, pay dates on business days after it, at ${width}px`, async ({ page }) => {
    test.setTimeout(120_000);
    const { forecast, schedule } = await signedInTeacher(page, width);
    const safe = page.getByTestId('safe-to-spend');
    const amount = forecast.safeToSpend.amountCents!;
    await expect(safe.getByText(formatCents(Math.abs(amount)), { exact: true }).first()).toBeVisible();
    const base = forecast.safeToSpend.base;
    expect(base.kind).toBe('last-paycheck');
    // The sentence names the last paycheck and what fell due since it (rent on the 1st and the phone on the 5th
    // when they came after it), so the figure can be checked by hand.
    await expect(safe).toContainText('From your last paycheck (Teaching salary $3,850.00 on');
    if (base.kind === 'last-paycheck' && base.paidSinceCents > 0) await expect(safe).toContainText(`less ${formatCents(base.paidSinceCents)} of bills due since then`);

    // Nothing her last paycheck covers is at risk; every pay date is a business day on or after its paycheck.
    // The one exception is the rules' own: with no business day left before the due date (due on a Saturday,
    // seen the Friday before) the date stays, and the entry says to pay online by the due date.
    const shown = await shownSchedule(page, 'MM/DD/YYYY', schedule.length);
    expect(shown.map((e) => e.payOn)).toEqual(schedule.map((s) => s.suggestedDate));
    for (const [i, entry] of shown.entries()) {
      const s = schedule[i]!;
      expect(entry.text).not.toContain('At risk');
      expect(entry.text).not.toContain('before this paycheck arrives');
      if (s.adjustments.includes('no-business-day')) {
        const online = `No business day is left before it is due, so pay it online by ${fmtUs(s.dueDate)}`;
        expect(entry.text).toContain(online);
      } else {
        expect(isBusinessDay(toDayNumber(entry.payOn)), `${entry.payOn} is a business day`).toBe(true);
      }
    }
    await page.screenshot({ path: test.info().outputPath(`teacher-${width}.png`), fullPage: true });

    // With DD/MM/YYYY chosen, the schedule's sentences say every date that way too.
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Preferences' }).click();
    await page.getByLabel('Date format').selectOption('DD/MM/YYYY');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('Settings saved successfully!')).toBeVisible();
    await page.goto('/dashboard');
    const ddmm = await shownSchedule(page, 'DD/MM/YYYY', schedule.length);
    expect(ddmm.map((e) => e.payOn)).toEqual(schedule.map((s) => s.suggestedDate));
    const usDate = (iso: string) => `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}/${iso.slice(0, 4)}`;
    for (const [i, entry] of ddmm.entries()) {
      const s = schedule[i]!;
      const dd = (iso: string) => iso.split('-').reverse().join('/');
      expect(entry.text).toContain(dd(s.suggestedDate));
      if (s.incomeDate) expect(entry.text).toContain(`of ${dd(s.incomeDate)}`);
      // Never the US short form the server's own copy of the sentence uses.
      for (const iso of [s.suggestedDate, s.dueDate, s.incomeDate ?? s.dueDate]) {
        if (usDate(iso) !== dd(iso)) expect(entry.text).not.toContain(usDate(iso)); // 12/12/2026 reads the same both ways
      }
    }
    await page.getByRole('list', { name: 'Suggested payments' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`teacher-ddmm-${width}.png`), fullPage: true });
  });
}

/** The next date after `from` that is the 15th or the last day of its month: a 15th-and-last-day payroll's next payday. */
function nextFifteenthOrMonthEnd(from: string): string {
  for (let d = addDays(from, 1); ; d = addDays(d, 1)) {
    const day = Number(d.slice(8, 10));
    if (day === 15 || day === daysInMonth(Number(d.slice(0, 4)), Number(d.slice(5, 7)))) return d;
  }
}

/** Opens the dashboard's income form for a newly registered user. */
async function openIncomeForm(page: Page, width: number, prefix: string) {
  await page.setViewportSize({ width, height: 900 });
  const email = await registerUser(page, { prefix: `${prefix}-${width}`, firstName: 'Robin' });
  const headers = { authorization: `Bearer ${await signIn(page, email)}` };
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Add income' }).first().click();
  const form = page.getByRole('form', { name: 'Add an income source' });
  await expect(form.getByLabel('Source')).toBeVisible();
  return { form, headers };
}

const rentBill = (today: string) => ({ name: 'Rent', amount: 1450, due_date: nextMonthDay(addDays(today, 1), 1), category: 'rent', priority: 'medium', recurring: 'monthly' });
const ruleBill = (b: ReturnType<typeof rentBill>): Bill => ({ id: 'rent', name: b.name, amountCents: b.amount * 100, dueDate: b.due_date, priority: 'medium', category: 'rent', recurring: 'monthly' });

for (const width of [1280, 390]) {
  test(`a nurse paid on the 15th and the last day enters her schedule in the form, and safe to spend counts from her last paycheck, at ${width}px`, async ({ page }) => {
    test.setTimeout(120_000);
    const today = localToday();
    const { form, headers } = await openIncomeForm(page, width, 'nurse');
    const nextDate = nextFifteenthOrMonthEnd(today);
    await form.getByLabel('Source').fill('Hospital pay');
    await form.getByLabel('Amount ($)').fill('2100');
    await form.getByLabel('Frequency').selectOption({ label: 'Twice a month' });
    await form.getByLabel('Next pay date').fill(nextDate);
    // The pay days follow the next date until chosen: the 15th and the last day.
    await expect(form.getByLabel('First pay day')).toHaveValue('15');
    await expect(form.getByLabel('Second pay day')).toHaveValue('31');
    await form.getByRole('button', { name: 'Add income' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByRole('list', { name: 'Income sources' }).getByTestId('income-schedule')).toHaveText('Twice a month · 15th and last day');

    const rent = rentBill(today);
    expect((await page.request.post('/api/financial/bills', { headers, data: rent })).ok()).toBe(true);
    await page.reload();
    const income: IncomeSource = { id: 'i', source: 'Hospital pay', amountCents: 210_000, frequency: 'twice-monthly', nextDate, payDays: [15, 31] };
    const schedule = buildPaymentSchedule([ruleBill(rent)], [income], today);
    const forecast = computeForecast({ bills: [ruleBill(rent)], incomes: [income], today, paymentSchedule: schedule });
    const safe = page.getByTestId('safe-to-spend');
    await expect(safe.getByText(formatCents(Math.abs(forecast.safeToSpend.amountCents!)), { exact: true }).first()).toBeVisible();
    await expect(safe).toContainText('From your last paycheck (Hospital pay $2,100.00 on');
    // Her next payday, moved to the business day before when the 15th or the month's end is a weekend or holiday.
    const payday = forecast.safeToSpend.nextPayday!.date;
    expect(isBusinessDay(toDayNumber(payday))).toBe(true);
    const shown = await shownSchedule(page, 'MM/DD/YYYY', schedule.length);
    expect(shown.map((e) => e.payOn)).toEqual(schedule.map((s) => s.suggestedDate));
    await page.screenshot({ path: test.info().outputPath(`nurse-${width}.png`), fullPage: true });
  });

  test(`a freelancer whose pay varies is planned at her low amount, at ${width}px`, async ({ page }) => {
    test.setTimeout(120_000);
    const today = localToday();
    const { form, headers } = await openIncomeForm(page, width, 'freelancer');
    const nextDate = addDays(today, 9);
    await form.getByLabel('Source').fill('Client work');
    await form.getByLabel('My pay varies').check();
    await form.getByLabel('Typical amount ($)').fill('1200');
    await form.getByLabel('Low amount ($)').fill('700');
    await form.getByLabel('Frequency').selectOption({ label: 'Every 2 weeks' });
    await form.getByLabel('Next pay date').fill(nextDate);
    await form.getByRole('button', { name: 'Add income' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByRole('list', { name: 'Income sources' })).toContainText('Varies · $700–$1,200');

    const rent = rentBill(today);
    expect((await page.request.post('/api/financial/bills', { headers, data: rent })).ok()).toBe(true);
    await page.reload();
    const income: IncomeSource = { id: 'i', source: 'Client work', amountCents: 120_000, frequency: 'biweekly', nextDate, lowAmountCents: 70_000 };
    const forecast = computeForecast({ bills: [ruleBill(rent)], incomes: [income], today, paymentSchedule: buildPaymentSchedule([ruleBill(rent)], [income], today) });
    const safe = page.getByTestId('safe-to-spend');
    // Safe to spend starts from the low amount ($700), never the typical one.
    await expect(safe).toContainText('From your last paycheck (Client work $700.00 on');
    await expect(safe.getByText(formatCents(Math.abs(forecast.safeToSpend.amountCents!)), { exact: true }).first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`freelancer-${width}.png`), fullPage: true });
  });

  test(`a teacher paid September to June sees her summer and what to set aside from each paycheck, at ${width}px`, async ({ page }) => {
    test.setTimeout(120_000);
    const today = localToday();
    const { form, headers } = await openIncomeForm(page, width, 'school-year');
    await form.getByLabel('Source').fill('Teaching salary');
    await form.getByLabel('Amount ($)').fill('3850');
    await form.getByLabel('Months paid').selectOption({ label: 'School year (choose the months paid)' });
    // September to June is ticked to start with: July and August are not.
    await expect(form.getByLabel('July')).not.toBeChecked();
    await expect(form.getByLabel('September')).toBeChecked();
    let nextDate = nextMonthDay(addDays(today, 1), 25);
    while ([7, 8].includes(Number(nextDate.slice(5, 7)))) nextDate = nextMonthDay(addDays(nextDate, 1), 25);
    await form.getByLabel('Next pay date').fill(nextDate);
    await form.getByRole('button', { name: 'Add income' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByRole('list', { name: 'Income sources' }).getByTestId('income-schedule')).toContainText('Monthly');

    const rent = rentBill(today);
    expect((await page.request.post('/api/financial/bills', { headers, data: rent })).ok()).toBe(true);
    await page.reload();
    const income: IncomeSource = { id: 'i', source: 'Teaching salary', amountCents: 385_000, frequency: 'monthly', nextDate, paidMonths: [1, 2, 3, 4, 5, 6, 9, 10, 11, 12] };
    const [gap] = payGaps([ruleBill(rent)], [income], today);
    const card = page.getByTestId('pay-gap');
    await expect(card).toBeVisible();
    if (gap!.setAsidePerPaycheckCents !== null) {
      await expect(card).toContainText(`${formatCents(gap!.setAsidePerPaycheckCents)} to set aside from each paycheck`);
      await expect(card).toContainText(`Bills due in that time come to ${formatCents(gap!.billsCents)}.`);
    } else {
      await expect(card).toContainText(formatCents(gap!.billsCents));
    }
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`school-year-${width}.png`), fullPage: true });
  });
}
