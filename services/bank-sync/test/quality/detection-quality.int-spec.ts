import { generateUsers, scoreDetection, type GeneratedUser, type QualityFigures } from './detection-quality';

/**
 * Detection quality against the Plaid emulator's true streams, held to detection's targets: 60 generated users whose
 * 24-month histories end a week apart (weekend shifts, a teacher's summer, price rises fall differently).
 * Prints the figures for the README. No database: runs in seconds. Run alone with
 * `npx jest -c services/bank-sync/jest.int.config.cjs services/bank-sync/test/quality`.
 */
let users: GeneratedUser[];
beforeAll(() => {
  users = generateUsers(60);
});

function report(title: string, figures: QualityFigures): void {
  const { misses, falseAlarms, ...table } = figures;
  console.log(
    `${title}\n` +
      Object.entries(table)
        .map(([name, value]) => `  ${name.padEnd(28)} ${value}`)
        .join('\n') +
      (misses.length ? `\nMisses (first 15):\n  ${misses.slice(0, 15).join('\n  ')}` : '') +
      (falseAlarms.length ? `\nFalse alarms (first 15):\n  ${falseAlarms.slice(0, 15).join('\n  ')}` : ''),
  );
}

function expectTargets(figures: QualityFigures): void {
  expect(figures.users).toBeGreaterThanOrEqual(50);
  expect(figures.billPrecision).toBeGreaterThanOrEqual(0.95);
  expect(figures.billRecall).toBeGreaterThanOrEqual(0.95);
  expect(figures.incomePrecision).toBeGreaterThanOrEqual(0.95);
  expect(figures.incomeRecall).toBeGreaterThanOrEqual(0.95);
  expect(figures.nextDateWithin2Days).toBeGreaterThanOrEqual(0.9);
}

describe('recurring detection quality over generated users', () => {
  it('meets the targets with personal finance categories: precision and recall ≥ 0.95, next date within 2 days ≥ 90%', () => {
    const figures = scoreDetection(users, { categories: 'personal' });
    report('Detection quality (personal finance categories)', figures);
    expectTargets(figures);
  }, 60_000);

  it('meets them with legacy categories too (items whose rows carry only those)', () => {
    const figures = scoreDetection(users, { categories: 'legacy' });
    report('Detection quality (legacy categories)', figures);
    expectTargets(figures);
  }, 60_000);

  it('stays useful on rougher data: missing, moved and doubled occurrences', () => {
    const figures = scoreDetection(users, { perturb: true });
    report('Detection quality (perturbed: 5% missing, 10% moved 1-3 days, 2% doubled)', figures);
    expect(figures.billPrecision).toBeGreaterThanOrEqual(0.9);
    expect(figures.billRecall).toBeGreaterThanOrEqual(0.9);
    expect(figures.incomePrecision).toBeGreaterThanOrEqual(0.9);
    expect(figures.incomeRecall).toBeGreaterThanOrEqual(0.9);
    expect(figures.nextDateWithin2Days).toBeGreaterThanOrEqual(0.85);
  }, 60_000);
});
