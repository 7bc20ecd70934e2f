// computeDashboard must answer exactly what it answered before the day-number rewrite: the fixture
// src/testing/dashboard-snapshot.json was written by the original composition of the string-date
// rules for these generated inputs (100 bills / 10 incomes and smaller sets, leap days, month ends,
// a Sunday, analytics). Issue 13 changed behaviour on purpose and rewrote the outputs (inputs unchanged):
// every bill occurrence is scheduled (without a payday, from the current balance) with its funding, income
// projected to the last due date, first-steps and zero-income tips. Entries due within 60 days were checked
// to be unchanged apart from their funding before the rewrite.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { computeDashboard, type DashboardData } from './index.js';
import { fromStoredInput, generateDataSet, snapshotCases, type StoredDashboardInput } from './testing/generated-data.js';

interface SnapshotFile {
  cases: { name: string; input: StoredDashboardInput; output: DashboardData }[];
}

const snapshot = JSON.parse(readFileSync(new URL('./testing/dashboard-snapshot.json', import.meta.url), 'utf8')) as SnapshotFile;
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
