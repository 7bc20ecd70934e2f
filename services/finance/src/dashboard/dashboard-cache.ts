/**
 * The serialized dashboard per user, valid for one (data version, today, window). A miss costs three queries,
 * the rules (under a millisecond for a hundred bills) and JSON.stringify, while users reload far more often
 * than they edit.
 * Concurrent misses for the same key share one computation. Bounded: the oldest entry goes first.
 */
export class DashboardCache<Body = string> {
  private readonly entries = new Map<string, { key: string; body: Body }>();
  private readonly inFlight = new Map<string, Promise<Body>>();

  constructor(private readonly maxEntries = 2000) {}

  async get(userId: string, key: string, compute: () => Promise<Body>): Promise<Body> {
    const cached = this.entries.get(userId);
    if (cached?.key === key) return cached.body;
    const flightKey = `${userId}\u0000${key}`;
    const pending = this.inFlight.get(flightKey);
    if (pending) return pending;
    const promise = compute()
      .then((body) => {
        this.entries.delete(userId);
        if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
        this.entries.set(userId, { key, body });
        return body;
      })
      .finally(() => this.inFlight.delete(flightKey));
    this.inFlight.set(flightKey, promise);
    return promise;
  }
}
