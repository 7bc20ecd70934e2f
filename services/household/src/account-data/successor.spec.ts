import { successorOf, type MemberRow } from './successor.js';

const row = (userId: string, role: MemberRow['role'], joined: string): MemberRow => ({ userId, role, joinedAt: new Date(joined) });

describe('successorOf (a deleted owner hands the household over)', () => {
  it('prefers the partner who joined first over older members', () => {
    const rows = [row('me', 'owner', '2026-01-01'), row('m1', 'member', '2026-01-02'), row('p2', 'partner', '2026-01-05'), row('p1', 'partner', '2026-01-03')];
    expect(successorOf('me', rows)).toBe('p1');
  });

  it('takes the member who joined first when there is no partner', () => {
    const rows = [row('me', 'owner', '2026-01-01'), row('m2', 'member', '2026-02-02'), row('m1', 'member', '2026-01-02')];
    expect(successorOf('me', rows)).toBe('m1');
  });

  it('names nobody when another owner remains or nobody else is left', () => {
    expect(successorOf('me', [row('me', 'owner', '2026-01-01'), row('o2', 'owner', '2026-01-02'), row('p', 'partner', '2026-01-01')])).toBeNull();
    expect(successorOf('me', [row('me', 'owner', '2026-01-01')])).toBeNull();
  });

  it('breaks a tie on the joining time by id, the same on every replica', () => {
    expect(successorOf('me', [row('me', 'owner', '2026-01-01'), row('b', 'member', '2026-01-02'), row('a', 'member', '2026-01-02')])).toBe('a');
  });
});
