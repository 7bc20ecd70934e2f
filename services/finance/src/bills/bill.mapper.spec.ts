import { applyBillUpdate, toBillDto, toRuleBill } from './bill.mapper.js';
import type { Bill } from './bill.entity.js';

const row: Bill = {
  id: 'b1',
  userId: 'u1',
  name: 'Gym',
  amount: '19.99',
  dueDate: '2026-03-31',
  priority: 'low',
  category: 'subscriptions',
  recurring: 'monthly',
  householdId: null,
  payee: null,
  suggestionId: null,
  dueDayFlexible: null,
  dueDayMin: null,
  dueDayMax: null,
  earlierDueDate: null,
  dueDateFrom: null,
  createdAt: new Date('2026-03-01T10:00:00Z'),
  updatedAt: new Date('2026-03-02T10:00:00Z'),
};

describe('bill mapping', () => {
  it('gives the API dollars and snake_case fields, never the owner id', () => {
    expect(toBillDto(row)).toEqual({
      id: 'b1',
      name: 'Gym',
      amount: 19.99,
      due_date: '2026-03-31',
      priority: 'low',
      category: 'subscriptions',
      recurring: 'monthly',
      created_at: '2026-03-01T10:00:00.000Z',
      updated_at: '2026-03-02T10:00:00.000Z',
      due_day_flexible: 'yes',
      due_day_min: 1,
      due_day_max: 31,
    });
  });

  it("answers the person's due-day answer and range, else the category's usual answer and any day", () => {
    expect(toBillDto({ ...row, category: 'rent' })).toMatchObject({ due_day_flexible: 'no', due_day_min: 1, due_day_max: 31 });
    expect(toBillDto({ ...row, category: 'rent', dueDayFlexible: 'unknown', dueDayMin: 1, dueDayMax: 28 })).toMatchObject({ due_day_flexible: 'unknown', due_day_min: 1, due_day_max: 28 });
    expect(toRuleBill({ ...row, dueDayMax: 28 })).toMatchObject({ dueDay: { flexible: null, min: null, max: 28 } });
    expect(toRuleBill(row)).not.toHaveProperty('dueDay');
  });

  it('carries a confirmed due-date change to the API and the rules, and nothing on a bill never changed', () => {
    const changed = { ...row, dueDate: '2027-01-27', earlierDueDate: '2026-12-05', dueDateFrom: '2027-01-10' };
    expect(toBillDto(changed)).toMatchObject({ due_date: '2027-01-27', earlier_due_date: '2026-12-05', due_date_from: '2027-01-10' });
    expect(toRuleBill(changed)).toMatchObject({ dueDate: '2027-01-27', earlierDueDate: '2026-12-05', dueDateFrom: '2027-01-10' });
    expect(toBillDto(row)).not.toHaveProperty('earlier_due_date');
    expect(toRuleBill(row)).not.toHaveProperty('earlierDueDate');
  });

  it('a due date or recurrence set by hand starts one series again', () => {
    const changed = { ...row, dueDate: '2027-01-27', earlierDueDate: '2026-12-05', dueDateFrom: '2027-01-10' };
    expect(applyBillUpdate({ ...changed }, { amount: 20 })).toMatchObject({ earlierDueDate: '2026-12-05', dueDateFrom: '2027-01-10' });
    expect(applyBillUpdate({ ...changed }, { due_date: '2027-01-27' })).toMatchObject({ earlierDueDate: '2026-12-05' });
    expect(applyBillUpdate({ ...changed }, { due_date: '2027-02-03' })).toMatchObject({ dueDate: '2027-02-03', earlierDueDate: null, dueDateFrom: null });
    expect(applyBillUpdate({ ...changed }, { recurring: 'quarterly' })).toMatchObject({ earlierDueDate: null, dueDateFrom: null });
  });

  it('gives the rules integer cents', () => {
    expect(toRuleBill(row)).toEqual({
      id: 'b1',
      name: 'Gym',
      amountCents: 1999,
      dueDate: '2026-03-31',
      priority: 'low',
      category: 'subscriptions',
      recurring: 'monthly',
    });
  });

  it('carries the payee a linked detection gave, to the API and to bill status; none on a bill without one', () => {
    const linked = { ...row, name: 'Rent', payee: 'Oakwood Properties' };
    expect(toBillDto(linked)).toMatchObject({ name: 'Rent', payee: 'Oakwood Properties' });
    expect(toRuleBill(linked)).toMatchObject({ name: 'Rent', payee: 'Oakwood Properties' });
    expect(toBillDto(row)).not.toHaveProperty('payee');
    expect(toRuleBill(row)).not.toHaveProperty('payee');
  });
});
