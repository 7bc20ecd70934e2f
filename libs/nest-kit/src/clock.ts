import { Global, Module, type DynamicModule } from '@nestjs/common';

/**
 * The one time source of every service (docs/conventions.md §2): injected with `@Inject(CLOCK)`, so rules about
 * expiry, age and "today" are testable with a frozen clock.
 */
export interface Clock {
  now(): Date;
  /** The calendar day of `now()` in UTC, `YYYY-MM-DD` (services run with TZ=UTC; this does not depend on it). */
  today(): string;
}

export const CLOCK = Symbol('CLOCK');

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export const systemClock: Clock = {
  now: () => new Date(),
  today: () => utcDay(new Date()),
};

/** A clock that stands still until told otherwise: tests set or advance it. */
export class SettableClock implements Clock {
  private current: Date;

  constructor(start: Date | string) {
    this.current = SettableClock.parse(start);
  }

  now(): Date {
    return new Date(this.current.getTime());
  }

  today(): string {
    return utcDay(this.current);
  }

  set(at: Date | string): void {
    this.current = SettableClock.parse(at);
  }

  advance(milliseconds: number): void {
    this.current = new Date(this.current.getTime() + milliseconds);
  }

  /** `YYYY-MM-DD` means that day at 00:00 UTC; anything else must be a full ISO time or a Date. */
  private static parse(at: Date | string): Date {
    const date = typeof at === 'string' ? new Date(at) : new Date(at.getTime());
    // A day must exist (JavaScript reads 2026-02-30 as March 2nd).
    const impossibleDay = typeof at === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(at) && utcDay(date) !== at;
    if (Number.isNaN(date.getTime()) || impossibleDay) throw new Error(`Invalid clock time: ${String(at)}`);
    return date;
  }
}

/** A clock frozen at `at` (a `YYYY-MM-DD` day or an ISO time). */
export function fixedClock(at: Date | string): SettableClock {
  return new SettableClock(at);
}

/** Provides `CLOCK` everywhere: the system clock unless a test passes its own. */
@Global()
@Module({})
export class ClockModule {
  static forRoot(clock: Clock = systemClock): DynamicModule {
    return { module: ClockModule, providers: [{ provide: CLOCK, useValue: clock }], exports: [CLOCK] };
  }
}
