import type { DetectedFrequency } from '@paycadence/contracts';
import {
  dayInMonth,
  dayOfMonth,
  daysFromMonthEnd,
  daysInMonth,
  monthKey,
  type DayNumber,
} from './calendar.js';

// Local bindings: global lookups are slow inside Jest's VM context, and these run per date and schedule.
const { abs, floor, round } = Math;

/** The contracts' DETECTED_FREQUENCIES (what analytics shows): weekly … annual. */
export type Frequency = DetectedFrequency;

/**
 * A day within a month: the n-th day (clamped to the month's length) or n days before its last day
 * ('the last business day' payrolls and end-of-month bills are end-anchored).
 */
export type MonthDay = { readonly fromEnd: boolean; readonly value: number };

/** Where a schedule sits: a phase (weekday of a weekly cycle, month of a quarter or year) and month days. */
export interface Anchor {
  readonly phase: number;
  readonly days: readonly MonthDay[];
}

/**
 * A cadence is a schedule of expected dates numbered by slot (the k-th expected occurrence). Detection
 * snaps every transaction to its nearest expected date: within `toleranceDays` it fills that slot.
 */
export interface Cadence {
  readonly frequency: Frequency;
  readonly periodDays: number;
  /** Weekend and holiday shifts: 2 days for weekly, 3 otherwise (Saturday → Monday, Sunday → Friday, …). */
  readonly toleranceDays: number;
  readonly minOccurrences: number;
  /** Slots per calendar year when the cadence is tied to the calendar (a seasonal gap repeats a year later). */
  readonly slotsPerYear: number | null;
  candidateAnchors(days: readonly DayNumber[]): Anchor[];
  nearest(day: DayNumber, anchor: Anchor): { slot: number; expected: DayNumber };
  expectedDay(slot: number, anchor: Anchor): DayNumber;
}

function everyNDays(frequency: Frequency, step: number, toleranceDays: number): Cadence {
  return {
    frequency,
    periodDays: step,
    toleranceDays,
    minOccurrences: 3,
    slotsPerYear: null,
    candidateAnchors: (days) =>
      [...new Set(days.map((day) => mod(day, step)))].map((phase) => ({ phase, days: [] })),
    nearest(day, anchor) {
      const slot = round((day - anchor.phase) / step);
      return { slot, expected: anchor.phase + slot * step };
    },
    expectedDay: (slot, anchor) => anchor.phase + slot * step,
  };
}

function monthDayOf(month: number, monthDay: MonthDay): DayNumber {
  return monthDay.fromEnd
    ? dayInMonth(month, daysInMonth(month) - monthDay.value)
    : dayInMonth(month, monthDay.value);
}

/** The month days a date could be the nominal date of: its own day, and end-anchored when near the end. */
function monthDaysOf(day: DayNumber): MonthDay[] {
  const fromEnd = daysFromMonthEnd(day);
  const own: MonthDay = { fromEnd: false, value: dayOfMonth(day) };
  return fromEnd <= 2 ? [own, { fromEnd: true, value: fromEnd }] : [own];
}

const monthDayKey = (monthDay: MonthDay) => `${monthDay.fromEnd ? 'e' : 'd'}${monthDay.value}`;

/** Monthly, quarterly, annual: one date every `stepMonths` months, on a month day. */
function everyNMonths(
  frequency: Frequency,
  stepMonths: number,
  toleranceDays: number,
  minOccurrences: number,
): Cadence {
  return {
    frequency,
    periodDays: stepMonths * 30.44,
    toleranceDays,
    minOccurrences,
    slotsPerYear: 12 / stepMonths,
    candidateAnchors(days) {
      const anchors = new Map<string, Anchor>();
      for (const day of days) {
        const phase = mod(monthKey(day), stepMonths);
        for (const monthDay of monthDaysOf(day))
          anchors.set(`${phase}:${monthDayKey(monthDay)}`, { phase, days: [monthDay] });
      }
      return [...anchors.values()];
    },
    nearest(day, anchor) {
      const month = monthKey(day);
      let slot = 0;
      let best = 0;
      let distance = Infinity;
      for (let candidate = month - 1; candidate <= month + 1; candidate += 1) {
        if (mod(candidate, stepMonths) !== anchor.phase) continue;
        const expected = monthDayOf(candidate, anchor.days[0]);
        if (abs(expected - day) < distance) {
          distance = abs(expected - day);
          slot = (candidate - anchor.phase) / stepMonths;
          best = expected;
        }
      }
      return { slot, expected: best };
    },
    expectedDay: (slot, anchor) => monthDayOf(slot * stepMonths + anchor.phase, anchor.days[0]),
  };
}

/** Twice a month on two month days roughly half a month apart (the 1st and 15th, the 15th and the last day). */
const semiMonthly: Cadence = {
  frequency: 'semi-monthly',
  periodDays: 15.22,
  toleranceDays: 3,
  minOccurrences: 3,
  slotsPerYear: 24,
  candidateAnchors(days) {
    const early = new Map<string, MonthDay>();
    const late = new Map<string, MonthDay>();
    for (const day of days) {
      for (const monthDay of monthDaysOf(day)) {
        if (!monthDay.fromEnd && monthDay.value <= 16) early.set(monthDayKey(monthDay), monthDay);
        if (monthDay.fromEnd || monthDay.value >= 13) late.set(monthDayKey(monthDay), monthDay);
      }
    }
    const anchors: Anchor[] = [];
    for (const first of early.values()) {
      for (const second of late.values()) {
        const secondDay = second.fromEnd ? 30 - second.value : second.value;
        const gap = secondDay - first.value;
        if (gap >= 12 && gap <= 18) anchors.push({ phase: 0, days: [first, second] });
      }
    }
    return anchors;
  },
  nearest(day, anchor) {
    const month = monthKey(day);
    let slot = 0;
    let best = 0;
    let distance = Infinity;
    for (let candidate = month - 1; candidate <= month + 1; candidate += 1) {
      for (let half = 0; half < 2; half += 1) {
        const expected = monthDayOf(candidate, anchor.days[half]);
        if (abs(expected - day) < distance) {
          distance = abs(expected - day);
          slot = candidate * 2 + half;
          best = expected;
        }
      }
    }
    return { slot, expected: best };
  },
  expectedDay: (slot, anchor) => monthDayOf(floor(slot / 2), anchor.days[mod(slot, 2)]),
};

export const CADENCES: readonly Cadence[] = [
  everyNDays('weekly', 7, 2),
  everyNDays('biweekly', 14, 3),
  semiMonthly,
  everyNMonths('monthly', 1, 3, 3),
  everyNMonths('quarterly', 3, 4, 3),
  everyNMonths('annual', 12, 5, 2),
];

function mod(value: number, divisor: number): number {
  return ((value % divisor) + divisor) % divisor;
}
