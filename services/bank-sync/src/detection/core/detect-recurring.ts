import { clusterByAmount, hasPriceChange, isSteadyAmount } from './amount-clusters.js';
import { dayNumber, isoDate, isWeekend, shiftOffWeekend, type DayNumber } from './calendar.js';
import type { Frequency } from './cadences.js';
import { billCategoryOf, isVariableBillCategory, isWages, type DetectedBillCategory } from './categories.js';
import { bestCadenceFit, type CadenceFit } from './fit-cadence.js';
import {
  coverageOver,
  monthPayDaysOf,
  paidMonthsOf,
  payDaysOf,
  paysInSlot,
  scheduledDayOf,
  skippedPaidMonths,
  slotsPerMonth,
} from './pay-schedule.js';
import { isTransferCategory } from '../../common/transaction-kinds.js';
import { merchantKey as computeMerchantKey } from '../merchant-key.js';

/** One posted or pending bank transaction as detection reads it (Plaid's sign: positive = money out). */
export interface DetectionTransaction {
  readonly id?: string;
  readonly accountId: string;
  /** YYYY-MM-DD */
  readonly date: string;
  readonly amount: number;
  readonly name: string;
  readonly merchantName: string | null;
  /** Plaid's personal finance category [primary, detailed] or the legacy hierarchy. */
  readonly categories: readonly string[];
  readonly pending: boolean;
  /** The stored normalised merchant; computed from name and merchant name when absent. */
  readonly merchantKey?: string;
}

export type IncomeType = 'salary' | 'variable';

export interface DetectedStream {
  readonly accountId: string;
  readonly direction: 'inflow' | 'outflow';
  readonly merchantKey: string;
  readonly name: string;
  readonly kind: 'bill' | 'income';
  /** A bill's finance category (BILL_CATEGORY_VALUES), or the income's type. */
  readonly category: DetectedBillCategory | IncomeType;
  readonly frequency: Frequency;
  /** 0 to 1. */
  readonly confidence: number;
  readonly occurrences: number;
  readonly firstDate: string;
  readonly lastDate: string;
  /** The next expected date, weekend shift included: when the money or the charge should show up. */
  readonly nextDate: string;
  /**
   * The same occurrence as scheduled, before a weekend moves it (the 15th, not Friday the 13th): what an income
   * is entered with, the finance rules moving a weekend payday themselves.
   */
  readonly scheduledNextDate: string;
  /** Semi-monthly: its two days of the month, ascending (31: the month's last day); else null. */
  readonly payDays: readonly [number, number] | null;
  /**
   * Monthly or semi-monthly income with an empty season (a school year): the months with a paycheck, 1 to 12
   * ascending; null: every month (and for everything else).
   */
  readonly paidMonths: readonly number[] | null;
  /**
   * Variable income: a lean but typical paycheck (the 20th percentile of its amounts, in dollars) when it is
   * under 90% of the average; null for steady pay, for bills, and when the amounts hardly vary.
   */
  readonly lowAmount: number | null;
  /** Positive dollars. */
  readonly averageAmount: number;
  readonly lastAmount: number;
  readonly priceChanged: boolean;
  /** The transactions on schedule (ids when the input had them). */
  readonly transactionIds: readonly string[];
}

interface Row {
  readonly source: DetectionTransaction;
  readonly day: DayNumber;
  readonly amount: number;
}

/** Thresholds a series must pass to be a stream (steady amounts; variable amounts need a stricter schedule). */
const ACCEPT = {
  // Coverage above one half: a series filling every other slot has a longer period (every 4 weeks is not biweekly).
  steady: { fit: 0.75, coverage: 0.6, occurrences: 0 },
  variable: { fit: 0.85, coverage: 0.75, occurrences: 4 },
  /**
   * A series that is under half of its merchant's transactions (Prime among Amazon purchases): random
   * purchases of one amount fall on a schedule by chance a few times, so ask for more and a tighter one.
   */
  busy: { fit: 0.9, coverage: 0.8, occurrences: 6 },
} as const;
/**
 * Month-based income that skipped a whole paid month in the year before today is not reliable across the months
 * it is sent for: one skipped month keeps its confidence under 0.7 (shown as a doubt, still suggested), two or
 * more under 0.5, where it is no longer offered as monthly pay (it stays in analytics).
 */
