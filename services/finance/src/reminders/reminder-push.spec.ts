import { PushReminderPayloadSchema } from '@paycadence/contracts';
import type { ReminderPlan } from './planned-reminders.js';
import { pushTopic, reminderPush } from './reminder-push.js';

const USER = '11111111-1111-4111-8111-111111111111';
const RENT = '22222222-2222-4222-8222-222222222222';
const PHONE = '33333333-3333-4333-8333-333333333333';
const SALARY = '44444444-4444-4444-8444-444444444444';
const rent = { billId: RENT, name: 'Rent', amountCents: 120_000, dueDate: '2026-03-14' };
const phone = { billId: PHONE, name: 'Phone\nplan', amountCents: 4_500, dueDate: '2026-03-13' };
const AUCKLAND = 'Pacific/Auckland'; // UTC+13 in March
const billPlan = (daysLeft: number, bill = rent): ReminderPlan => ({ job: { userId: USER, kind: 'bill-due', itemId: bill.billId, date: bill.dueDate }, bill, daysLeft });
const paydayPlan = (bills: (typeof rent)[], date = '2026-03-13'): ReminderPlan => ({
  job: { userId: USER, kind: 'payday', itemId: SALARY, date },
  source: 'Salary from ACME',
  amountCents: 300_000,
  bills,
  nextPayday: '2026-04-13',
});

describe('reminderPush', () => {
  // 09:00 on March 11 in Auckland.
  const now = new Date('2026-03-10T20:00:00Z');

  it("carries the bill's name, amount and due date, and opens the dashboard at the bill", () => {
    const push = reminderPush(billPlan(3), now, AUCKLAND);
    expect(push.payload).toEqual({ title: 'Bill due in 3 days', body: 'Rent: $1,200.00, due March 14', url: `/dashboard?bill=${RENT}` });
    expect(Object.keys(PushReminderPayloadSchema.strict().parse(push.payload))).toEqual(['title', 'body', 'url']);
  });

  it('puts a name on one line', () => {
    expect(reminderPush(billPlan(2, phone), now, AUCKLAND).payload.body).toBe('Phone plan: $45.00, due March 13');
  });

  it('on payday: the first bill to pay and how many more, never the paycheck, and opens the dashboard', () => {
    const push = reminderPush(paydayPlan([{ ...rent, dueDate: '2026-03-28' }, { ...phone, dueDate: '2026-04-02' }]), now, AUCKLAND);
    expect(push.payload).toEqual({ title: 'Payday: 2 bills to pay', body: 'Rent: $1,200.00, due March 28 (and 1 more)', url: '/dashboard' });
    const text = JSON.stringify(push.payload);
    for (const secret of ['ACME', 'Salary', '3,000', 'April 13']) expect(text).not.toContain(secret);
    expect(reminderPush(paydayPlan([{ ...rent, dueDate: '2026-03-28' }]), now, AUCKLAND).payload.title).toBe('Payday: 1 bill to pay');
  });

  it.each([
    // [what, plan, now, ttl seconds, urgency]
    ['a bill due in 3 days lives until its due day ends in the user zone', billPlan(3), '2026-03-10T20:00:00Z', (3 * 24 + 15) * 3600, 'normal'],
    ['a bill due in 2 days', billPlan(2), '2026-03-11T20:00:00Z', (2 * 24 + 15) * 3600, 'normal'],
    ['a bill due tomorrow is urgent', billPlan(1), '2026-03-12T20:00:00Z', (24 + 15) * 3600, 'high'],
    ['at 23:59 the day before, still until the due day ends', billPlan(1), '2026-03-13T10:59:00Z', 24 * 3600 + 60, 'high'],
    ['payday with the first bill weeks away', paydayPlan([{ ...rent, dueDate: '2026-03-28' }]), '2026-03-12T20:00:00Z', 15 * 3600, 'normal'],
    ['payday with a bill due the same day', paydayPlan([{ ...rent, dueDate: '2026-03-13' }]), '2026-03-12T20:00:00Z', 15 * 3600, 'high'],
    ['payday with a bill due the next day', paydayPlan([{ ...rent, dueDate: '2026-03-14' }]), '2026-03-12T20:00:00Z', 15 * 3600, 'high'],
  ] as const)('%s', (_what, plan, at, ttl, urgency) => {
    const push = reminderPush(plan, new Date(at), AUCKLAND);
    expect(push.ttlSeconds).toBe(ttl);
    expect(push.urgency).toBe(urgency);
  });

  it('follows the zone across a daylight saving change (Los Angeles springs forward on March 8)', () => {
    // 09:00 PST on March 7; the due day March 9 ends at 00:00 PDT on March 10 (07:00Z).
    const plan = billPlan(2, { ...rent, dueDate: '2026-03-09' });
    expect(reminderPush(plan, new Date('2026-03-07T17:00:00Z'), 'America/Los_Angeles').ttlSeconds).toBe((2 * 24 + 14) * 3600);
  });

  it('never asks for less than a minute', () => {
    expect(reminderPush(billPlan(1), new Date('2026-03-14T10:59:59Z'), AUCKLAND).ttlSeconds).toBe(60);
  });
});

describe('pushTopic', () => {
  it('is 32 base64url characters, the same for the same reminder, another for another', () => {
    const key = `reminder:${USER}:${RENT}:2026-03-14:bill-due`;
    expect(pushTopic(key)).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(pushTopic(key)).toBe(pushTopic(key));
    expect(pushTopic(key)).not.toBe(pushTopic(`reminder:${USER}:${RENT}:2026-04-14:bill-due`));
    expect(pushTopic(key)).not.toContain(RENT.slice(0, 8));
  });
});
