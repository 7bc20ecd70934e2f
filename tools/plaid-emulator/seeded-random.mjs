/**
 * A small seeded PRNG (mulberry32) so every seed always yields the same bank data.
 * Strings are hashed (FNV-1a) into a 32-bit seed.
 */
export function hashSeed(value) {
  const text = String(value);
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function createRandom(seed) {
  let state = hashSeed(seed);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** Integer in [min, max]. */
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    /** Float in [min, max), rounded to cents. */
    amount: (min, max) => Math.round((min + next() * (max - min)) * 100) / 100,
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (probability) => next() < probability,
    /** Plaid-looking opaque id: letters and digits. */
    id: (length = 37) => {
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
      let text = '';
      for (let index = 0; index < length; index += 1) text += alphabet[Math.floor(next() * alphabet.length)];
      return text;
    },
  };
}