const SKIPPED_ONE_MONTH_CAP = 0.65;
const SKIPPED_MONTHS_CAP = 0.45;
/** The lean paycheck of variable income: this percentile of its amounts, sent when under 90% of the average. */
const LOW_AMOUNT_PERCENTILE = 0.2;
const LOW_AMOUNT_MEANINGFUL = 0.9;
/** A price change is one stream if the new amount is within this of the old one (a 30% rise is not a new bill). */
const PRICE_CHANGE_LIMIT = 0.3;
const VARIABLE_BILL_FREQUENCIES = new Set<Frequency>(['monthly', 'quarterly']);
type Acceptance = (typeof ACCEPT)[keyof typeof ACCEPT];

/**
 * Finds recurring bills and income in one user's transactions, as of `today` (YYYY-MM-DD). Pure and
 * deterministic: group by account, direction and merchant; split each group by amount (price changes
 * re-joined); fit the cadences; keep series with enough on-schedule occurrences that are not stale.
 * At most one stream per (account, direction, merchant): the recurring_streams table's key.
 */
export function detectRecurringStreams(
  transactions: readonly DetectionTransaction[],
  today: string,
): DetectedStream[] {
  const todayDay = dayNumber(today);
  const groups = new Map<string, Row[]>();
  for (const source of transactions) {
    if (source.pending || !Number.isFinite(source.amount) || source.amount === 0) continue;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(source.date)) continue;
    const day = dayNumber(source.date);
    if (day > todayDay || isTransferCategory(source.categories)) continue;
    const key = source.merchantKey ?? computeMerchantKey(source.name, source.merchantName);
    const groupKey = `${source.accountId}\u0000${source.amount > 0 ? 'outflow' : 'inflow'}\u0000${key}`;
    const rows = groups.get(groupKey) ?? [];
    rows.push({ source, day, amount: Math.abs(source.amount) });
    groups.set(groupKey, rows);
  }
  const streams: DetectedStream[] = [];
  for (const [groupKey, rows] of groups) {
    const [accountId, direction, key] = groupKey.split('\u0000') as [string, 'inflow' | 'outflow', string];
    rows.sort((left, right) => left.day - right.day || left.amount - right.amount);
    const stream = detectInGroup(rows, { accountId, direction, merchantKey: key, todayDay });
    if (stream) streams.push(stream);
  }
  return streams.sort(
    (left, right) =>
      compareText(left.accountId, right.accountId) ||
      compareText(left.direction, right.direction) ||
      compareText(left.merchantKey, right.merchantKey),
  );
}

interface GroupContext {
  readonly accountId: string;
  readonly direction: 'inflow' | 'outflow';
  readonly merchantKey: string;
  readonly todayDay: DayNumber;
}

function detectInGroup(rows: readonly Row[], context: GroupContext): DetectedStream | null {
  const minimum = 2; // annual needs 2; the cadences check their own minimum
  if (rows.length < minimum) return null;
  let best: DetectedStream | null = null;
  const consider = (series: Series, variable: boolean) => {
    if (!series.fit) return;
    const busy = series.rows.length * 2 < rows.length;
    const stream = streamFromSeries(
      series,
      variable ? ACCEPT.variable : busy ? ACCEPT.busy : ACCEPT.steady,
      context,
    );
    if (stream && (!best || stream.confidence > best.confidence)) best = stream;
  };
  for (const series of steadySeries(rows)) consider(series, false);
  if (!best) {
    const latest = rows[rows.length - 1].source;
    const mayVary =
      context.direction === 'inflow'
        ? isWages(latest.categories, latest.name)
        : isVariableBillCategory(latest.categories, context.merchantKey);
    if (mayVary && rows.length >= ACCEPT.variable.occurrences)
      consider({ rows: [...rows], fit: fitOf(rows) }, true);
  }
  return best;
}

/**
 * Series whose amounts hold steady: the amount clusters, with a cluster that follows another in time at a
 * nearby amount joined to it (a price change), and, inside a cluster too spread to be one charge (an
 * 'Amazon' group with Prime among the purchases), the repeats of one exact amount.
 */
