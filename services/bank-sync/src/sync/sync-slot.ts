import { createHash } from 'node:crypto';

/**
 * Where in the polling period an item's scheduled sync falls. The slot comes from a hash of the item id, not
 * from when the item was linked: links bunch up (a launch, a marketing e-mail), hashes do not, so 100,000
 * items spread evenly over the period whenever they were linked, and an item keeps its slot for life.
 *
 * The hash is the first 48 bits of SHA-256 of the id's text, scaled to [0, period): uniform for any ids,
 * random uuids or time-ordered ones alike. `nextSlotSql` computes the same in PostgreSQL, so the sweep and
 * a finished pass put an item back on its slot without reading it into Node (test/scheduling.int-spec.ts checks
 * that both agree).
 */
const HASH_SPAN = 2n ** 48n;

/** The item's offset into the period, in ms: 0 ≤ slot < periodMs (periods are whole ms since the epoch). */
export function syncSlotMs(itemId: string, periodMs: number): number {
  const hash = BigInt(`0x${createHash('sha256').update(itemId, 'utf8').digest('hex').slice(0, 12)}`);
  return Number((hash * BigInt(periodMs)) / HASH_SPAN);
}

/** The item's first slot strictly after `afterMs` (ms since the epoch): within (afterMs, afterMs + periodMs]. */
export function nextSlotAfter(itemId: string, afterMs: number, periodMs: number): number {
  const slot = syncSlotMs(itemId, periodMs);
  return slot + (Math.floor((afterMs - slot) / periodMs) + 1) * periodMs;
}

/**
 * `nextSlotAfter` as a PostgreSQL expression (a timestamptz) over SQL expressions for the item id (uuid or
 * text), the instant (timestamptz) and the period (ms). Integer arithmetic in numeric throughout, so it agrees
 * with the function above to the millisecond.
 */
export function nextSlotSql(idSql: string, afterSql: string, periodSql: string): string {
  const period = `(${periodSql})::numeric`;
  const slot = `floor(('x' || left(encode(sha256(convert_to((${idSql})::text, 'UTF8')), 'hex'), 12))::bit(48)::bigint::numeric * ${period} / ${HASH_SPAN})`;
  const afterMs = `(extract(epoch from (${afterSql})) * 1000)`;
  return `to_timestamp((${slot} + (floor((${afterMs} - ${slot}) / ${period}) + 1) * ${period}) / 1000)`;
}
