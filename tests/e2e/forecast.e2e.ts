// Safe to spend until payday and the low-balance warning end to end, at laptop and phone
// width: a user with a paycheck and two bills sees the figure and the sentence that adds it up; adding a large bill
// on the dashboard makes a warning appear naming the day, the amount and the bill to move; a threshold set on the
// dashboard is kept by the server and used at once. Screenshots go to the test's output folder to be looked at.
import {
  addDays,
  buildPaymentSchedule,
  computeForecast,
  explainBillMove,
  explainLowBalance,
  explainSafeToSpend,
  type Bill,
  type IncomeSource,
} from '@paycadence/finance-rules';
import { expect, test } from '@playwright/test';
import { registerUser, signIn } from './support/session.js';
import { businessAnchor, localToday } from './support/dates.js';
import { seriousViolations } from './support/axe.js';


/** The default date format of the settings, MM/DD/YYYY. */
const fmt = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** Paid two weeks after `payOn`, the day the bills go out; the last paycheck came a month before that. */
const salary = (payOn: string): IncomeSource => ({
  id: 'salary',
  source: 'Teaching salary',
  amountCents: 240_000,
  frequency: 'monthly',
  nextDate: addDays(payOn, 14),
});
const billOf = (id: string, name: string, amountCents: number, dueDate: string, priority: Bill['priority'], recurring: Bill['recurring']): Bill =>
  ({ id, name, amountCents, dueDate, priority, category: 'other', recurring });

/** The forecast the rules compute for these inputs (the server runs the same): what every figure must say. */
function rulesForecast(today: string, payOn: string, bills: Bill[], thresholdCents = 0) {
  const incomes = [salary(payOn)];
  return computeForecast({ bills, incomes, today, thresholdCents, paymentSchedule: buildPaymentSchedule(bills, incomes, today) });
}

