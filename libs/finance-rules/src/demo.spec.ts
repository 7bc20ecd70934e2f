import { describe, expect, it } from 'vitest';
import {
  addDays,
  buildPaymentSchedule,
  computeForecast,
  demoPlan,
  demoSampleData,
  demoSummary,
  demoWindows,
  explainSafeToSpend,
} from './index.js';

const TODAY = '2026-03-10';

describe('demo (docs/product/accounts.md §2 /demo, §3 demo bill and income)', () => {
  const data = demoSampleData(TODAY);

  it('uses rent and utilities bills, monthly or once, and biweekly and monthly income', () => {
    expect(new Set(data.bills.map((b) => b.category))).toEqual(new Set(['rent', 'utilities']));
    expect(new Set(data.bills.map((b) => b.recurring))).toEqual(new Set(['monthly', 'once']));
    expect(new Set(data.bills.map((b) => b.priority))).toEqual(new Set(['high', 'medium', 'low']));
    expect(new Set(data.incomes.map((i) => i.frequency))).toEqual(new Set(['biweekly', 'monthly']));
  });

  it('places dates relative to today', () => {
    expect(demoSampleData('2030-01-01').bills[0]?.dueDate).toBe(addDays('2030-01-01', 3));
    expect(data.bills[0]?.dueDate).toBe('2026-03-13');
  });

  it("summarises: today's balance, the month's income, expenses with percent, and the month's plan with its share", () => {
    const summary = demoSummary(data, TODAY);
    // Expenses: 1200 + 89.50 + 45.25 (water, once, due in March) + 65 = $1399.75; income is the dashboard's
    // monthly normalisation of the sample's paychecks.
    expect(summary).toMatchObject({
      monthlyExpensesCents: 139_975,
      expensesPercentOfIncome: Math.round((139_975 / summary.monthlyIncomeCents) * 1000) / 10,
      monthlySavingsCents: summary.monthlyIncomeCents - 139_975,
    });
    // The balance is the money in hand this morning as the forecast counts it (no bank in the demo).
    expect(summary.currentBalanceCents).toBe(demoPlan(data, TODAY).forecast.safeToSpend.startCents);
  });

  it.each(['2026-03-10', '2026-03-14', '2026-06-30', '2026-12-06', '2027-01-31', '2028-02-29'])(
    "on %s the Current Balance and the month's plan are two different figures, and safe to spend a third",
    (today) => {
      const sample = demoSampleData(today);
      const summary = demoSummary(sample, today);
      const safe = demoPlan(sample, today).forecast.safeToSpend;
      expect(summary.currentBalanceCents).not.toBe(summary.monthlySavingsCents);
      expect(safe.amountCents).toBeGreaterThan(0);
      expect(safe.amountCents).not.toBe(summary.currentBalanceCents);
      // The rent falls before the next payday, so it is what stands between the two.
      expect(safe.bills.map((b) => b.billName)).toContain('Rent');
    },
  );

  it("the month's plan may be negative; today's balance is what the forecast counts, whatever the month", () => {
    const poor = { ...data, incomes: [{ ...data.incomes[1]!, amountCents: 100_000 }] };
    const summary = demoSummary(poor, TODAY);
    expect(summary).toMatchObject({ monthlySavingsCents: 100_000 - 139_975, savingsRatePercent: -40 });
    expect(summary.currentBalanceCents).toBe(demoPlan(poor, TODAY).forecast.safeToSpend.startCents);
  });

  it('suggests a pay date for every bill and counts safe to spend by the rules the dashboard runs', () => {
    const { schedule, forecast } = demoPlan(data, TODAY);
    expect(schedule).toEqual(buildPaymentSchedule(data.bills, data.incomes, TODAY));
    expect(new Set(schedule.map((s) => s.billName))).toEqual(new Set(data.bills.map((b) => b.name)));
    expect(forecast).toEqual(computeForecast({ bills: data.bills, incomes: data.incomes, today: TODAY, paymentSchedule: schedule }));
    expect(forecast.safeToSpend.base.kind).toBe('last-paycheck');
    expect(forecast.safeToSpend.nextPayday?.paychecks.map((p) => p.source)).toEqual(['Primary Job']);
    expect(explainSafeToSpend(forecast.safeToSpend, { date: (d) => d })).toMatch(
      /^From your last paycheck \(Primary Job \$2,400\.00 on .*: \$[\d,.]+ safe to spend\.$/,
    );
  });

  it('fills This Week, Next Week and Later', () => {
    const windows = demoWindows(data, TODAY);
    const names = (key: 'thisWeek' | 'nextWeek' | 'later') =>
      windows[key].items.map((i) => (i.kind === 'bill' ? i.billName : i.source));
    // Paydays on a weekend arrive the business day before, so the order within a column depends on the weekday.
    expect(names('thisWeek').sort()).toEqual(['Electric Bill', 'Primary Job', 'Rent']);
    expect(names('nextWeek').sort()).toEqual(['Freelance Work', 'Water Bill']);
    expect(names('later').sort()).toEqual(['Internet', 'Primary Job']);
    expect(windows.later.endDate).toBe('2026-04-09');
  });
});
