import { buildPaymentSchedule, type Bill, type IncomeSource } from '@paycadence/finance-rules';
import { buildFeedEvents, type FeedPayment } from './feed-events.js';

// Today is Tuesday 2026-03-10; the feed covers 2026-02-08 to 2027-03-10.
const TODAY = '2026-03-10';
const WINDOW = { from: '2026-02-08', to: '2027-03-10' };
const rent: Bill = {
  id: 'b-rent',
  name: 'Rent',
  amountCents: 120_000,
  dueDate: '2026-03-25',
  priority: 'high',
  category: 'rent',
  recurring: 'monthly',
};
const salary: IncomeSource = {
  id: 'i-pay',
  source: 'Salary',
  amountCents: 300_000,
  frequency: 'monthly',
  nextDate: '2026-03-13',
};

/** Rent's suggestion as the schedule gives it (paid from Salary after it arrives), with `changes` applied. */
const rentPayment = (changes: Partial<FeedPayment> = {}): FeedPayment => ({
  billId: 'b-rent',
  billName: 'Rent',
  billAmountCents: 120_000,
  dueDate: '2026-03-25',
  suggestedDate: '2026-03-20',
  paymentSource: 'Salary',
  incomeDate: '2026-03-13',
  funding: 'after-paycheck',
  reasoning: 'Why.',
  ...changes,
});

const eventsFor = (
  bills: Bill[],
  incomes: IncomeSource[],
  schedule: readonly FeedPayment[] = buildPaymentSchedule(bills, incomes, TODAY),
) => buildFeedEvents({ bills, incomes, schedule, ...WINDOW });

describe('buildFeedEvents', () => {
  it("makes a bill's due dates, the paydays and the schedule's suggested pay dates, by date", () => {
    const events = eventsFor([rent], [salary]);
    const first = events.filter((e) => e.date <= '2026-03-25');
    expect(first).toEqual([
      {
        uid: 'income-i-pay-2026-03-13@paycadence',
        kind: 'payday',
        date: '2026-03-13',
        summary: 'Payday: Salary ($3,000.00)',
        description: 'Salary: $3,000.00 expected.',
      },
      {
        uid: 'payment-b-rent-2026-03-25@paycadence',
        kind: 'payment',
        date: '2026-03-20',
        summary: 'Pay Rent ($1,200.00) from Salary',
        description: expect.stringMatching(
          /^Suggested pay date for Rent \(\$1,200\.00\), due 3\/25\/2026, from your Salary paycheck of 3\/13\/2026\.\n\n\S/,
        ),
      },
      {
        uid: 'bill-b-rent-2026-03-25@paycadence',
        kind: 'bill',
        date: '2026-03-25',
        summary: 'Rent due: $1,200.00',
        description:
          'Rent ($1,200.00) is due. Suggested pay date: 3/20/2026, from your Salary paycheck of 3/13/2026.',
      },
    ]);
  });

  it('covers twelve months ahead: a monthly bill and pay every month through 2027-03-10', () => {
    const events = eventsFor([rent], [salary]);
    expect(events.filter((e) => e.kind === 'bill').map((e) => e.date)).toHaveLength(12); // 2026-03-25 .. 2027-02-25
    expect(events.filter((e) => e.kind === 'payday').map((e) => e.date)).toHaveLength(12); // 2026-03-13 .. 2027-02-13
    expect(events.at(-1)!.date <= WINDOW.to).toBe(true);
  });

  it('starts an item on the date the user entered and reaches back into the window for older ones', () => {
    const started = { ...rent, dueDate: '2026-01-25' };
    // Bills only: without a paycheck each bill also gets a suggestion from the current balance (checked below).
    const dates = eventsFor([started], []).filter((e) => e.kind === 'bill').map((e) => e.date);
    expect(dates.slice(0, 2)).toEqual(['2026-02-25', '2026-03-25']);
    expect(eventsFor([{ ...rent, dueDate: '2026-06-01', recurring: 'once' }], []).filter((e) => e.kind === 'bill').map((e) => e.date)).toEqual(
      ['2026-06-01'],
    );
  });

  it('gives every occurrence its own stable UID: the same data gives the same UIDs, never two alike', () => {
    const weekly: Bill = {
      ...rent,
      id: 'b-gym',
      name: 'Gym',
      amountCents: 2_500,
      recurring: 'weekly',
      priority: 'low',
    };
    const first = eventsFor([rent, weekly], [salary]);
    const again = eventsFor([weekly, rent], [salary]);
    expect(again.map((e) => e.uid)).toEqual(first.map((e) => e.uid));
    expect(new Set(first.map((e) => e.uid)).size).toBe(first.length);
  });

  it("keeps a payment's UID when its suggested date moves (it names the bill's due date)", () => {
    const payment = rentPayment();
    const moved = { ...payment, suggestedDate: '2026-03-21' };
    const uid = (p: FeedPayment) => eventsFor([rent], [salary], [p]).find((e) => e.kind === 'payment')!;
    expect(uid(moved).uid).toBe(uid(payment).uid);
    expect(uid(moved).date).toBe('2026-03-21');
  });

  it('dates a payment on or after the paycheck it is paid from, never before that paycheck arrives', () => {
    // The next paycheck (3/24) lands a day before rent is due, too late for a high-priority bill's lead, so
    // rent is paid from the paycheck before it (2/24), on a day after that paycheck arrived.
    const lateSalary = { ...salary, nextDate: '2026-03-24' };
    const payment = eventsFor([rent], [lateSalary]).find((e) => e.kind === 'payment' && e.uid.includes('2026-03-25'))!;
    expect(payment.date >= '2026-02-24' && payment.date < '2026-03-25').toBe(true);
    expect(payment.description).toContain('from your Salary paycheck of 2/24/2026');
    expect(payment.description).not.toContain('before your Salary paycheck');
  });

  it('says a payment with no paycheck is paid from the current balance', () => {
    const payment = rentPayment({ paymentSource: null, incomeDate: null, funding: 'current-balance', reasoning: '' });
    const [event] = eventsFor([], [], [payment]);
    expect(event).toMatchObject({
      kind: 'payment',
      summary: 'Pay Rent ($1,200.00)',
      description: expect.stringContaining('from your current balance'),
    });
  });

  it('leaves out suggested pay dates outside the window', () => {
    const far = rentPayment({ billId: 'x', billName: 'X', billAmountCents: 1, dueDate: '2027-04-01', suggestedDate: '2027-03-29', paymentSource: 'Pay', incomeDate: '2027-03-15', reasoning: '' });
    expect(eventsFor([], [], [far])).toEqual([]);
  });

  it('keeps names as they are (escaping is the calendar writer’s job)', () => {
    const odd: Bill = { ...rent, name: 'Rent, "flat"; 🏠\nline two' };
    expect(eventsFor([odd], []).find((e) => e.kind === 'bill')!.summary).toBe('Rent, "flat"; 🏠\nline two due: $1,200.00');
  });
});