function steadySeries(rows: readonly Row[]): Series[] {
  const steady: Row[][] = [];
  for (const cluster of clusterByAmount(rows, (row) => row.amount)) {
    if (isSteadyAmount(cluster.spread)) {
      steady.push(byDay(cluster.members));
      continue;
    }
    const byCents = new Map<number, Row[]>();
    for (const row of cluster.members) {
      const cents = Math.round(row.amount * 100);
      const repeats = byCents.get(cents);
      if (repeats) repeats.push(row);
      else byCents.set(cents, [row]);
    }
    for (const repeats of byCents.values()) if (repeats.length >= 2) steady.push(byDay(repeats));
  }
  steady.sort((left, right) => left[0].day - right[0].day);
  const chains: Series[] = [];
  for (const series of steady) {
    const chain = chains.find((candidate) => joinsAsPriceChange(candidate, series));
    if (chain) {
      chain.rows.push(...series);
      chain.fit = fitOf(chain.rows);
    } else {
      chains.push({ rows: [...series], fit: fitOf(series) });
    }
  }
  return chains;
}

/** A series of one merchant's rows in date order, and the cadence it follows best (null: none). */
interface Series {
  rows: Row[];
  fit: CadenceFit | null;
}

const fitOf = (rows: readonly Row[]) =>
  rows.length >= 2 ? bestCadenceFit(rows.map((row) => row.day)) : null;

/**
 * A later series at a nearby amount continues a chain that already follows a cadence (at least two
 * occurrences at the old price) when together they follow the same cadence with more occurrences.
 */
function joinsAsPriceChange(chain: Series, next: readonly Row[]): boolean {
  if (!chain.fit) return false;
  const last = chain.rows[chain.rows.length - 1];
  if (next[0].day <= last.day) return false;
  const ratio = next[0].amount / last.amount;
  if (ratio > 1 + PRICE_CHANGE_LIMIT || ratio < 1 / (1 + PRICE_CHANGE_LIMIT)) return false;
  const joined = fitOf([...chain.rows, ...next]);
  if (!joined || joined.fit < ACCEPT.steady.fit || joined.coverage < ACCEPT.steady.coverage) return false;
  return joined.cadence === chain.fit.cadence && joined.matched.length > chain.fit.matched.length;
}

function streamFromSeries(
  { rows: series, fit }: Series,
  accept: Acceptance,
  context: GroupContext,
): DetectedStream | null {
  const variable = accept === ACCEPT.variable;
  if (!fit) return null;
  if (fit.fit < accept.fit || fit.coverage < accept.coverage || fit.matched.length < accept.occurrences)
    return null;
  // A metered bill comes monthly or quarterly; a varying amount every week is shopping (fuel, groceries).
  if (variable && context.direction === 'outflow' && !VARIABLE_BILL_FREQUENCIES.has(fit.cadence.frequency))
    return null;
  // A deposit seen twice a year apart is as likely two irregular payments (freelance) as a yearly bonus.
  if (context.direction === 'inflow' && fit.cadence.frequency === 'annual' && fit.matched.length < 3)
    return null;
  const onSchedule = fit.matched.map((entry) => series[entry.index]);
  const lastDay = onSchedule[onSchedule.length - 1].day;
  if (isStale(onSchedule, fit, context.todayDay)) return null;
  const amounts = onSchedule.map((row) => row.amount);
  const averageAmount = round2(amounts.reduce((sum, amount) => sum + amount, 0) / amounts.length);
  const latest = onSchedule[onSchedule.length - 1].source;
  const kind = context.direction === 'inflow' ? 'income' : 'bill';
  const shift = weekendShift(fit, onSchedule, context.direction);
  const monthDays = monthPayDaysOf(
    fit,
    onSchedule.map((row) => row.day),
    shift,
  );
  const payDays = fit.cadence.frequency === 'semi-monthly' ? payDaysOf(monthDays) : null;
  // Paid months and the month days are an income's schedule (the form has them for monthly and twice-a-month
  // pay); bills keep the cadence's dates and the slot-by-slot seasonal skip of nextDates.
  const perMonth = kind === 'income' ? slotsPerMonth(fit.cadence) : null;
  const paidMonths = perMonth === null ? null : paidMonthsOf(fit);
  const next = nextDates(fit, context, shift, {
    monthDays,
    paidSlot: perMonth === null ? null : (slot: number) => paysInSlot(paidMonths, perMonth, slot),
  });
  return {
    accountId: context.accountId,
    direction: context.direction,
    merchantKey: context.merchantKey,
    name: displayName(latest, context.merchantKey),
    kind,
    category:
      kind === 'income'
        ? variable
          ? 'variable'
          : 'salary'
        : billCategoryOf(latest.categories, context.merchantKey),
    frequency: fit.cadence.frequency,
    confidence:
      perMonth === null
        ? confidenceOf(fit, variable)
        : monthBasedIncomeConfidence(fit, variable, paidMonths, context.todayDay),
    occurrences: onSchedule.length,
    firstDate: isoDate(onSchedule[0].day),
    lastDate: isoDate(lastDay),
    nextDate: isoDate(next.expected),
    scheduledNextDate: isoDate(next.scheduled),
    payDays,
    paidMonths,
    lowAmount: variable && kind === 'income' ? lowAmountOf(amounts, averageAmount) : null,
    averageAmount,
    lastAmount: round2(amounts[amounts.length - 1]),
    priceChanged: !variable && hasPriceChange(amounts),
    transactionIds: onSchedule.flatMap((row) => (row.source.id === undefined ? [] : [row.source.id])),
  };
}

