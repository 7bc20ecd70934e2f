import { suggestionMessages, type StoredStream } from './suggestions';

const base: StoredStream = {
  id: '6f1c1f8e-0d55-4c35-9c7a-111111111111',
  externalKey: 'stream:spotify',
  direction: 'outflow',
  name: 'Spotify',
  category: 'subscriptions',
  frequency: 'monthly',
  confidence: 0.93,
  averageAmount: 11.24,
  lastAmount: 11.99,
  lastDate: '2026-02-07',
  nextDate: '2026-03-09',
  priceChanged: true,
};
const stream = (fields: Partial<StoredStream>): StoredStream => ({ ...base, ...fields });

describe('suggestionMessages', () => {
  it('offers bills with the next date as due date, the new price after a change, and the detected recurrence', () => {
    const [message] = suggestionMessages('user-1', [
      base,
      stream({
        externalKey: 'power',
        name: 'City Power',
        category: 'utilities',
        priceChanged: false,
        averageAmount: 88.4,
        lastAmount: 91.2,
      }),
      stream({ externalKey: 'insurance', name: 'State Farm', category: 'insurance', frequency: 'quarterly' }),
      stream({ externalKey: 'fee', name: 'Annual Fee', category: 'other', frequency: 'annual' }),
      stream({
        externalKey: 'club',
        name: 'Book Club',
        category: 'subscriptions',
        frequency: 'semi-monthly',
      }),
    ]);
    expect(message.userId).toBe('user-1');
    expect(message.income).toEqual([]);
    expect(message.bills.map((bill) => [bill.externalKey, bill.amount, bill.recurring])).toEqual([
      [base.externalKey, 11.99, 'monthly'],
      ['power', 88.4, 'monthly'],
      ['insurance', 11.99, 'quarterly'],
      ['fee', 11.99, 'yearly'],
      ['club', 11.99, 'monthly'],
    ]);
    expect(message.bills[0]).toMatchObject({
      name: 'Spotify',
      category: 'subscriptions',
      suggestedDueDate: '2026-03-09',
      transactionDate: '2026-02-07',
      confidence: 0.93,
    });
  });

  it("maps income to the form's frequencies: semi-monthly as biweekly, annual income not offered", () => {
    const income = (frequency: StoredStream['frequency']) =>
      stream({
        externalKey: frequency,
        direction: 'inflow',
        name: 'ACME',
        category: 'salary',
        frequency,
        priceChanged: false,
        averageAmount: 2400,
      });
    const [message] = suggestionMessages('user-1', [
      income('weekly'),
      income('biweekly'),
      income('semi-monthly'),
      income('monthly'),
      income('quarterly'),
      income('annual'),
    ]);
    expect(message.bills).toEqual([]);
    expect(message.income.map((item) => [item.externalKey, item.suggestedFrequency])).toEqual([
      ['weekly', 'weekly'],
      ['biweekly', 'biweekly'],
      ['semi-monthly', 'biweekly'],
      ['monthly', 'monthly'],
      ['quarterly', 'quarterly'],
    ]);
    expect(message.income[0]).toMatchObject({
      source: 'ACME',
      amount: 2400,
      suggestedNextDate: '2026-03-09',
    });
  });

  it('leaves out streams under 0.5 confidence, and sends nothing when none is left', () => {
    expect(suggestionMessages('user-1', [stream({ confidence: 0.49 })])).toEqual([]);
    expect(suggestionMessages('user-1', [stream({ confidence: 0.5 })])).toHaveLength(1);
  });

  it('splits more than 500 suggestions of a kind over several messages', () => {
    const many = Array.from({ length: 1001 }, (_, index) => stream({ externalKey: `s${index}` }));
    expect(suggestionMessages('user-1', many).map((message) => message.bills.length)).toEqual([500, 500, 1]);
  });
});
