import { generateUsers, scoreDetection } from './detection-quality';

/**
 * Detection quality against the Plaid emulator's true streams (issue 8's targets): 60 generated users
 * whose 24-month histories end on different days across a year (weekends, a teacher's summer, price rises).
 * Prints the figures as a table for the README. No database: runs in a few seconds.
 */
describe('recurring detection quality over generated users', () => {
  it('finds bills and income with precision and recall of at least 0.95 and next dates within 2 days for 90%', () => {
    const figures = scoreDetection(generateUsers(60));
    const { misses, falseAlarms, ...table } = figures;
    // eslint-disable-next-line no-console
    console.log(
      'Detection quality\n' +
        Object.entries(table)
          .map(([name, value]) => `  ${name.padEnd(28)} ${value}`)
          .join('\n') +
        (misses.length ? `\nMisses (first 15):\n  ${misses.slice(0, 15).join('\n  ')}` : '') +
        (falseAlarms.length ? `\nFalse alarms (first 15):\n  ${falseAlarms.slice(0, 15).join('\n  ')}` : ''),
    );
    expect(figures.users).toBeGreaterThanOrEqual(50);
    expect(figures.billPrecision).toBeGreaterThanOrEqual(0.95);
    expect(figures.billRecall).toBeGreaterThanOrEqual(0.95);
    expect(figures.incomePrecision).toBeGreaterThanOrEqual(0.95);
    expect(figures.incomeRecall).toBeGreaterThanOrEqual(0.95);
    expect(figures.nextDateWithin2Days).toBeGreaterThanOrEqual(0.9);
  });
});
