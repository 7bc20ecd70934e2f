import { daysBetween, daysInMonth, formatIsoDate, merchantKey, merchantKeysMatch, parseIsoDate, type IsoDate } from '@paycadence/finance-rules';

/**
 * Whether a detected bill or income is one the person already has, so accepting it as new would count the same
 * money twice ('Oakwood Properties · due the 1st' beside their own 'Rent · due the 1st'). Pure; table-tested in
 * looks-like.spec.ts. The one rule for every place suggestions are listed: the server answers `looksLike`.
 *
 * An existing item looks like the detected one when
 * - the detected name's merchant key matches the item's name or payee (merchantKeysMatch, as bill status matches
 *   payments), or
 * - the amount is within the rule's share of the existing amount (or its floor in cents) AND the day of the month
 *   is within the rule's days, counted across a month's end (the 30th and the 1st are a day apart) and reading a
 *   month's last day as the end of every month (the 28th of February and the 31st agree).
 * Of several, a name match wins, then the closest amount, then the closest day (then the id, so the answer is stable).
 */
export interface LooksLikeRule {
  amountPercent: number;
  minAmountCents: number;
  maxDayGap: number;
}

/** Bills: a bill's amount drifts (a metered bill, a fee); the $5 floor keeps small subscriptions comparable. */
export const BILL_LOOKS_LIKE: LooksLikeRule = { amountPercent: 10, minAmountCents: 500, maxDayGap: 3 };
/** Income: paychecks vary more (overtime, hours), hence the wider share. */
export const INCOME_LOOKS_LIKE: LooksLikeRule = { amountPercent: 15, minAmountCents: 0, maxDayGap: 3 };

/** What detection found: its name, its amount in cents and its next due (or pay) date. */
export interface DetectedItem {
  name: string;
  amountCents: number;
  date: IsoDate;
}

/** One of the person's bills or income sources: `date` is the stored due (or next pay) date. */
export interface ExistingItem {
  id: string;
  name: string;
  /** A bill's payee (a detected merchant linked to it before); income has none. */
  payee?: string | null;
  amountCents: number;
  date: IsoDate;
}

/**
 * Days between `date` and the nearest day of the month `other` falls on, looked for in `date`'s month and the
 * months either side, so the gap runs across a month's end. `other`'s day is clamped to shorter months (the 31st
 * falls on the 30th of April), and when `other` is its month's last day it is also read as the end of any month.
 */
export function dayOfMonthGap(date: IsoDate, other: IsoDate): number {
  const at = parseIsoDate(date);
  const ref = parseIsoDate(other);
  const days = ref.day === daysInMonth(ref.year, ref.month) ? [ref.day, 31] : [ref.day];
  let best = Number.POSITIVE_INFINITY;
  for (const offset of [-1, 0, 1]) {
    const monthIndex = at.year * 12 + (at.month - 1) + offset;
    const year = Math.floor(monthIndex / 12);
    const month = (monthIndex % 12) + 1;
    for (const day of days) {
      const candidate = formatIsoDate({ year, month, day: Math.min(day, daysInMonth(year, month)) });
      best = Math.min(best, Math.abs(daysBetween(date, candidate)));
    }
  }
  return best;
}

/** The largest amount gap that still looks like the same item: the rule's share of the existing amount, or its floor. */
export function amountToleranceOf(existingCents: number, rule: LooksLikeRule): number {
  return Math.max(rule.minAmountCents, Math.round((Math.abs(existingCents) * rule.amountPercent) / 100));
}

/** The detected name's merchant key against the item's name and payee. */
export function namesMatch(detectedName: string, existing: Pick<ExistingItem, 'name' | 'payee'>): boolean {
  const detectedKey = merchantKey(detectedName);
  const keys = existing.payee ? [merchantKey(existing.name), merchantKey(existing.payee)] : [merchantKey(existing.name)];
  return keys.some((key) => merchantKeysMatch(detectedKey, key));
}

interface Scored<T> {
  item: T;
  byName: boolean;
  amountGap: number;
  dayGap: number;
}

/** The existing item the detected one looks like (see the rules above), or null. */
export function looksLike<T extends ExistingItem>(detected: DetectedItem, existing: readonly T[], rule: LooksLikeRule): T | null {
  let best: Scored<T> | null = null;
  for (const item of existing) {
    const byName = namesMatch(detected.name, item);
    const amountGap = Math.abs(detected.amountCents - item.amountCents);
    const dayGap = dayOfMonthGap(detected.date, item.date);
    if (!byName && (amountGap > amountToleranceOf(item.amountCents, rule) || dayGap > rule.maxDayGap)) continue;
    const scored = { item, byName, amountGap, dayGap };
    if (best === null || better(scored, best)) best = scored;
  }
  return best?.item ?? null;
}

function better<T extends ExistingItem>(a: Scored<T>, b: Scored<T>): boolean {
  if (a.byName !== b.byName) return a.byName;
  if (a.amountGap !== b.amountGap) return a.amountGap < b.amountGap;
  if (a.dayGap !== b.dayGap) return a.dayGap < b.dayGap;
  return a.item.id < b.item.id;
}

export const looksLikeBill = <T extends ExistingItem>(detected: DetectedItem, bills: readonly T[]): T | null => looksLike(detected, bills, BILL_LOOKS_LIKE);
export const looksLikeIncome = <T extends ExistingItem>(detected: DetectedItem, incomes: readonly T[]): T | null =>
  looksLike(detected, incomes, INCOME_LOOKS_LIKE);
