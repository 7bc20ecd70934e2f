import { IncomeSuggestionInputSchema } from '@paycadence/contracts';
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
  scheduledNextDate: '2026-03-07',
  payDays: null,
  paidMonths: null,
  lowAmount: null,
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

  it("maps income to the form's frequencies: semi-monthly as twice-monthly with its pay days, annual income not offered", () => {
    const income = (frequency: StoredStream['frequency']) =>
      stream({
        externalKey: frequency,
        direction: 'inflow',
        name: 'ACME',
        category: 'salary',
        frequency,
        priceChanged: false,
        averageAmount: 2400,
        nextDate: '2026-03-13',
        scheduledNextDate: '2026-03-15',
        payDays: frequency === 'semi-monthly' ? [15, 31] : null,
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
    expect(
      message.income.map((item) => [item.externalKey, item.suggestedFrequency, item.suggestedPayDays]),
    ).toEqual([
      ['weekly', 'weekly', null],
      ['biweekly', 'biweekly', null],
      ['semi-monthly', 'twice-monthly', [15, 31]],
      ['monthly', 'monthly', null],
      ['quarterly', 'quarterly', null],
    ]);
    // The scheduled day, not the Friday a weekend 15th is paid on: finance moves it itself.
    expect(message.income[0]).toMatchObject({
      source: 'ACME',
      amount: 2400,
      suggestedNextDate: '2026-03-15',
      suggestedPaidMonths: null,
      suggestedLowAmount: null,
    });
    for (const item of message.income) expect(IncomeSuggestionInputSchema.safeParse(item).success).toBe(true);
  });

  it.each([
    {
      case: 'a school year paid monthly: its paid months',
      fields: {
        frequency: 'monthly',
        scheduledNextDate: '2026-09-25',
        paidMonths: [1, 2, 3, 4, 5, 6, 9, 10, 11, 12],
      },
      sent: {
        suggestedFrequency: 'monthly',
        suggestedNextDate: '2026-09-25',
        suggestedPaidMonths: [1, 2, 3, 4, 5, 6, 9, 10, 11, 12],
      },
    },
    {
      case: 'a school year paid twice a month: pay days and paid months',
      fields: {
        frequency: 'semi-monthly',
        scheduledNextDate: '2026-09-15',
        payDays: [15, 31],
        paidMonths: [1, 2, 3, 4, 5, 6, 9, 10, 11, 12],
      },
      sent: {
        suggestedFrequency: 'twice-monthly',
        suggestedPayDays: [15, 31],
        suggestedPaidMonths: [1, 2, 3, 4, 5, 6, 9, 10, 11, 12],
      },
    },
    {
      case: 'a last-day payroll whose next last day is in February',
      fields: { frequency: 'semi-monthly', scheduledNextDate: '2026-02-28', payDays: [15, 31] },
      sent: { suggestedNextDate: '2026-02-28', suggestedPayDays: [15, 31] },
    },
    {
      case: 'variable pay: its lean paycheck',
      fields: { frequency: 'biweekly', category: 'variable', averageAmount: 1480.5, lowAmount: 1012.255 },
      sent: { amount: 1480.5, suggestedLowAmount: 1012.26 },
    },
    {
      case: 'paid months on a cadence the form has none for: left out',
      fields: { frequency: 'weekly', paidMonths: [1, 2, 3] },
      sent: { suggestedFrequency: 'weekly', suggestedPaidMonths: null },
    },
    {
      case: 'a low amount not under the typical one: left out',
      fields: { frequency: 'monthly', averageAmount: 900, lowAmount: 900 },
      sent: { amount: 900, suggestedLowAmount: null },
    },
  ] as { case: string; fields: Partial<StoredStream>; sent: Record<string, unknown> }[])(
    'sends $case, and it passes the contract',
    ({ fields, sent }) => {
      const [message] = suggestionMessages('user-1', [
        stream({
          direction: 'inflow',
          category: 'salary',
          priceChanged: false,
          averageAmount: 2400,
          ...fields,
        }),
      ]);
      expect(message.income).toHaveLength(1);
      expect(message.income[0]).toMatchObject(sent);
      expect(IncomeSuggestionInputSchema.safeParse(message.income[0]).success).toBe(true);
    },
  );

  it('leaves out an income whose schedule does not hold together rather than failing the whole message', () => {
    const messages = suggestionMessages('user-1', [
      base,
      // Twice a month without its two days, and a next date off its pay days: the contract refuses both.
      stream({ externalKey: 'no-days', direction: 'inflow', frequency: 'semi-monthly', payDays: null }),
      stream({ externalKey: 'off-day', direction: 'inflow', frequency: 'semi-monthly', payDays: [1, 15] }),
      stream({ externalKey: 'ok', direction: 'inflow', frequency: 'monthly', priceChanged: false }),
    ]);
    expect(messages).toHaveLength(1);
    expect(messages[0].bills.map((bill) => bill.externalKey)).toEqual([base.externalKey]);
    expect(messages[0].income.map((item) => item.externalKey)).toEqual(['ok']);
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
