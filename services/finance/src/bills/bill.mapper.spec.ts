import { toBillDto, toRuleBill } from './bill.mapper.js';
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
    });
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
