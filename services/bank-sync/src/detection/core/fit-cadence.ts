import type { DayNumber } from './calendar.js';
import { CADENCES, type Anchor, type Cadence } from './cadences.js';

// Local bindings: global lookups are slow inside Jest's VM context, and these run per date and schedule.
const { abs } = Math;

/** How well one series of dates follows one cadence. */
export interface CadenceFit {
  readonly cadence: Cadence;
  readonly anchor: Anchor;
  /** Index (into the dates) of the date filling each slot, in slot order. */
  readonly matched: readonly { slot: number; index: number; expected: DayNumber; residual: number }[];
  /** Share of the dates that fill a slot (a second date in a slot or one off-schedule does not). */
  readonly fit: number;
  /** Filled slots over the slots from the first to the last filled one (gaps lower it). */
  readonly coverage: number;
  readonly meanResidual: number;
}

/** The anchor of `cadence` that lets the most dates fill slots (then the smallest total shift). */
export function fitCadence(days: readonly DayNumber[], cadence: Cadence): CadenceFit | null {
  let best: CadenceFit | null = null;
  let bestResidual = Number.POSITIVE_INFINITY;
  for (const anchor of cadence.candidateAnchors(days)) {
    const bySlot = new Map<number, { slot: number; index: number; expected: DayNumber; residual: number }>();
    days.forEach((day, index) => {
      const { slot, expected } = cadence.nearest(day, anchor);
      const residual = abs(day - expected);
      if (residual > cadence.toleranceDays) return;
      const taken = bySlot.get(slot);
      if (!taken || residual < taken.residual) bySlot.set(slot, { slot, index, expected, residual });
    });
    if (bySlot.size === 0) continue;
    const residualSum = [...bySlot.values()].reduce((sum, entry) => sum + entry.residual, 0);
    if (
      best &&
      (bySlot.size < best.matched.length ||
        (bySlot.size === best.matched.length && residualSum >= bestResidual))
    )
      continue;
    const matched = [...bySlot.values()].sort((left, right) => left.slot - right.slot);
    const span = matched[matched.length - 1].slot - matched[0].slot + 1;
    best = {
      cadence,
      anchor,
      matched,
      fit: matched.length / days.length,
      coverage: matched.length / span,
      meanResidual: residualSum / matched.length,
    };
    bestResidual = residualSum;
  }
  return best;
}

/**
 * The cadence the dates follow best: most dates on schedule with the fewest gaps (fit × coverage), so a
 * biweekly series is not 'weekly with every other week missing' and a monthly one not 'semi-monthly'.
 * Ties go to the smaller shifts, then to the longer period.
 */
export function bestCadenceFit(days: readonly DayNumber[]): CadenceFit | null {
  let best: CadenceFit | null = null;
  for (const cadence of CADENCES) {
    const candidate = fitCadence(days, cadence);
    if (!candidate || candidate.matched.length < cadence.minOccurrences) continue;
    if (!best || compareFits(candidate, best) < 0) best = candidate;
  }
  return best;
}

function compareFits(left: CadenceFit, right: CadenceFit): number {
  const score = (fit: CadenceFit) => fit.fit * fit.coverage;
  const difference = score(right) - score(left);
  if (abs(difference) > 1e-9) return difference;
  if (left.meanResidual !== right.meanResidual) return left.meanResidual - right.meanResidual;
  return right.cadence.periodDays - left.cadence.periodDays;
}
