// computeDashboard must answer exactly what it answered when src/testing/dashboard-snapshot.json was written, for
// these generated inputs (100 bills / 10 incomes and smaller sets, leap days, month ends, a Sunday, analytics,
// twice-a-month, school-year and variable pay). First written by the original string-date composition, it is
// rewritten only when a rule changes on purpose (`WRITE_DASHBOARD_SNAPSHOT=1 npx vitest run
// src/dashboard-snapshot.spec.ts`), and the change is read entry by entry: the last rewrite came with the money
// model of docs/money-model.md (paychecks on business days, pay dates never before their paycheck, the schedules
// beyond a fixed step, pay gaps).
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { computeDashboard, type DashboardData } from './index.js';
import { fromStoredInput, generateDataSet, snapshotCases, type StoredDashboardInput } from './testing/generated-data.js';

interface SnapshotFile {
  cases: { name: string; input: StoredDashboardInput; output: DashboardData }[];
}

const SNAPSHOT_URL = new URL('./testing/dashboard-snapshot.json', import.meta.url);
if (process.env.WRITE_DASHBOARD_SNAPSHOT === '1') {
  const cases = snapshotCases().map(({ name, input }) => ({ name, input, output: computeDashboard(input) }));
  writeFileSync(SNAPSHOT_URL, `${JSON.stringify({ cases })}\n`);
}
const snapshot = JSON.parse(readFileSync(SNAPSHOT_URL, 'utf8')) as SnapshotFile;
const storedCases = snapshot.cases.map(({ name, input, output }) => ({ name, input: fromStoredInput(input), output }));

describe('computeDashboard snapshot (output of the pre-optimisation code)', () => {
  it('stores the inputs the generator makes', () => {
    expect(storedCases.map(({ name, input }) => ({ name, input }))).toEqual(snapshotCases());
  });

  it.each(storedCases.map((c) => [c.name, c] as const))('%s: same output, same JSON text', (_name, { input, output }) => {
    const actual = computeDashboard(input);
    expect(actual).toEqual(output);
    // Key order too: the service sends JSON.stringify of this object.
    expect(JSON.stringify(actual)).toBe(JSON.stringify(output));
  });
});

describe('computeDashboard on invalid input: the same errors as the original composition', () => {
  const base = generateDataSet({ seed: 7, billCount: 3, incomeCount: 2, today: '2026-03-10' });
  const invalidDate = (value: string) => new RangeError(`Invalid date '${value}', expected YYYY-MM-DD`);

  it('rejects a bad clock or window before anything else', () => {
    const badBill = { ...base.bills[0]!, dueDate: '2026-02-30' };
    expect(() => computeDashboard({ ...base, bills: [badBill], today: '2026-13-01' })).toThrow(invalidDate('2026-13-01'));
    expect(() => computeDashboard({ ...base, bills: [badBill], laterWindowDays: 0 })).toThrow(
      new RangeError('Window length must be a positive whole number of days, got 0'),
    );
  });

  it('names the first invalid bill date, then the first invalid pay date', () => {
    const badBills = [...base.bills, { ...base.bills[0]!, dueDate: '2026-02-30' }, { ...base.bills[1]!, dueDate: '2026-04-31' }];
    const badIncomes = [{ ...base.incomes[0]!, nextDate: '3/1/2026' }];
    expect(() => computeDashboard({ ...base, bills: badBills, incomes: badIncomes })).toThrow(invalidDate('2026-02-30'));
    expect(() => computeDashboard({ ...base, incomes: badIncomes })).toThrow(invalidDate('3/1/2026'));
  });

  it('rejects an unknown recurrence, income before bills', () => {
    const daily = { ...base.bills[0]!, recurring: 'daily' as never };
    expect(() => computeDashboard({ ...base, bills: [daily] })).toThrow(new RangeError("Unknown recurrence 'daily'"));
    // An unknown pay frequency is projected as a single date: within the horizon it fails there...
    const hourly = { ...base.incomes[0]!, frequency: 'hourly' as never, nextDate: '2026-03-12' };
    expect(() => computeDashboard({ ...base, bills: [daily], incomes: [hourly] })).toThrow(
      new RangeError('A one-time date has only occurrence 0'),
    );
    // ...and beyond it the monthly normalisation names it.
    const later = { ...hourly, nextDate: '2026-09-01' };
    expect(() => computeDashboard({ ...base, bills: [daily], incomes: [later] })).toThrow(new RangeError("Unknown recurrence 'hourly'"));
  });
});
