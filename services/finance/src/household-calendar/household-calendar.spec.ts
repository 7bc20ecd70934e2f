import type { DashboardShared, Membership } from '@paycadence/contracts';
import { buildHouseholdCalendar, type CalendarBillRow, type CalendarIncomeRow } from './household-calendar.js';

// The household calendar on a frozen day: shared paydays labelled with whose they are, each shared bill with the
// paycheck that covers it, and occurrences the schedule does not reach (past ones, far ones) covered by the same rule.
const TODAY = '2026-03-10';
const HOME = 'h-home';
const shared: DashboardShared = { householdId: HOME, householdName: 'Home', addedBy: { id: 'u-ann', name: 'Ann' }, canEdit: true };
const membership: Membership = {
  householdId: HOME,
  name: 'Home',
  role: 'owner',
  members: [
    { id: 'u-ann', name: 'Ann', role: 'owner' },
    { id: 'u-pat', name: 'Pat', role: 'partner' },
  ],
};
const bill = (name: string, dueDate: string, recurring: CalendarBillRow['recurring'], addedBy = 'u-ann'): CalendarBillRow => ({
  id: name, name, amountCents: 10_000, dueDate, priority: 'medium', category: 'utilities', recurring, shared, addedBy,
});
const income = (source: string, nextDate: string, frequency: CalendarIncomeRow['frequency'], addedBy: string): CalendarIncomeRow => ({
  id: source, source, amountCents: 200_000, frequency, nextDate, shared, addedBy,
});

describe('buildHouseholdCalendar', () => {
  it('labels paydays with their member and covers each bill from the latest paycheck 3-14 days before it', () => {
    const calendar = buildHouseholdCalendar({
      membership,
      bills: [bill('Internet', '2026-03-25', 'monthly', 'u-pat')],
      incomes: [income('Payroll', '2026-03-20', 'monthly', 'u-pat'), income('Teaching', '2026-03-13', 'biweekly', 'u-ann')],
      today: TODAY,
      from: TODAY,
      to: '2026-04-21',
    });
    expect(calendar.paydays.map((p) => `${p.date} ${p.source} ${p.member.name}`)).toEqual([
      '2026-03-13 Teaching Ann',
      '2026-03-20 Payroll Pat',
      '2026-03-27 Teaching Ann',
      '2026-04-10 Teaching Ann',
      '2026-04-20 Payroll Pat',
    ]);
    expect(calendar.bills).toEqual([
      expect.objectContaining({ due_date: '2026-03-25', added_by: { id: 'u-pat', name: 'Pat' }, covered_by: expect.objectContaining({ source: 'Payroll', date: '2026-03-20' }) }),
    ]);
  });

  it('covers a past occurrence and one beyond the schedule by the same rule, and names a former member', () => {
    const calendar = buildHouseholdCalendar({
      membership,
      // Weekly from 2026-02-24: the range shows past weeks and ones after the schedule's eight.
      bills: [bill('Groceries', '2026-02-24', 'weekly', 'u-gone')],
      incomes: [income('Teaching', '2026-02-27', 'biweekly', 'u-ann')],
      today: TODAY,
      from: '2026-03-01',
      to: '2026-05-01',
    });
    expect(calendar.bills.map((b) => b.due_date)).toHaveLength(9);
    for (const b of calendar.bills) {
      expect(b.added_by.name).toBe('a former member');
      expect(b.covered_by).not.toBeNull();
      expect(b.covered_by!.date <= b.due_date).toBe(true);
      expect(b.pay_on >= b.covered_by!.date && b.pay_on <= b.due_date).toBe(true);
    }
    // The first, past occurrence: the paycheck of 02-27, 4 days before.
    expect(calendar.bills[0]).toMatchObject({ due_date: '2026-03-03', covered_by: { date: '2026-02-27', member: { name: 'Ann' } } });
  });
});
