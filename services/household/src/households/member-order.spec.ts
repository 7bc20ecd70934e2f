import { byRoleThenName, keepsAnOwner } from './member-order.js';

describe('member order', () => {
  it('lists owners, then partners, then members, by name within a role (any case)', () => {
    const members = [
      { name: 'zoe', role: 'member' },
      { name: 'Bob', role: 'partner' },
      { name: 'carl', role: 'owner' },
      { name: 'al', role: 'partner' },
      { name: 'Ann', role: 'owner' },
    ];
    expect([...members].sort(byRoleThenName).map((member) => member.name)).toEqual(['Ann', 'carl', 'al', 'Bob', 'zoe']);
  });

  it('knows whether a household would still have an owner', () => {
    expect(keepsAnOwner(['partner', 'owner'])).toBe(true);
    expect(keepsAnOwner(['partner', 'member'])).toBe(false);
    expect(keepsAnOwner([])).toBe(false);
  });
});
