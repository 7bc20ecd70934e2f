import type { GeneratorKind } from '@paycadence/contracts';

/**
 * The data generator's transactions (docs/product/signed-in.md §7 data generator), in Plaid's /sandbox/transactions/create
 * shape and sign (positive money out, negative money in). Pure and deterministic for a (seed, today): dates
 * are relative to the injected clock's day, never in the future, and recurring ones repeat often enough for
 * recurring detection to be certain (at least 3 occurrences).
 */
export interface GeneratedTransaction {
  date_transacted: string;
  date_posted: string;
  amount: number;
  description: string;
  iso_currency_code: 'USD';
}

/** Plaid's sandbox takes at most 10 transactions per /sandbox/transactions/create call. */
export const SANDBOX_CREATE_BATCH = 10;

const DAY_MS = 86_400_000;
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const addDays = (day: string, days: number) => toDay(dayMs(day) + days * DAY_MS);
/** Dollars rounded to the cent, still in dollars. */
const roundDollarsToCent = (value: number) => Math.round(value * 100) / 100;

/** mulberry32 over a string hash: the same seed always gives the same amounts. */
export function seededRandom(seed: string): () => number {
  let state = 2166136261;
  for (let i = 0; i < seed.length; i++) state = Math.imul(state ^ seed.charCodeAt(i), 16777619);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `count` dates on `dayOfMonth` (clamped to short months), `everyMonths` apart, the latest being the most
 * recent one not after today; oldest first.
 */
function monthlyDates(today: string, dayOfMonth: number, count: number, everyMonths = 1): string[] {
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1];
  const dateFor = (back: number) => {
    const last = new Date(Date.UTC(year, month - back + 1, 0)).getUTCDate();
    return toDay(Date.UTC(year, month - back, Math.min(dayOfMonth, last)));
  };
  const latest = dateFor(0) <= today ? 0 : 1;
  return Array.from({ length: count }, (_, i) => dateFor(latest + (count - 1 - i) * everyMonths));
}

/** Every 14 days back from the last Friday on or before today. */
function biweeklyDates(today: string, count: number): string[] {
  const weekday = new Date(dayMs(today)).getUTCDay();
  const lastFriday = addDays(today, -((weekday - 5 + 7) % 7));
  return Array.from({ length: count }, (_, i) => addDays(lastFriday, -14 * (count - 1 - i)));
}

function transaction(date: string, amount: number, description: string, today: string): GeneratedTransaction {
  const posted = addDays(date, 1) <= today ? addDays(date, 1) : date;
  return { date_transacted: date, date_posted: posted, amount: roundDollarsToCent(amount), description, iso_currency_code: 'USD' };
}

function bills(today: string, random: () => number): GeneratedTransaction[] {
  const monthly = (day: number, description: string, amount: () => number) =>
    monthlyDates(today, day, 4).map((date) => transaction(date, amount(), description, today));
  return [
    ...monthly(1, 'RENT PAYMENT OAKWOOD APTS', () => 1450),
    ...monthly(18, 'CITY POWER & LIGHT', () => 80 + random() * 45),
    ...monthly(12, 'COMCAST XFINITY INTERNET', () => 69.99),
    ...monthly(22, 'NETFLIX.COM', () => 15.49),
    ...monthly(5, 'SPOTIFY USA', () => 10.99),
    // Quarterly insurance: three payments, three months apart.
    ...monthlyDates(today, 15, 3, 3).map((date) => transaction(date, 412.5, 'GEICO AUTO INSURANCE', today)),
  ];
}

function income(today: string): GeneratedTransaction[] {
  return biweeklyDates(today, 7).map((date) => transaction(date, -2150, 'ACME CORP PAYROLL DIRECT DEP', today));
}

const SHOPS: [string, number, number][] = [
  ['WHOLE FOODS MARKET', 35, 140],
  ['STARBUCKS STORE', 4, 9],
  ['SHELL OIL', 30, 65],
  ['CHIPOTLE ONLINE', 11, 28],
  ['TARGET', 15, 120],
  ['AMAZON MKTPLACE', 9, 80],
  ['TRADER JOES', 25, 90],
];

function expenses(today: string, random: () => number): GeneratedTransaction[] {
  return Array.from({ length: 24 }, (_, i) => {
    const [description, low, high] = SHOPS[Math.floor(random() * SHOPS.length)]!;
    const date = addDays(today, -Math.floor((i * 30) / 24) - Math.floor(random() * 2));
    return transaction(date, low + random() * (high - low), description, today);
  });
}

/** What each kind adds; `all` (no kind in the path) is every kind once. */
export function generateTransactions(kind: GeneratorKind | 'all', today: string, seed: string): GeneratedTransaction[] {
  const random = seededRandom(`${seed}:${today}:${kind}`);
  switch (kind) {
    case 'bills':
      return bills(today, random);
    case 'income':
      return income(today);
    case 'expenses':
      return expenses(today, random);
    case 'recurring':
      return [...bills(today, random), ...income(today)];
    case 'all':
      return [...bills(today, random), ...income(today), ...expenses(today, random)];
  }
}

/** Keeps only what falls in the last `days` days (Plaid's own sandbox refuses older custom transactions). */
export function withinLastDays(transactions: GeneratedTransaction[], today: string, days: number): GeneratedTransaction[] {
  const from = addDays(today, -days);
  return transactions.filter((t) => t.date_transacted >= from);
}

export function batches<T>(items: T[], size = SANDBOX_CREATE_BATCH): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}