for (const width of [1280, 390]) {
  test(`safe to spend until payday, then a low-balance warning after a large bill, at ${width}px`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const today = localToday();
    // Each bill's lead date (5 days before a high-priority one, else 3) is this business day, so rent,
    // phone and the car repair all go out on it: the dip, its day and the bill to move are the same on any
    // weekday (a lead date already past, or on a weekend or holiday, would move each bill by its own rule).
    const payOn = businessAnchor(today, 1);
    const income = salary(payOn);
    const email = await registerUser(page, { prefix: `forecast-${width}`, firstName: 'Tess' });
    const headers = { authorization: `Bearer ${await signIn(page, email)}` };
    const post = async (path: string, data: unknown) => expect((await page.request.post(path, { headers, data })).ok()).toBe(true);
    await post('/api/financial/income', { source: income.source, amount: 2400, frequency: 'monthly', next_date: income.nextDate });
    const rentDue = addDays(payOn, 5);
    const phoneDue = addDays(payOn, 3);
    await post('/api/financial/bills', {
      name: 'Rent',
      amount: 1450,
      due_date: rentDue,
      priority: 'high',
      category: 'rent',
      recurring: 'monthly',
    });
    await post('/api/financial/bills', {
      name: 'Phone',
      amount: 60,
      due_date: phoneDue,
      priority: 'medium',
      category: 'utilities',
      recurring: 'monthly',
    });
    const bills = [
      billOf('rent', 'Rent', 145_000, rentDue, 'high', 'monthly'),
      billOf('phone', 'Phone', 6_000, phoneDue, 'medium', 'monthly'),
    ];
    await page.goto('/dashboard');

    // No bank linked: counted from the last paycheck, a month before the next one (each on the business day it
    // arrives), less the rent and the phone due before payday: $890.00.
    const before = rulesForecast(today, payOn, bills);
    expect(before.safeToSpend.amountCents).toBe(89_000);
    const payday = before.safeToSpend.nextPayday!.date;
    const safe = page.getByTestId('safe-to-spend');
    await expect(safe.getByRole('heading', { level: 2, name: `Safe to spend until payday, ${fmt(payday)}` })).toBeVisible();
    await expect(safe.getByText('$890.00', { exact: true })).toBeVisible();
    await expect(safe).toContainText(explainSafeToSpend(before.safeToSpend, { date: fmt })!);
    expect(explainSafeToSpend(before.safeToSpend, { date: fmt })).toContain(`From your last paycheck (Teaching salary $2,400.00 on `);
    const forecast = page.getByTestId('balance-forecast');
    await expect(forecast.getByText('Your balance stays above zero for the next 30 days.')).toBeVisible();
    await expect(forecast.getByRole('img', { name: /Projected balance, next 30 days At the end of today .*; lowest \$890\.00/ })).toBeVisible();
    await expect(page.getByTestId('low-balance-warning')).toHaveCount(0);
    await safe.scrollIntoViewIfNeeded();
    await page.locator('.fc-section').screenshot({ path: test.info().outputPath(`1-safe-section-${width}.png`) });
    expect(await seriousViolations(page)).toEqual([]);

    // A large bill due before payday: paid out of what is left of the last paycheck, the balance dips
    // $110.00 short on the day it goes out with the rent and the phone.
    const carDue = addDays(payOn, 3);
    await page.getByRole('button', { name: 'Add bill' }).click();
    const billForm = page.getByRole('form', { name: 'Add a bill' });
    await billForm.getByLabel('Bill name').fill('Car repair');
    await billForm.getByLabel('Amount ($)').fill('1000');
    await billForm.getByLabel('Due date').fill(carDue);
    await billForm.getByLabel('Repeats').selectOption('once');
    await billForm.getByRole('button', { name: 'Add bill' }).click();
    await expect(billForm).toBeHidden();

    const withCar = [...bills, billOf('car', 'Car repair', 100_000, carDue, 'medium', 'once')];
    const after = rulesForecast(today, payOn, withCar);
    const dip = after.warning!;
    expect(dip).toMatchObject({ balanceCents: -11_000, shortfallCents: 11_000 });
    const warning = page.getByTestId('low-balance-warning');
    await expect(warning).toContainText(explainLowBalance(dip, { date: fmt }));
    await expect(warning).toContainText(`On ${fmt(dip.date)} your balance is projected to fall to -$110.00, below zero: $110.00 short.`);
    await expect(warning).toContainText(explainBillMove(dip, { date: fmt }));
    await expect(warning).toContainText(`Move Car repair ($1,000.00, due ${fmt(carDue)}) from ${fmt(dip.date)} to ${fmt(payday)}, when your Teaching salary arrives`);
    await expect(safe.getByText('$110.00', { exact: true })).toBeVisible();
    await expect(safe).toContainText('you are $110.00 short.');
    await warning.scrollIntoViewIfNeeded();
    await page.locator('.fc-section').screenshot({ path: test.info().outputPath(`2-warning-section-${width}.png`) });
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling').toBeLessThanOrEqual(width);

    // The chart's table names the low days too.
    await forecast.getByText('Show as table').click();
    const table = forecast.getByRole('table', { name: 'Projected balance by day' });
    await expect(table.getByRole('row', { name: new RegExp(`^${fmt(dip.date).replace(/\//g, '\\/')} .*-\\$110\\.00$`) })).toBeVisible();

    // A threshold of $100.00, set here and kept by the server, moves the warning's wording and shortfall.
    await forecast.getByRole('button', { name: 'Change' }).click();
    const threshold = forecast.getByLabel('Warn me below ($)');
    await threshold.fill('100');
    await forecast.getByRole('button', { name: 'Save' }).click();
    await expect(warning).toContainText(`below your $100.00 minimum: $210.00 short.`);
    expect(rulesForecast(today, payOn, withCar, 10_000).warning?.shortfallCents).toBe(21_000);
    await page.reload();
    await expect(page.getByTestId('balance-forecast')).toContainText('Warns when your balance would go below $100.00.');
    await page.locator('.fc-section').screenshot({ path: test.info().outputPath(`3-threshold-section-${width}.png`) });
    const settings = await page.request.get('/api/financial/forecast-settings', { headers });
    expect(await settings.json()).toEqual({ lowBalanceThresholdCents: 10_000 });
  });
}
