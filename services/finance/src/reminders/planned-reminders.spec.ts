import { reminderKey } from '@paycadence/contracts';
import { addDays, type Bill, type IncomeSource } from '@paycadence/finance-rules';
import { paidOccurrenceKey } from './paid-occurrences.js';
import {
  NEXT_REMINDER_HORIZON_DAYS,
  nextReminderDay,
  plannedReminders,
  type PlanInput,
} from './planned-reminders.js';

const USER = '11111111-1111-4111-8111-111111111111';
const RENT = '22222222-2222-4222-8222-222222222222';
const GYM = '33333333-3333-4333-8333-333333333333';
const SALARY = '44444444-4444-4444-8444-444444444444';

const rent: Bill = { id: RENT, name: 'Rent', amountCents: 120_000, dueDate: '2026-03-28', priority: 'high', category: 'rent', recurring: 'monthly' };
const gym: Bill = { id: GYM, name: 'Gym', amountCents: 2_550, dueDate: '2026-03-13', priority: 'low', category: 'subscriptions', recurring: 'once' };
const salary: IncomeSource = { id: SALARY, source: 'Salary', amountCents: 300_000, frequency: 'monthly', nextDate: '2026-03-13' };

const input = (overrides: Partial<PlanInput> = {}): PlanInput => ({
  userId: USER,
  settings: { bills: true, income: true, daysBefore: 3 },
  local: { date: '2026-03-10', hour: 9 },
  bills: [rent, gym],
  incomes: [salary],
  paid: new Set(),
  ...overrides,
});

const jobs = (overrides: Partial<PlanInput> = {}) => plannedReminders(input(overrides)).map((plan) => plan.job);

describe('plannedReminders', () => {
  it('reminds of a bill daysBefore days ahead, on the user’s day, from 8 o’clock', () => {
    expect(jobs()).toEqual([{ userId: USER, kind: 'bill-due', itemId: GYM, date: '2026-03-13' }]);
    expect(jobs({ local: { date: '2026-03-10', hour: 7 } })).toEqual([]);
    expect(jobs({ settings: { bills: true, income: true, daysBefore: 2 } })).toEqual([]);
  });

  it('still reminds a day late (no worker ran), but never on or after the due date', () => {
    expect(jobs({ local: { date: '2026-03-12', hour: 23 } }).filter((job) => job.kind === 'bill-due')).toEqual([
      { userId: USER, kind: 'bill-due', itemId: GYM, date: '2026-03-13' },
    ]);
    expect(jobs({ local: { date: '2026-03-13', hour: 9 } }).filter((job) => job.kind === 'bill-due')).toEqual([]);
  });

  it('reminds of each occurrence of a repeating bill', () => {
    const plans = plannedReminders(input({ local: { date: '2026-04-26', hour: 8 }, bills: [rent] }));
    expect(plans.map((plan) => plan.job)).toEqual([{ userId: USER, kind: 'bill-due', itemId: RENT, date: '2026-04-28' }]);
    expect(plans[0]).toMatchObject({ daysLeft: 2, bill: { name: 'Rent', amountCents: 120_000 } });
  });

  it('on payday lists the unpaid bills due before the next payday', () => {
    const plans = plannedReminders(input({ local: { date: '2026-03-13', hour: 8 } }));
    const payday = plans.find((plan) => plan.job.kind === 'payday');
    expect(payday?.job).toEqual({ userId: USER, kind: 'payday', itemId: SALARY, date: '2026-03-13' });
    expect(payday).toMatchObject({ source: 'Salary', nextPayday: '2026-04-13', bills: [{ name: 'Gym', dueDate: '2026-03-13' }, { name: 'Rent', dueDate: '2026-03-28' }] });
  });

  it('sends nothing for a paid occurrence, and no payday e-mail when nothing is left to pay', () => {
    const paid = new Set([paidOccurrenceKey(GYM, '2026-03-13'), paidOccurrenceKey(RENT, '2026-03-28')]);
    expect(jobs({ paid })).toEqual([]);
    expect(jobs({ paid, local: { date: '2026-03-13', hour: 8 } })).toEqual([]);
  });

  it('follows the toggles', () => {
    const payday = { date: '2026-03-13', hour: 8 };
    expect(jobs({ local: payday, settings: { bills: false, income: true, daysBefore: 3 } }).map((job) => job.kind)).toEqual(['payday']);
    expect(jobs({ local: { date: '2026-03-12', hour: 8 }, settings: { bills: false, income: true, daysBefore: 3 } })).toEqual([]);
    expect(jobs({ local: payday, settings: { bills: false, income: false, daysBefore: 3 } })).toEqual([]);
  });
});

describe('nextReminderDay', () => {
  const next = (overrides: Partial<PlanInput> = {}, handled: string[] = []) =>
    nextReminderDay({ ...input(overrides), handled: new Set(handled) });
  const key = (kind: 'bill-due' | 'payday', itemId: string, date: string) =>
    reminderKey({ userId: USER, kind, itemId, date });

  it('is today before 8 o’clock when something is due today, else the first later day with a reminder', () => {
    // Gym is due on the 13th, 3 days before: reminded from the 10th.
    expect(next({ local: { date: '2026-03-10', hour: 7 } })).toBe('2026-03-10');
    // After 8 the plan of now took today's reminders: the next is the payday on the 13th (Gym's reminder handled).
    expect(next({ local: { date: '2026-03-10', hour: 9 } }, [key('bill-due', GYM, '2026-03-13')])).toBe(
      '2026-03-13',
    );
  });

  it('skips what was handled, what is paid and what the toggles turn off', () => {
    const handled = [key('bill-due', GYM, '2026-03-13'), key('payday', SALARY, '2026-03-13')];
    // Rent on the 28th, 3 days before.
    expect(next({ local: { date: '2026-03-10', hour: 9 } }, handled)).toBe('2026-03-25');
    const paid = new Set([paidOccurrenceKey(RENT, '2026-03-28')]);
    // Rent paid: the next is April's payday on the 13th, whose e-mail lists April's rent.
    expect(next({ local: { date: '2026-03-10', hour: 9 }, paid }, handled)).toBe('2026-04-13');
    expect(
      next({
        local: { date: '2026-03-10', hour: 9 },
        settings: { bills: false, income: false, daysBefore: 3 },
      }),
    ).toBeNull();
  });

  it('agrees with plannedReminders: on the day it names, a reminder not handled is planned', () => {
    for (const hour of [0, 7, 8, 23]) {
      for (const date of ['2026-03-01', '2026-03-14', '2026-04-30']) {
        const day = next({ local: { date, hour } });
        if (day === null) continue;
        const due = plannedReminders(input({ local: { date: day, hour: 8 } }));
        expect(due.length).toBeGreaterThan(0);
        // and nothing earlier (from the first day that counts) plans anything
        for (let d = hour < 8 ? date : addDays(date, 1); d < day; d = addDays(d, 1)) {
          expect(plannedReminders(input({ local: { date: d, hour: 8 } }))).toEqual([]);
        }
      }
    }
  });

  it('finds nothing beyond the horizon', () => {
    const yearly: Bill = { ...rent, recurring: 'yearly', dueDate: '2026-12-01' };
    expect(next({ bills: [yearly], incomes: [], local: { date: '2026-03-10', hour: 9 } })).toBeNull();
    expect(NEXT_REMINDER_HORIZON_DAYS).toBeGreaterThanOrEqual(14 + 1);
  });
});
