import { dayInMonth, monthKey, shiftOffWeekend, type DayNumber } from './calendar.js';
import type { Anchor, Cadence, MonthDay } from './cadences.js';
import type { CadenceFit } from './fit-cadence.js';

/**
 * The pay schedule of month-based income (monthly, semi-monthly) as the income form states it: the two pay
 * days of a twice-a-month payroll, the months with a paycheck (a school year), and how many paid months the
 * year before today went without any payment. Pure day-number arithmetic, like the rest of `core/`.
 */

// Local bindings: global lookups are slow inside Jest's VM context, and these run per stream and slot.
const { floor, max, min } = Math;

/** The income form's pay day for the month's last day (a day past a month's length falls on its last day). */
export const LAST_DAY = 31;

/** Slots per month of the month-based cadences; null for the others (weeks, quarters, years). */
export function slotsPerMonth(cadence: Cadence): 1 | 2 | null {
  if (cadence.frequency === 'monthly') return 1;
  if (cadence.frequency === 'semi-monthly') return 2;
  return null;
}

/** The month (year * 12 + month index) a slot of a month-based cadence falls in. */
export const monthOfSlot = (slot: number, perMonth: 1 | 2): number => floor(slot / perMonth);
/** 1 to 12. */
export const calendarMonthOf = (month: number): number => mod(month, 12) + 1;

/**
 * The form's pay day of one schedule day: the n-th stays n; 'the last day' is 31; 'n days before the last
 * day' (rare: most month-end payrolls are the last day, paid earlier on a weekend) is counted in a 31-day
 * month, the form having no such day.
 */
function payDayOf(monthDay: MonthDay): number {
  return monthDay.fromEnd ? max(1, LAST_DAY - monthDay.value) : min(monthDay.value, LAST_DAY);
}

/**
 * The days of the month a month-based stream is scheduled on (one for monthly, the early then the late one for
 * semi-monthly; 31: the last day), or null for other cadences. Several anchors often fit the dates equally well
 * (the 30th and the last day differ only in 31-day months, where a weekend blurs them), so each day is the one,
 * within the cadence's tolerance of the anchor's, that explains the most payments exactly once a weekend moves
 * them the way this stream moves them (`shift`: payroll to the Friday before); ties keep the anchor's day.
 */
export function monthPayDaysOf(
  fit: CadenceFit,
  actualDays: readonly DayNumber[],
  shift: 1 | -1 | 0,
): number[] | null {
  const perMonth = slotsPerMonth(fit.cadence);
  if (perMonth === null || fit.anchor.days.length !== perMonth) return null;
  const reach = fit.cadence.toleranceDays;
  const days: number[] = [];
  for (let half = 0; half < perMonth; half += 1) {
    const own = payDayOf(fit.anchor.days[half]);
    let best = own;
    let bestScore = -1;
    // The anchor's own day first, then outwards: a later candidate must explain strictly more payments.
    for (let distance = 0; distance <= reach; distance += 1) {
      for (const candidate of distance === 0 ? [own] : [own - distance, own + distance]) {
        if (candidate < 1 || candidate > LAST_DAY) continue;
        let score = 0;
        fit.matched.forEach((entry, index) => {
          if (mod(entry.slot, perMonth) !== half) return;
          const scheduled = dayInMonth(monthOfSlot(entry.slot, perMonth), candidate);
          if ((shift === 0 ? scheduled : shiftOffWeekend(scheduled, shift)) === actualDays[index]) score += 1;
        });
        if (score > bestScore) {
          best = candidate;
          bestScore = score;
        }
      }
    }
    days.push(best);
  }
  return days;
}

/** A semi-monthly schedule's two pay days, ascending, from its month days. */
export function payDaysOf(monthDays: readonly number[] | null): [number, number] | null {
  if (monthDays === null || monthDays.length !== 2 || monthDays[0] === monthDays[1]) return null;
  const [first, second] = monthDays as [number, number];
  return first < second ? [first, second] : [second, first];
}

/**
 * The day a slot is scheduled on, before any weekend move: on its month day for month-based streams (so a
 * twice-a-month date is always one of the pay days sent), else the cadence's own expected day.
 */
export function scheduledDayOf(
  cadence: Cadence,
  anchor: Anchor,
  monthDays: readonly number[] | null,
  slot: number,
): DayNumber {
  const perMonth = slotsPerMonth(cadence);
  if (monthDays !== null && perMonth !== null && monthDays.length === perMonth)
    return dayInMonth(monthOfSlot(slot, perMonth), monthDays[mod(slot, perMonth)]);
  return cadence.expectedDay(slot, anchor);
}

