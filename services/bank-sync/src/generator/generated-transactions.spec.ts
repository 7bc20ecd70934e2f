import { batches, generateTransactions, withinLastDays } from './generated-transactions.js';

const TODAY = '2026-03-10';
const dates = (description: string, kind: Parameters<typeof generateTransactions>[0] = 'bills') =>
  generateTransactions(kind, TODAY, 'user-1')
    .filter((t) => t.description === description)
    .map((t) => t.date_transacted);

describe('generateTransactions', () => {
  it('repeats monthly bills on their day, never after today', () => {
    expect(dates('RENT PAYMENT OAKWOOD APTS')).toEqual(['2025-12-01', '2026-01-01', '2026-02-01', '2026-03-01']);
    expect(dates('NETFLIX.COM')).toEqual(['2025-11-22', '2025-12-22', '2026-01-22', '2026-02-22']);
  });

  it('makes insurance quarterly: three payments three months apart', () => {
    expect(dates('GEICO AUTO INSURANCE')).toEqual(['2025-08-15', '2025-11-15', '2026-02-15']);
  });

  it('pays income biweekly on Fridays as money in (negative, Plaid sign)', () => {
    const pay = generateTransactions('income', TODAY, 'user-1');
    expect(pay).toHaveLength(7);
    expect(pay.every((t) => t.amount === -2150 && new Date(`${t.date_transacted}T00:00:00Z`).getUTCDay() === 5)).toBe(true);
    expect(pay.at(-1)!.date_transacted).toBe('2026-03-06');
  });

  it('spreads card spending over the last month with positive amounts and 2 decimals', () => {
    const spending = generateTransactions('expenses', TODAY, 'user-1');
    expect(spending).toHaveLength(24);
    for (const t of spending) {
      expect(t.amount).toBeGreaterThan(0);
      expect(Math.round(t.amount * 100)).toBeCloseTo(t.amount * 100, 6);
      expect(t.date_transacted >= '2026-02-08' && t.date_transacted <= TODAY).toBe(true);
      expect(t.date_posted >= t.date_transacted && t.date_posted <= TODAY).toBe(true);
    }
  });

  it('is deterministic per seed and day, and recurring is bills plus income', () => {
    expect(generateTransactions('expenses', TODAY, 'a')).toEqual(generateTransactions('expenses', TODAY, 'a'));
    expect(generateTransactions('expenses', TODAY, 'a')).not.toEqual(generateTransactions('expenses', TODAY, 'b'));
    expect(generateTransactions('recurring', TODAY, 'a')).toHaveLength(generateTransactions('bills', TODAY, 'a').length + 7);
    expect(generateTransactions('all', TODAY, 'a').length).toBe(generateTransactions('recurring', TODAY, 'a').length + 24);
  });

  it('never dates anything after today, whatever the day of the month', () => {
    for (const today of ['2026-01-01', '2026-02-28', '2026-12-31', '2024-02-29']) {
      for (const t of generateTransactions('all', today, 'x')) expect(t.date_posted <= today).toBe(true);
    }
  });
});

describe('withinLastDays and batches', () => {
  it('keeps the last N days only', () => {
    const recent = withinLastDays(generateTransactions('bills', TODAY, 'x'), TODAY, 14);
    expect(recent.every((t) => t.date_transacted >= '2026-02-24')).toBe(true);
    expect(recent.map((t) => t.description)).toContain('RENT PAYMENT OAKWOOD APTS');
  });

  it('cuts into batches of at most 10', () => {
    expect(batches(Array.from({ length: 23 }, (_, i) => i)).map((b) => b.length)).toEqual([10, 10, 3]);
    expect(batches([])).toEqual([]);
  });
});
