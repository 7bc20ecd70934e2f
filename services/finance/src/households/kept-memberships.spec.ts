import type { Membership } from '@paycadence/contracts';
import { KeptMemberships } from './kept-memberships.js';

const home: Membership[] = [{ householdId: '0b8f5c1e-2d4a-4f6b-9c3e-1a2b3c4d5e6f', name: 'Home', role: 'owner', members: [] }];

describe('KeptMemberships', () => {
  it('answers a kept answer only under the version it was kept with', () => {
    const kept = new KeptMemberships(60_000);
    kept.keep('ann', 'v1', home, 0);
    expect(kept.lookup('ann', 'v1', 1_000)).toBe(home);
    expect(kept.lookup('ann', 'v2', 1_000)).toBeUndefined();
    expect(kept.lookup('bob', 'v1', 1_000)).toBeUndefined();
  });

  it('forgets an answer once it is maxAgeMs old, whatever the version says', () => {
    const kept = new KeptMemberships(60_000);
    kept.keep('ann', 'v1', home, 0);
    expect(kept.lookup('ann', 'v1', 59_999)).toBe(home);
    expect(kept.lookup('ann', 'v1', 60_000)).toBeUndefined();
  });

  it('keeps nothing when maxAgeMs is 0, and drops the oldest user beyond its size', () => {
    const off = new KeptMemberships(0);
    off.keep('ann', 'v1', home, 0);
    expect(off.lookup('ann', 'v1', 0)).toBeUndefined();

    const small = new KeptMemberships(60_000, 2);
    small.keep('ann', 'v1', home, 0);
    small.keep('bob', 'v1', home, 0);
    small.keep('ann', 'v2', home, 0);
    small.keep('cy', 'v1', home, 0);
    expect(small.lookup('bob', 'v1', 0)).toBeUndefined();
    expect(small.lookup('ann', 'v2', 0)).toBe(home);
    expect(small.lookup('cy', 'v1', 0)).toBe(home);
  });
});