/**
 * The calendar months with a paycheck (1 to 12, ascending), or null for every month.
 *
 * A month is unpaid when its latest instance in the history (between the first and the last payment) had no
 * payment and belongs to an empty season (it or a neighbouring month empty as well: a teacher's July and
 * August; one missed month is a miss, not a season), and the same month a year before it was empty too or
 * came before the history starts. A season seen once in a one-year history therefore counts; a gap where the
 * year before was paid does not (that is pay that stopped, scored as skipped months).
 */
export function paidMonthsOf(fit: CadenceFit): number[] | null {
  const perMonth = slotsPerMonth(fit.cadence);
  if (perMonth === null || fit.matched.length === 0) return null;
  const filled = new Set(fit.matched.map((entry) => monthOfSlot(entry.slot, perMonth)));
  const first = monthOfSlot(fit.matched[0].slot, perMonth);
  const last = monthOfSlot(fit.matched[fit.matched.length - 1].slot, perMonth);
  const empty = (month: number) => !filled.has(month);
  const paid: number[] = [];
  for (let calendarMonth = 1; calendarMonth <= 12; calendarMonth += 1) {
    // The latest month of this calendar month on or before the last payment's month.
    const latest = last - mod(last - (calendarMonth - 1), 12);
    const inSeason = latest >= first && empty(latest) && (empty(latest - 1) || empty(latest + 1));
    const yearBeforeEmpty = latest - 12 < first || empty(latest - 12);
    if (!(inSeason && yearBeforeEmpty)) paid.push(calendarMonth);
  }
  return paid.length === 12 ? null : paid;
}

/** Whether a slot's month pays under `paidMonths` (null: every month). */
export function paysInSlot(paidMonths: readonly number[] | null, perMonth: 1 | 2, slot: number): boolean {
  return paidMonths === null || paidMonths.includes(calendarMonthOf(monthOfSlot(slot, perMonth)));
}

/**
 * Filled slots over the slots of paid months from the first payment to the last: the months the schedule
 * says are unpaid are expected to be empty and cost nothing.
 */
export function coverageOver(fit: CadenceFit, paidMonths: readonly number[] | null): number {
  const perMonth = slotsPerMonth(fit.cadence);
  if (perMonth === null || paidMonths === null) return fit.coverage;
  const firstSlot = fit.matched[0].slot;
  const lastSlot = fit.matched[fit.matched.length - 1].slot;
  let expected = 0;
  for (let slot = firstSlot; slot <= lastSlot; slot += 1)
    if (paysInSlot(paidMonths, perMonth, slot)) expected += 1;
  const filled = fit.matched.filter((entry) => paysInSlot(paidMonths, perMonth, entry.slot)).length;
  return expected === 0 ? fit.coverage : min(1, filled / expected);
}

/**
 * Paid months (by `paidMonths`) from the stream's first payment on whose pay days all fell in the year before
 * today and are past by more than the tolerance, and which got no payment at all: a whole paycheck month
 * skipped. A month missing one of its two paychecks is not counted here (the coverage already shows it).
 */
export function skippedPaidMonths(
  fit: CadenceFit,
  paidMonths: readonly number[] | null,
  todayDay: DayNumber,
): number {
  const perMonth = slotsPerMonth(fit.cadence);
  if (perMonth === null || fit.matched.length === 0) return 0;
  const filled = new Set(fit.matched.map((entry) => monthOfSlot(entry.slot, perMonth)));
  const first = monthOfSlot(fit.matched[0].slot, perMonth);
  const expected = (slot: number) => fit.cadence.expectedDay(slot, fit.anchor);
  const yearAgo = todayDay - 365;
  const passed = todayDay - fit.cadence.toleranceDays;
  let skipped = 0;
  // Today's month and the twelve before it hold every month whose pay days fall in the last 365 days.
  const todayMonth = monthKey(todayDay);
  for (let month = max(first, todayMonth - 12); month <= todayMonth; month += 1) {
    if (filled.has(month) || !paysInSlot(paidMonths, perMonth, month * perMonth)) continue;
    const firstPayDay = expected(month * perMonth);
    const lastPayDay = expected(month * perMonth + perMonth - 1);
    if (firstPayDay >= yearAgo && lastPayDay < passed) skipped += 1;
  }
  return skipped;
}

function mod(value: number, divisor: number): number {
  return ((value % divisor) + divisor) % divisor;
}
