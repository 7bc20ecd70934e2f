import type { Membership } from '@paycadence/contracts';

interface Kept {
  version: string;
  households: Membership[];
  keptAt: number;
}

/**
 * Household's membership answers, kept per user under the membership version they were answered with
 * (membershipVersionKey in libs/contracts). An answer is reused only while Redis still holds that version, which
 * household replaces after every change of the user's households; `maxAgeMs` bounds what a lost replacement (or
 * a member's new name in auth, which household is not told of) can leave stale. Bounded: the oldest goes first.
 */
export class KeptMemberships {
  private readonly entries = new Map<string, Kept>();

  constructor(
    private readonly maxAgeMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /** The kept answer for this version, unless it is older than maxAgeMs. */
  lookup(userId: string, version: string, now: number): Membership[] | undefined {
    const kept = this.entries.get(userId);
    if (!kept || kept.version !== version || now - kept.keptAt >= this.maxAgeMs) return undefined;
    return kept.households;
  }

  keep(userId: string, version: string, households: Membership[], now: number): void {
    if (this.maxAgeMs <= 0) return;
    this.entries.delete(userId);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(userId, { version, households, keptAt: now });
  }
}
