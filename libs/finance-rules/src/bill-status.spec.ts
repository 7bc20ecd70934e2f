import { describe, expect, it } from 'vitest';
import {
  amountToleranceCents,
  matchBillPayments,
  merchantKeysMatch,
  occurrenceStatus,
  occurrenceStatuses,
  occurrencesOfBills,
  type BillOccurrenceRef,
  type PaymentTransaction,
} from './bill-status.js';

const rent: BillOccurrenceRef = { billId: 'rent', billName: 'Oakwood Properties', dueDate: '2026-10-01', amountCents: 150_000 };
const tx = (id: string, date: string, amountCents: number, merchantKey = 'oakwood properties', descriptionKey?: string): PaymentTransaction => ({
  id,
  date,
  amountCents,
  merchantKey,
  ...(descriptionKey ? { descriptionKey } : {}),
});
const matchedIds = (occurrences: BillOccurrenceRef[], transactions: PaymentTransaction[]) =>
  matchBillPayments(occurrences, transactions).map((m) => `${m.occurrenceKey}<-${m.transactionId}`);

describe('amountToleranceCents: max($1, 5%)', () => {
  it.each([
    [999, 100],
    [2000, 100],
    [2010, 101],
    [150_000, 7500],
  ])('a bill of %i cents tolerates %i cents', (bill, tolerance) => expect(amountToleranceCents(bill)).toBe(tolerance));
});

describe('matchBillPayments', () => {
  it.each([
    ['exact amount on the due date', tx('t', '2026-10-01', 150_000), true],
    ['just inside the amount tolerance (+5%)', tx('t', '2026-10-01', 157_500), true],
    ['just outside the amount tolerance (+5% and a cent)', tx('t', '2026-10-01', 157_501), false],
    ['just inside below (−5%)', tx('t', '2026-10-01', 142_500), true],
    ['just outside below', tx('t', '2026-10-01', 142_499), false],
    ['7 days early (window edge)', tx('t', '2026-09-24', 150_000), true],
    ['8 days early', tx('t', '2026-09-23', 150_000), false],
    ['a late payment 10 days after the due date', tx('t', '2026-10-11', 150_000), true],
    ['11 days late', tx('t', '2026-10-12', 150_000), false],
    ['a refund (money in) of the same amount', tx('t', '2026-10-01', -150_000), false],
    ['another merchant, same amount and day', tx('t', '2026-10-01', 150_000, 'spotify'), false],
    ['the merchant key inside the bill name', tx('t', '2026-10-01', 150_000, 'oakwood'), true],
  ])('%s: matched %s', (_name, transaction, matched) => {
    expect(matchedIds([rent], [transaction])).toEqual(matched ? ['rent:2026-10-01<-t'] : []);
  });

  it('$1 floor: a $9.99 bill is paid by $10.99, not by $11.00', () => {
    const spotify: BillOccurrenceRef = { billId: 's', billName: 'Spotify', dueDate: '2026-10-05', amountCents: 999 };
    expect(matchedIds([spotify], [tx('in', '2026-10-05', 1099, 'spotify')])).toEqual(['s:2026-10-05<-in']);
    expect(matchedIds([spotify], [tx('out', '2026-10-05', 1100, 'spotify')])).toEqual([]);
  });

  it('a bill named for what it is finds the payment by its bank description', () => {
    const named: BillOccurrenceRef = { ...rent, billName: 'Rent' };
    expect(matchedIds([named], [tx('t', '2026-10-01', 150_000, 'oakwood properties', 'oakwood property rent')])).toEqual(['rent:2026-10-01<-t']);
    expect(matchedIds([named], [tx('t', '2026-10-01', 150_000, 'oakwood properties', 'zelle to oakwood property')])).toEqual([]);
  });

  it('two candidates: the nearer date wins, then the closer amount', () => {
    expect(matchedIds([rent], [tx('far', '2026-09-27', 150_000), tx('near', '2026-10-02', 150_000)])).toEqual(['rent:2026-10-01<-near']);
    expect(matchedIds([rent], [tx('off', '2026-10-01', 151_000), tx('exact', '2026-10-01', 150_000)])).toEqual(['rent:2026-10-01<-exact']);
  });

  it('each transaction pays one occurrence: two weekly occurrences with one payment between them', () => {
    const weekly = (dueDate: string): BillOccurrenceRef => ({ billId: 'w', billName: 'Daycare', dueDate, amountCents: 20_000 });
    const one = [tx('only', '2026-10-06', 20_000, 'daycare')];
    expect(matchedIds([weekly('2026-10-01'), weekly('2026-10-08')], one)).toEqual(['w:2026-10-08<-only']);
    const two = [...one, tx('second', '2026-10-01', 20_000, 'daycare')];
    expect(matchedIds([weekly('2026-10-01'), weekly('2026-10-08')], two).sort()).toEqual(['w:2026-10-01<-second', 'w:2026-10-08<-only']);
  });

  it.each([
    ['the payee is the merchant (bank description names no rent)', 'Oakwood Properties', tx('t', '2026-10-01', 150_000, 'oakwood properties', 'oakwood properties'), true],
    ['the payee found in the description alone', 'Oakwood Properties', tx('t', '2026-10-01', 150_000, 'zelle', 'oakwood properties'), true],
    ['no payee: the name alone, which this payment does not carry', null, tx('t', '2026-10-01', 150_000, 'oakwood properties', 'oakwood properties'), false],
    ['a payee that is another merchant', 'Maple Court Apartments', tx('t', '2026-10-01', 150_000, 'oakwood properties', 'oakwood properties'), false],
    ['the name still pays when a payee is set', 'Maple Court Apartments', tx('t', '2026-10-01', 150_000, 'spotify', 'rent'), true],
    ['a payee does not widen the amount tolerance', 'Oakwood Properties', tx('t', '2026-10-01', 160_000, 'oakwood properties'), false],
    ['a payee does not widen the date window', 'Oakwood Properties', tx('t', '2026-10-12', 150_000, 'oakwood properties'), false],
  ])("a bill called 'Rent' with a payee: %s: matched %s", (_name, payee, transaction, matched) => {
    const linked: BillOccurrenceRef = { ...rent, billName: 'Rent', payee };
    expect(matchedIds([linked], [transaction])).toEqual(matched ? ['rent:2026-10-01<-t'] : []);
  });

  it('two bills of one merchant and amount share no transaction', () => {
    const a: BillOccurrenceRef = { ...rent, billId: 'a' };
    const b: BillOccurrenceRef = { ...rent, billId: 'b' };
    expect(matchBillPayments([a, b], [tx('t', '2026-10-01', 150_000)])).toHaveLength(1);
  });
});

