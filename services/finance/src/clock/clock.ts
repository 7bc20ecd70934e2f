import type { IsoDate } from '@payday/finance-rules';

/** Today's date for the rules (CONVENTIONS §2: the clock is injected so tests can freeze it). */
export interface Clock {
  today(): IsoDate;
}

export const CLOCK = Symbol('CLOCK');

/** The server's calendar day in UTC (the service runs with TZ=UTC; this does not depend on it). */
export const systemClock: Clock = { today: () => new Date().toISOString().slice(0, 10) };

export function fixedClock(today: IsoDate): Clock {
  return { today: () => today };
}
