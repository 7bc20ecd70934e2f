import { addDays, isBusinessDay, toDayNumber } from '@paycadence/finance-rules';

/** Today on this machine's calendar (YYYY-MM-DD): the browser's day, since both follow the machine's zone. */
export function localToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The first day at least `minDays` after `today` such that it and each of `offsets` days after it is a
 * business day. A test that expects an exact paycheck or pay date anchors its data here, so weekends and
 * bank holidays never move those dates (docs/money-model.md) and the suite passes on every day of the week.
 */
export function businessAnchor(today: string, minDays: number, offsets: readonly number[] = []): string {
  for (let days = minDays; ; days += 1) {
    const anchor = addDays(today, days);
    if ([0, ...offsets].every((offset) => isBusinessDay(toDayNumber(addDays(anchor, offset))))) return anchor;
  }
}