describe('merchantKeysMatch', () => {
  it.each([
    ['netflix', 'netflix', true],
    ['xfinity', 'comcast xfinity', true],
    ['city power light', 'city power light bill', true],
    ['rent', 'oakwood properties', false],
    ['', 'anything', false],
    ['power', 'powerhouse gym', false],
  ])('%j and %j: %s', (a, b, expected) => expect(merchantKeysMatch(a, b)).toBe(expected));
});

describe('occurrenceStatus (today 2026-10-10)', () => {
  it.each([
    ['2026-10-09', false, 'overdue'],
    ['2026-10-10', false, 'due_soon'],
    ['2026-10-13', false, 'due_soon'],
    ['2026-10-14', false, 'upcoming'],
    ['2026-10-01', true, 'paid'],
    ['2026-10-20', true, 'paid'],
  ] as const)('due %s, paid %s: %s', (due, paid, status) => expect(occurrenceStatus(due, '2026-10-10', paid)).toBe(status));
});

describe('occurrenceStatuses', () => {
  it('the bank match wins over a mark; a mark alone pays; the rest by date', () => {
    const nov: BillOccurrenceRef = { ...rent, dueDate: '2026-11-01' };
    const dec: BillOccurrenceRef = { ...rent, dueDate: '2026-12-01' };
    const statuses = occurrenceStatuses([rent, nov, dec], [tx('t', '2026-10-02', 150_000)], new Map([['rent:2026-11-01', '2026-10-30']]), '2026-11-29');
    expect(statuses.map(({ dueDate, status, paidBy, paidOn, markedPaid }) => ({ dueDate, status, paidBy, paidOn, markedPaid }))).toEqual([
      { dueDate: '2026-10-01', status: 'paid', paidBy: 'bank', paidOn: '2026-10-02', markedPaid: false },
      { dueDate: '2026-11-01', status: 'paid', paidBy: 'manual', paidOn: '2026-10-30', markedPaid: true },
      { dueDate: '2026-12-01', status: 'due_soon', paidBy: null, paidOn: null, markedPaid: false },
    ]);
  });
});

describe('occurrencesOfBills', () => {
  it("carries the bill's payee onto its occurrences, and none when it has none", () => {
    const bills = [
      { id: 'r', name: 'Rent', amountCents: 1000, dueDate: '2026-09-01', recurring: 'monthly' as const, payee: 'Oakwood Properties' },
      { id: 'p', name: 'Phone', amountCents: 500, dueDate: '2026-09-05', recurring: 'monthly' as const, payee: null },
    ];
    const occurrences = occurrencesOfBills(bills, '2026-09-01', '2026-09-30');
    expect(occurrences.map((o) => [o.billId, o.payee])).toEqual([
      ['r', 'Oakwood Properties'],
      ['p', undefined],
    ]);
    expect(occurrences[1]).not.toHaveProperty('payee');
  });

  it('lists each due date in the range, never before the date entered', () => {
    const bills = [
      { id: 'r', name: 'Rent', amountCents: 1000, dueDate: '2026-09-01', recurring: 'monthly' as const },
      { id: 'n', name: 'New', amountCents: 500, dueDate: '2026-10-20', recurring: 'weekly' as const },
      { id: 'o', name: 'Once', amountCents: 700, dueDate: '2026-08-01', recurring: 'once' as const },
    ];
    expect(occurrencesOfBills(bills, '2026-08-15', '2026-10-31').map((o) => `${o.billId}:${o.dueDate}`)).toEqual([
      'r:2026-09-01',
      'r:2026-10-01',
      'n:2026-10-20',
      'n:2026-10-27',
    ]);
  });
});