/**
 * Stale: the last occurrence is more than one and a half cadences ago, or longer ago than the longest break
 * the stream already had (a teacher's summer without pay is not the end of the salary).
 */
function isStale(onSchedule: readonly Row[], fit: CadenceFit, todayDay: DayNumber): boolean {
  let longestGap = 0;
  for (let index = 1; index < onSchedule.length; index += 1) {
    longestGap = Math.max(longestGap, onSchedule[index].day - onSchedule[index - 1].day);
  }
  const allowed = Math.max(1.5 * fit.cadence.periodDays, longestGap) + fit.cadence.toleranceDays;
  return todayDay - onSchedule[onSchedule.length - 1].day > allowed;
}

/**
 * The first slot after the last occurrence that is not in the past, skipping a slot that was part of an empty
 * season a year before (a seasonal gap repeats). `scheduled` is that slot's own day (on the stream's month
 * days when it has them), `expected` the same moved off the weekend the way this stream moves (`shift`, learnt
 * from its history). Month-based income (`schedule.paidSlot`) skips the months outside its paid months instead
 * (within a year the same months, so the date sent always lies in a paid month) and is expected on its
 * scheduled day moved; everything else on the cadence's day moved, as before.
 */
function nextDates(
  fit: CadenceFit,
  context: GroupContext,
  shift: 1 | -1 | 0,
  schedule: { monthDays: readonly number[] | null; paidSlot: ((slot: number) => boolean) | null },
): { expected: DayNumber; scheduled: DayNumber } {
  const { cadence, anchor, matched } = fit;
  const { monthDays, paidSlot } = schedule;
  const filled = new Set(matched.map((entry) => entry.slot));
  const firstSlot = matched[0].slot;
  const perYear = cadence.slotsPerYear !== null && cadence.slotsPerYear >= 4 ? cadence.slotsPerYear : null;
  // A season is two or more empty slots in a row (a teacher's July and August); one missing payment is not.
  const emptySeason = (slot: number) =>
    slot >= firstSlot && !filled.has(slot) && (!filled.has(slot - 1) || !filled.has(slot + 1));
  const seasonalGap = (slot: number) => {
    if (perYear === null) return false;
    const yearBefore = slot - perYear;
    if (!emptySeason(yearBefore)) return false;
    return yearBefore - perYear < firstSlot || !filled.has(yearBefore - perYear);
  };
  const scheduledOf = (slot: number) => scheduledDayOf(cadence, anchor, monthDays, slot);
  const dateOf = (slot: number) => {
    const nominal = paidSlot === null ? cadence.expectedDay(slot, anchor) : scheduledOf(slot);
    return shift === 0 ? nominal : shiftOffWeekend(nominal, shift);
  };
  const skipped = paidSlot === null ? seasonalGap : (slot: number) => !paidSlot(slot);
  let slot = matched[matched.length - 1].slot + 1;
  for (let guard = 0; guard < 400; guard += 1) {
    if (!skipped(slot) && dateOf(slot) >= context.todayDay - cadence.toleranceDays) break;
    slot += 1;
  }
  return { expected: dateOf(slot), scheduled: scheduledOf(slot) };
}

