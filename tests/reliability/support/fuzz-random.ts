// A seeded random source for the fuzz, so a failure reproduces: FUZZ_SEED=<the printed seed>.

export interface Random {
  readonly seed: number;
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, max). */
  int(max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** A UUID (v4 layout) from this source, so ids reproduce too. */
  uuid(): string;
  shuffle<T>(items: T[]): T[];
}

/** mulberry32: tiny, fast and good enough to spread cases; not for secrets. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const hex = (length: number) => Array.from({ length }, () => int(16).toString(16)).join('');
  return {
    seed,
    next,
    int,
    pick: (items) => items[int(items.length)],
    chance: (probability) => next() < probability,
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[int(4)]}${hex(3)}-${hex(12)}`,
    shuffle(items) {
      for (let index = items.length - 1; index > 0; index -= 1) {
        const other = int(index + 1);
        [items[index], items[other]] = [items[other], items[index]];
      }
      return items;
    },
  };
}

/** The seed of this run: FUZZ_SEED when set (to replay a failure), else a fresh one. */
export function fuzzSeed(): number {
  const fromEnv = Number(process.env.FUZZ_SEED);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : Math.floor(Math.random() * 2 ** 31) + 1;
}
