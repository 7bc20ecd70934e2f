import { randomUUID } from 'node:crypto';
import { SCHEDULED_SYNC_EVERY_MS } from '@paycadence/contracts';
import { nextSlotAfter, syncSlotMs } from './sync-slot.js';

const PERIOD = SCHEDULED_SYNC_EVERY_MS;
const MINUTE = 60_000;
const LINKED_AT = Date.parse('2026-03-10T12:00:00.000Z');

/** Scheduled syncs per minute of the period, for items all linked at `linkedAt(i)`. */
function perMinute(ids: string[], linkedAt: (index: number) => number): number[] {
  const minutes = new Array<number>(PERIOD / MINUTE).fill(0);
  ids.forEach((id, index) => {
    const at = nextSlotAfter(id, linkedAt(index), PERIOD);
    minutes[Math.floor((at % PERIOD) / MINUTE)] += 1;
  });
  return minutes;
}

const mean = (counts: number[]) => counts.reduce((sum, count) => sum + count, 0) / counts.length;

describe('sync slots', () => {
  const ids = Array.from({ length: 100_000 }, () => randomUUID());

  it('spreads 100,000 items linked in the same minute evenly: no minute over 1.5 × the mean', () => {
    const counts = perMinute(ids, () => LINKED_AT);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(100_000);
    expect(Math.max(...counts)).toBeLessThanOrEqual(1.5 * mean(counts));
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(0.5 * mean(counts));
  });

  it('stays even when the links bunch up at a few moments of the day', () => {
    const counts = perMinute(ids, (index) => LINKED_AT + (index % 3) * 7 * MINUTE);
    expect(Math.max(...counts)).toBeLessThanOrEqual(1.5 * mean(counts));
  });

  it('stays even for ids that are not random (sequential, sharing a prefix)', () => {
    const sequential = Array.from({ length: 100_000 }, (_, n) => `00000000-0000-7000-8000-${n.toString(16).padStart(12, '0')}`);
    const counts = perMinute(sequential, () => LINKED_AT);
    expect(Math.max(...counts)).toBeLessThanOrEqual(1.5 * mean(counts));
  });

  it('is deterministic: an item has one slot, whenever it is asked for', () => {
    for (const id of ids.slice(0, 1000)) {
      const slot = syncSlotMs(id, PERIOD);
      expect(syncSlotMs(id, PERIOD)).toBe(slot);
      expect(Number.isInteger(slot) && slot >= 0 && slot < PERIOD).toBe(true);
      expect(nextSlotAfter(id, LINKED_AT, PERIOD) % PERIOD).toBe(slot);
      expect(nextSlotAfter(id, LINKED_AT + 5 * PERIOD + 123, PERIOD) % PERIOD).toBe(slot);
    }
    expect(new Set(ids.slice(0, 1000).map((id) => syncSlotMs(id, PERIOD))).size).toBeGreaterThan(990);
  });

  it.each([
    ['just before the slot: that slot', -1, 0],
    ['exactly at the slot: the one a period later', 0, PERIOD],
    ['just after the slot: the one a period later', 1, PERIOD],
  ])('the next slot after t is within (t, t + period]; %s', (_, offset, expectedFromSlot) => {
    const id = ids[0]!;
    const slotAt = LINKED_AT - (LINKED_AT % PERIOD) + syncSlotMs(id, PERIOD);
    const t = slotAt + offset;
    const next = nextSlotAfter(id, t, PERIOD);
    expect(next - slotAt).toBe(expectedFromSlot);
    expect(next).toBeGreaterThan(t);
    expect(next).toBeLessThanOrEqual(t + PERIOD);
  });
});
