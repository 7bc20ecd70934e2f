import { generateTransactions } from '../../generator/generated-transactions';
import { merchantKey } from '../merchant-key';
import { detectRecurringStreams } from './detect-recurring';

/**
 * The data generator (docs/product/signed-in.md §7) adds its rows through Plaid's /sandbox/transactions/create, whose rows
 * carry no useful category (a bare legacy 'Transfer') and no merchant name: detection must still find every
 * recurring bill and paycheck it makes.
 */
describe('detection on the data generator’s transactions', () => {
  it.each(['2026-03-10', '2026-01-31', '2026-07-04'])(
    'finds every recurring series generated up to %s',
    (today) => {
      const generated = generateTransactions('all', today, 'user-1');
      const rows = generated.map((row, index) => ({
        id: String(index),
        accountId: 'checking',
        date: row.date_posted,
        amount: row.amount,
        name: row.description,
        merchantName: null,
        categories: ['Transfer'],
        pending: false,
      }));
      const recurring = new Set(
        generateTransactions('recurring', today, 'user-1').map((row) => row.description),
      );
      const streams = detectRecurringStreams(rows, today);
      expect(streams.map((stream) => stream.merchantKey).sort()).toEqual(
        [...recurring].map((description) => merchantKey(description, null)).sort(),
      );
      expect(streams.every((stream) => stream.confidence >= 0.5)).toBe(true);
      expect(
        streams.find((stream) => stream.merchantKey === merchantKey('CITY POWER & LIGHT', null)),
      ).toMatchObject({
        category: 'utilities',
        frequency: 'monthly',
      });
      expect(streams.find((stream) => stream.kind === 'income')).toMatchObject({ frequency: 'biweekly' });
    },
  );
});
