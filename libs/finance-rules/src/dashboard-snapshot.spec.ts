// computeDashboard must answer exactly what it answered before the day-number rewrite: the fixture
// src/testing/dashboard-snapshot.json was written by the pre-optimisation code for these generated
// inputs (100 bills / 10 incomes and smaller sets, leap days, month ends, a Sunday, analytics).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { computeDashboardReference } from './dashboard-reference.js';
import { computeDashboard, LATER_WINDOW_INITIAL_DAYS, type DashboardData, type DashboardInput } from './index.js';
import { generateDataSet, snapshotCases } from './testing/generated-data.js';

interface SnapshotFile {
  cases: { name: string; input: DashboardInput; output: DashboardData }[];
}

const snapshot = JSON.parse(readFileSync(new URL('./testing/dashboard-snapshot.json', import.meta.url), 'utf8')) as SnapshotFile;

describe('computeDashboard snapshot (output of the pre-optimisation code)', () => {
  it('stores the inputs the generator makes', () => {
    expect(snapshot.cases.map(({ name, input }) => ({ name, input }))).toEqual(snapshotCases());
  });

  it.each(snapshot.cases.map((c) => [c.name, c] as const))('%s: same output, same JSON text', (_name, { input, output }) => {
    const actual = computeDashboard(input);
    expect(actual).toEqual(output);
    // Key order too: the service sends JSON.stringify of this object.
    expect(JSON.stringify(actual)).toBe(JSON.stringify(output));
  });
});

describe('computeDashboard against the plain composition of the rules', () => {
  const dates = ['2026-03-10', '2024-02-29', '2025-12-31', '2026-01-31', '2026-03-15', '2027-02-28', '2028-12-01', '2026-06-30'];
  const inputs = Array.from({ length: 48 }, (_, i) => ({
    ...generateDataSet({ seed: 100 + i, billCount: 1 + ((i * 7) % 40), incomeCount: i % 5, today: dates[i % dates.length]! }),
    laterWindowDays: 7 * (1 + (i % 6)),
  }));

  it.each(inputs.map((input, i) => [i, input] as const))('generated set %i gives the same JSON', (_i, input) => {
    expect(JSON.stringify(computeDashboard(input))).toBe(JSON.stringify(computeDashboardReference(input)));
  });

  it('takes the same path as before for inputs it cannot trust: same error, same answer', () => {
    const base = generateDataSet({ seed: 7, billCount: 3, incomeCount: 2, today: '2026-03-10' });
    const badBill = { ...base, bills: [...base.bills, { ...base.bills[0]!, dueDate: '2026-02-30' }] };
    expect(() => computeDashboard(badBill)).toThrow(new RangeError("Invalid date '2026-02-30', expected YYYY-MM-DD"));
    const badIncome = { ...base, incomes: [{ ...base.incomes[0]!, nextDate: '3/1/2026' }] };
    expect(() => computeDashboard(badIncome)).toThrow(new RangeError("Invalid date '3/1/2026', expected YYYY-MM-DD"));
    expect(() => computeDashboard({ ...base, today: '2026-13-01' })).toThrow(RangeError);
    expect(() => computeDashboard({ ...base, laterWindowDays: 0 })).toThrow(RangeError);
    const unknown = { ...base, bills: [{ ...base.bills[0]!, recurring: 'daily' as never }] };
    expect(() => computeDashboard(unknown)).toThrow(new RangeError("Unknown recurrence 'daily'"));
    expect(computeDashboard(base)).toEqual(computeDashboardReference({ ...base, laterWindowDays: LATER_WINDOW_INITIAL_DAYS }));
  });
});