/** +1 (to Monday), −1 (to Friday) or 0, as the history shows; by default bills move later and pay earlier. */
function weekendShift(
  fit: CadenceFit,
  onSchedule: readonly Row[],
  direction: 'inflow' | 'outflow',
): 1 | -1 | 0 {
  const votes = { later: 0, earlier: 0, none: 0 };
  fit.matched.forEach((entry, index) => {
    if (!isWeekend(entry.expected)) return;
    const actual = onSchedule[index].day;
    if (actual > entry.expected) votes.later += 1;
    else if (actual < entry.expected) votes.earlier += 1;
    else votes.none += 1;
  });
  const total = votes.later + votes.earlier + votes.none;
  if (total === 0) {
    if (onSchedule.some((row) => isWeekend(row.day))) return 0;
    return direction === 'outflow' ? 1 : -1;
  }
  if (votes.none >= votes.later && votes.none >= votes.earlier) return 0;
  return votes.later >= votes.earlier ? 1 : -1;
}

/**
 * 0 to 1: more occurrences than the minimum, a larger share of the dates on schedule, fewer gaps, smaller
 * shifts and a steady amount all raise it. Three monthly occurrences land near 0.7, two years of them near 0.95.
 */
function confidenceOf(fit: CadenceFit, variable: boolean, coverage = fit.coverage): number {
  const extra = fit.matched.length - fit.cadence.minOccurrences;
  const occurrences = 1 - 0.5 ** (extra + 1);
  const shifts = 1 - (0.25 * fit.meanResidual) / fit.cadence.toleranceDays;
  const amount = variable ? 0.85 : 1;
  const value = Math.sqrt(occurrences) * fit.fit * Math.sqrt(coverage) * shifts * amount;
  return Math.round(Math.min(1, Math.max(0, value)) * 1000) / 1000;
}

/**
 * Monthly and twice-a-month income, scored against the schedule sent: coverage counts only the paid months (a
 * school year's summer is expected and costs nothing), and a paid month skipped in the year before today caps
 * it (one: under 0.7; two or more: under the 0.5 at which suggestions are made).
 */
function monthBasedIncomeConfidence(
  fit: CadenceFit,
  variable: boolean,
  paidMonths: readonly number[] | null,
  todayDay: DayNumber,
): number {
  const value = confidenceOf(fit, variable, coverageOver(fit, paidMonths));
  const skipped = skippedPaidMonths(fit, paidMonths, todayDay);
  if (skipped >= 2) return Math.min(value, SKIPPED_MONTHS_CAP);
  if (skipped === 1) return Math.min(value, SKIPPED_ONE_MONTH_CAP);
  return value;
}

/**
 * A lean but typical paycheck of variable pay: the 20th percentile of its amounts (between the two nearest,
 * rounded to cents), when it is meaningfully under the average; null when the pay hardly varies.
 */
function lowAmountOf(amounts: readonly number[], average: number): number | null {
  const sorted = [...amounts].sort((left, right) => left - right);
  const position = (sorted.length - 1) * LOW_AMOUNT_PERCENTILE;
  const below = Math.floor(position);
  const above = Math.min(sorted.length - 1, below + 1);
  const low = round2(sorted[below] + (sorted[above] - sorted[below]) * (position - below));
  return low > 0 && low < average * LOW_AMOUNT_MEANINGFUL ? low : null;
}

function displayName(latest: DetectionTransaction, key: string): string {
  if (latest.merchantName && latest.merchantName.trim()) return latest.merchantName.trim().slice(0, 100);
  const words = key.split(' ').filter((word) => word.length > 0);
  return (
    words
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ')
      .slice(0, 100) || 'Recurring payment'
  );
}

const byDay = (rows: readonly Row[]) => [...rows].sort((left, right) => left.day - right.day);
const round2 = (value: number) => Math.round(value * 100) / 100;
const compareText = (left: string, right: string) => (left < right ? -1 : left > right ? 1 : 0);
