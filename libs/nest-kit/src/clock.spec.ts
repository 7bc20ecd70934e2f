import { describe, expect, it } from 'vitest';
import { SettableClock, fixedClock, systemClock } from './clock.js';

describe('systemClock', () => {
  it("answers now and today's UTC date", () => {
    const before = Date.now();
    const now = systemClock.now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
    expect(systemClock.today()).toBe(new Date().toISOString().slice(0, 10));
  });
});

describe('fixedClock', () => {
  it('stands still at a day (00:00 UTC) or a full time', () => {
    expect(fixedClock('2026-03-10').now().toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect(fixedClock('2026-03-10').today()).toBe('2026-03-10');
    expect(fixedClock('2026-03-10T23:59:59.999Z').today()).toBe('2026-03-10');
    expect(fixedClock(new Date('2026-03-10T12:00:00Z')).now().toISOString()).toBe('2026-03-10T12:00:00.000Z');
  });

  it('measures today in UTC whatever the offset of the time it was given', () => {
    expect(fixedClock('2026-03-10T22:00:00-05:00').today()).toBe('2026-03-11');
  });

  it('moves only when told, across day, month and year ends', () => {
    const clock = new SettableClock('2025-12-31T23:00:00Z');
    expect(clock.today()).toBe('2025-12-31');
    clock.advance(60 * 60 * 1000);
    expect(clock.today()).toBe('2026-01-01');
    clock.set('2026-02-28');
    expect(clock.now().toISOString()).toBe('2026-02-28T00:00:00.000Z');
  });

  it('hands out copies, so a caller cannot move it by mutating a Date', () => {
    const clock = fixedClock('2026-03-10');
    clock.now().setUTCFullYear(1999);
    expect(clock.today()).toBe('2026-03-10');
  });

  it('refuses a time it cannot read', () => {
    expect(() => fixedClock('2026-02-30')).toThrow('Invalid clock time: 2026-02-30');
    expect(() => fixedClock('yesterday')).toThrow('Invalid clock time');
  });
});
