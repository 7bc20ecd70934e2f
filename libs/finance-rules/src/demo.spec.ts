import { describe, expect, it } from 'vitest';
import { addDays, demoSampleData, demoSummary, demoWindows } from './index.js';

const TODAY = '2026-03-10';

describe('demo (spec part 1 §2 /demo, §3 demo bill and income)', () => {
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

  it('summarises: balance, income, expenses with percent, savings with rate', () => {
    // Income: Primary Job pays 3/11 and 3/25 ($4800) + Freelance $800 = $5600.
    // Expenses: 1200 + 89.50 + 45.25 (water, once, due in March) + 65 = $1399.75.
    expect(demoSummary(data, TODAY)).toEqual({
      currentBalanceCents: 420_025,
      monthlyIncomeCents: 560_000,
      monthlyExpensesCents: 139_975,
      expensesPercentOfIncome: 25,
      monthlySavingsCents: 420_025,
      savingsRatePercent: 75,
    });
  });

  it('floors the displayed balance at zero', () => {
    const poor = { ...data, incomes: [{ ...data.incomes[1]!, amountCents: 100_000 }] };
    expect(demoSummary(poor, TODAY)).toMatchObject({ currentBalanceCents: 0, monthlySavingsCents: 100_000 - 139_975, savingsRatePercent: -40 });
  });

  it('fills This Week, Next Week and Later', () => {
    const windows = demoWindows(data, TODAY);
    const names = (key: 'thisWeek' | 'nextWeek' | 'later') =>
      windows[key].items.map((i) => (i.kind === 'bill' ? i.billName : i.source));
    expect(names('thisWeek')).toEqual(['Primary Job', 'Rent', 'Electric Bill']);
    // Freelance Work is scheduled on a Sunday (today + 12) and arrives the business day before, with the water bill.
    expect(names('nextWeek')).toEqual(['Freelance Work', 'Water Bill']);
    expect(names('later')).toEqual(['Primary Job', 'Internet', 'Primary Job']);
    expect(windows.later.endDate).toBe('2026-04-09');
  });
});
