// Internal: a value paired with its date as a day number, so rules composed on each other's output
// never parse a date twice, plus the binary searches over lists sorted by that day.
import { readDay } from './day-numbers.js';

export interface Dated<T> {
  day: number;
  value: T;
}

/** Pairs each item with its date's day number (throws the invalid-date error, in list order). */
export function dateEach<T>(items: readonly T[], dateOf: (item: T) => string): Dated<T>[] {
  return items.map((value) => ({ day: readDay(dateOf(value)).dayNumber, value }));
}

/** Ascending by day; a stable sort keeps the original order within a day. */
export function byDay(a: Dated<unknown>, b: Dated<unknown>): number {
  return a.day - b.day;
}

/** Index of the first item of the day-sorted `items` on or after `day`. */
export function firstIndexFrom(items: readonly Dated<unknown>[], day: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (items[mid]!.day < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of the first item of the day-sorted `items` after `day`. */
export function firstIndexAfter(items: readonly Dated<unknown>[], day: number): number {
  return firstIndexFrom(items, day + 1);
}
