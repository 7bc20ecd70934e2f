import { afterEach, describe, expect, it, vi } from 'vitest';
import { localToday, readOnlyBillIds } from './dashboard-model.js';

// Node reads TZ again whenever it changes, so the time zone can be switched per test.
afterEach(() => vi.unstubAllEnvs());

describe('localToday', () => {
  it("is the browser's local calendar day, not the UTC one (toISOString)", () => {
    vi.stubEnv('TZ', 'America/Los_Angeles');
    // 20:30 on March 10 in Los Angeles is already 03:30 on March 11 in UTC.
    const evening = new Date('2026-03-11T03:30:00Z');
    expect(evening.toISOString().slice(0, 10)).toBe('2026-03-11');
    expect(localToday(evening)).toBe('2026-03-10');
  });

  it('turns at local midnight, east of UTC too', () => {
    vi.stubEnv('TZ', 'Pacific/Kiritimati'); // UTC+14
    expect(localToday(new Date('2026-12-31T09:59:00Z'))).toBe('2026-12-31');
    expect(localToday(new Date('2026-12-31T10:00:00Z'))).toBe('2027-01-01');
  });

  it('pads month and day', () => {
    expect(localToday(new Date(2026, 0, 5, 12))).toBe('2026-01-05');
  });
});

describe('readOnlyBillIds', () => {
  it("names only the shared bills the viewer may not change (a household member's view), not their own or an editable shared one", () => {
    const bills = [
      { id: 'own', shared: null },
      { id: 'partner-can-edit', shared: { canEdit: true } },
      { id: 'member-view', shared: { canEdit: false } },
    ];
    expect([...readOnlyBillIds(bills)]).toEqual(['member-view']);
  });
});
