// The planner's sentences, built from the plan's figures (libs/contracts/src/due-date-planner.ts), so the cards,
// the checklist and the tests say the same thing.
import { dayOfMonthName, type DueDateMoveDto, type DueDateMoveStatus, type DueDatePlanResponse, type PlannedMoveDto } from '@paycadence/contracts';

/** The day of the month of an ISO date: '2026-06-25' -> 25. */
export const dayOf = (isoDate: string) => Number(isoDate.slice(8, 10));

/** "2 days after your Teacher salary on the 25th"; null when no paycheck comes before the new day. */
export function paydayPhrase(move: Pick<PlannedMoveDto, 'payday' | 'daysAfterPayday'>): string | null {
  if (!move.payday || move.daysAfterPayday === null) return null;
  const on = `your ${move.payday.source} on the ${dayOfMonthName(dayOf(move.payday.date))}`;
  if (move.daysAfterPayday === 0) return `the day of ${on}`;
  return `${move.daysAfterPayday} ${move.daysAfterPayday === 1 ? 'day' : 'days'} after ${on}`;
}

/** "Phone: the 5th → the 27th, 2 days after your Teacher salary on the 25th" as plain text (tests, titles). */
export function moveSentence(move: PlannedMoveDto): string {
  const phrase = paydayPhrase(move);
  return `${move.billName}: the ${dayOfMonthName(move.fromDay)} → the ${dayOfMonthName(move.toDay)}${phrase ? `, ${phrase}` : ''}`;
}

export const STATUS_LABELS: Record<DueDateMoveStatus, string> = {
  planned: 'Planned',
  asked: 'Asked',
  confirmed: 'Confirmed',
  declined: 'Declined',
};

/** The steps of a move with the biller, in order (declined ends it instead of confirmed). */
export const CHECKLIST_STEPS = ['planned', 'asked', 'confirmed'] as const;

/**
 * The paycheck a saved move's new day follows, for the letter's "my paycheck arrives on the 25th": the plan's own
 * answer while it still lists the bill, else the paycheck whose day of the month comes closest before the new day.
 */
export function paydayDayFor(move: Pick<DueDateMoveDto, 'billId' | 'toDay'>, plan: DueDatePlanResponse | undefined, remembered?: PlannedMoveDto): number | null {
  const planned = plan?.moves.find((m) => m.billId === move.billId) ?? remembered;
  if (planned && planned.toDay === move.toDay) return planned.payday ? dayOf(planned.payday.date) : null;
  let best: { day: number; gap: number } | null = null;
  for (const load of plan?.before.paycheckLoads ?? []) {
    const day = dayOf(load.date);
    const gap = (move.toDay - day + 31) % 31;
    // A paycheck more than ten days before the new day is not what the day was chosen for.
    if (gap <= 10 && (best === null || gap < best.gap)) best = { day, gap };
  }
  return best?.day ?? null;
}

/** The plan's move for a bill, or the one remembered when it was accepted: its transition month is the checklist's too. */
export const plannedMoveFor = (move: Pick<DueDateMoveDto, 'billId' | 'toDay'>, plan: DueDatePlanResponse | undefined, remembered?: PlannedMoveDto) => {
  const planned = plan?.moves.find((m) => m.billId === move.billId && m.toDay === move.toDay);
  return planned ?? (remembered && remembered.toDay === move.toDay ? remembered : undefined);
};
