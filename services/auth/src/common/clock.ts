/** The time source; injected so rules about expiry and age are testable with a frozen clock. */
export interface Clock {
  now(): Date;
}
export const CLOCK = Symbol('CLOCK');
export const systemClock: Clock = { now: () => new Date() };
